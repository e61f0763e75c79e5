import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../app/layout/page-header';
import { appIcons, type AppIconName } from '../../app/icons';
import { paths } from '../../app/paths';

type Props = { title: string; icon?: AppIconName };

/**
 * Placeholder for a module that has a route and a menu entry but no screen yet. It says so plainly
 * rather than showing sample figures, so nobody mistakes it for data.
 */
export function NotBuiltPage({ title, icon }: Props) {
  const Icon = icon ? appIcons[icon] : null;
  return (
    <>
      <PageHeader title={title} icon={Icon ? <Icon /> : undefined} />
      <Paper variant="outlined" sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'flex-start', maxWidth: 720 }}>
        <ConstructionOutlined sx={{ color: 'secondary.dark', fontSize: 32 }} />
        <Box>
          <Typography sx={{ fontWeight: 600, mb: 0.5 }}>Not built yet</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            This module is not built yet. It will arrive in a later release of Tagbase.
          </Typography>
          <Button component={RouterLink} to={paths.dashboard} variant="outlined">
            Back to the dashboard
          </Button>
        </Box>
      </Paper>
    </>
  );
}
