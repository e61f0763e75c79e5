import { Avatar, AvatarGroup, Tooltip } from '@mui/material';
import type { LiveViewer } from '../../app/live-changes';
import { initialsOf, presenceColour } from './presence-style';

/**
 * Who else has this list open (one avatar per user, however many tabs), in the grid's toolbar: their
 * initials in their colour, their name and the row they are on in the tooltip.
 */
export function PresenceAvatars({ viewers, rowLabel }: { viewers: LiveViewer[]; rowLabel: (row: number) => string }) {
  const byUser = new Map<string, LiveViewer>();
  for (const viewer of viewers) if (!byUser.has(viewer.sub) || viewer.row !== null) byUser.set(viewer.sub, viewer);
  if (byUser.size === 0) return null;
  return (
    <AvatarGroup
      max={5}
      role="group"
      aria-label="Also on this list"
      sx={{ '& .MuiAvatar-root': { width: 26, height: 26, fontSize: 11, fontWeight: 600 } }}
    >
      {[...byUser.values()].map((viewer) => {
        const where = viewer.row === null ? 'viewing the list' : `on ${rowLabel(viewer.row)}`;
        return (
          <Tooltip key={viewer.sub} title={`${viewer.name}: ${where}`}>
            <Avatar role="img" aria-label={`${viewer.name}: ${where}`} sx={{ bgcolor: presenceColour(viewer.sub) }}>
              {initialsOf(viewer.name)}
            </Avatar>
          </Tooltip>
        );
      })}
    </AvatarGroup>
  );
}
