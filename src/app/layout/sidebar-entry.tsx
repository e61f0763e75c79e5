import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { useId } from 'react';
import { NavLink } from 'react-router-dom';
import { appIcons } from '../icons';
import type { MenuEntry } from '../paths';
import { sidebarColors } from '../theme';

type Props = { entry: MenuEntry; folded: boolean; onNavigate?: (() => void) | undefined };

const itemSx = {
  minHeight: 32,
  px: 2,
  py: 0.25,
  color: sidebarColors.text,
  borderLeft: '3px solid transparent',
  '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 34 },
  '&:hover': { backgroundColor: sidebarColors.hover },
  // NavLink adds 'active' (and aria-current="page") to the entry of the current route.
  '&.active': { backgroundColor: sidebarColors.active, borderLeftColor: sidebarColors.accent, color: '#fff' },
} as const;

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** One menu entry: a real link (NavLink), or a greyed, unfocusable placeholder when disabled. */
export function SidebarEntry({ entry, folded, onNavigate }: Props) {
  const Icon = appIcons[entry.icon];
  const noteId = useId();
  const foldedSx = folded ? { justifyContent: 'center', px: 0, '& .MuiListItemIcon-root': { minWidth: 0 } } : {};
  const label = folded ? null : (
    <ListItemText primary={entry.label} slotProps={{ primary: { noWrap: true, sx: { fontSize: '0.8125rem' } } }} />
  );

  const item =
    entry.disabled || !entry.path ? (
      // role="link" keeps it with its siblings for assistive tech; aria-disabled says why nothing happens.
      <Box
        role="link"
        aria-disabled="true"
        aria-label={entry.label}
        aria-describedby={entry.note ? noteId : undefined}
        sx={{
          ...itemSx,
          ...foldedSx,
          display: 'flex',
          alignItems: 'center',
          color: sidebarColors.muted,
          cursor: 'not-allowed',
          '&:hover': {},
        }}
      >
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        {label}
        {entry.note && (
          // Kept in the DOM when folded (visually hidden) so aria-describedby still resolves.
          <Box
            component="span"
            id={noteId}
            sx={
              folded ? visuallyHidden : { ml: 1, fontSize: '0.65rem', textTransform: 'uppercase', whiteSpace: 'nowrap' }
            }
          >
            {entry.note}
          </Box>
        )}
      </Box>
    ) : (
      <ListItemButton
        component={NavLink}
        to={entry.path}
        onClick={onNavigate}
        aria-label={folded ? entry.label : undefined}
        sx={{ ...itemSx, ...foldedSx }}
      >
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        {label}
      </ListItemButton>
    );

  // Folded (icon rail): the label moves into a tooltip; the link keeps it as its accessible name.
  if (!folded) return <li>{item}</li>;
  return (
    <li>
      <Tooltip title={entry.note ? `${entry.label} (${entry.note})` : entry.label} placement="right" describeChild>
        {item}
      </Tooltip>
    </li>
  );
}
