import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { appIcons, brandIcon } from '../icons';
import { menuSections, paths, type MenuSection } from '../paths';
import { SIDEBAR_RAIL_WIDTH, SIDEBAR_WIDTH, sidebarColors } from '../theme';
import { SidebarEntry } from './sidebar-entry';

type Props = {
  /** Icon rail (spec §9: between 992 and 1199 px, or when the user folds it). */
  folded: boolean;
  /** Called after an entry is followed; the mobile drawer closes itself with it. */
  onNavigate?: () => void;
};

/** The workbench menu, built entirely from `menuSections` in paths.ts. */
export function Sidebar({ folded, onNavigate }: Props) {
  const BrandIcon = appIcons[brandIcon];
  return (
    <Box
      component="nav"
      aria-label="Sidebar"
      sx={{
        width: folded ? SIDEBAR_RAIL_WIDTH : SIDEBAR_WIDTH,
        flexShrink: 0,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        backgroundColor: sidebarColors.background,
        color: sidebarColors.text,
        transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        overflowX: 'hidden',
      }}
    >
      <Box
        component={RouterLink}
        to={paths.dashboard}
        onClick={onNavigate}
        aria-label="Tagbase home"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: folded ? 'center' : 'flex-start',
          gap: 1.25,
          px: folded ? 0 : 2.25,
          minHeight: 48,
          color: '#fff',
          textDecoration: 'none',
          borderBottom: '1px solid rgba(255, 255, 255, 0.08)',
        }}
      >
        <BrandIcon sx={{ color: sidebarColors.accent }} />
        {!folded && (
          <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.05rem', letterSpacing: 0.3 }}>
            Tagbase
          </Typography>
        )}
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 1 }}>
        {menuSections.map((section, index) => (
          <SidebarSection
            key={section.id}
            section={section}
            folded={folded}
            first={index === 0}
            onNavigate={onNavigate}
          />
        ))}
      </Box>
    </Box>
  );
}

function SidebarSection({
  section,
  folded,
  first,
  onNavigate,
}: {
  section: MenuSection;
  folded: boolean;
  first: boolean;
  onNavigate?: (() => void) | undefined;
}) {
  const headingId = `sidebar-section-${section.id}`;
  return (
    <List
      disablePadding
      aria-labelledby={headingId}
      subheader={
        folded ? (
          // The rail has no room for headings: a rule separates the groups, the heading stays for screen readers.
          <Box id={headingId} component="li" aria-disabled={section.disabled || undefined} sx={{ listStyle: 'none' }}>
            {!first && <Divider sx={{ borderColor: 'rgba(255, 255, 255, 0.1)', my: 0.75, mx: 1.5 }} />}
            <Box
              component="span"
              sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            >
              {section.title}
            </Box>
          </Box>
        ) : (
          <ListSubheader
            id={headingId}
            disableSticky
            aria-disabled={section.disabled || undefined}
            sx={{
              backgroundColor: 'transparent',
              color: section.disabled ? sidebarColors.muted : sidebarColors.header,
              fontSize: '0.68rem',
              fontWeight: 600,
              letterSpacing: 0.8,
              textTransform: 'uppercase',
              lineHeight: '26px',
              mt: first ? 0 : 0.75,
              px: 2.5,
            }}
          >
            {section.title}
          </ListSubheader>
        )
      }
    >
      {section.entries.map((entry) => (
        <SidebarEntry key={entry.label} entry={entry} folded={folded} onNavigate={onNavigate} />
      ))}
    </List>
  );
}
