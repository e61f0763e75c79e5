import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { usePageTitleOverride } from './page-title';

type Props = {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  /** Buttons on the right of the title row. */
  actions?: ReactNode;
};

/** The one h1 of a workbench page; it also names the browser tab so history entries are told apart. */
export function PageHeader({ title: ownTitle, subtitle, icon, actions }: Props) {
  const title = usePageTitleOverride() ?? ownTitle;
  useEffect(() => {
    document.title = `${title} · Tagbase`;
  }, [title]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
      {icon && <Box sx={{ display: 'flex', color: 'primary.main' }}>{icon}</Box>}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h1">{title}</Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions}
    </Box>
  );
}
