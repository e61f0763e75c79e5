import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { MatchSpan, SearchGroup, SearchHit } from '../../lib/global-search';

/** One hit with where it belongs: the flat order ArrowUp/ArrowDown walk through. */
export type PlacedHit = { group: SearchGroup; hit: SearchHit; index: number };

export function placeHits(groups: readonly SearchGroup[]): PlacedHit[] {
  const placed: PlacedHit[] = [];
  for (const group of groups) for (const hit of group.hits) placed.push({ group, hit, index: placed.length });
  return placed;
}

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

type Props = {
  listId: string;
  groups: readonly SearchGroup[];
  activeIndex: number;
  loading: boolean;
  /** Why there are no results: the term too short, an error, or nothing found. */
  message: string | null;
  onOpen: (placed: PlacedHit) => void;
  onHover: (index: number) => void;
};

/**
 * The navbar search's results: groups by kind, each hit its title and subtitle with the term's words marked,
 * and the project it belongs to. The input keeps the focus (aria-activedescendant names the active option).
 */
export function SearchResults({ listId, groups, activeIndex, loading, message, onOpen, onHover }: Props) {
  const placed = placeHits(groups);
  return (
    <Paper
      elevation={8}
      sx={{ width: 'min(560px, calc(100vw - 16px))', maxHeight: 'min(70vh, 640px)', overflowY: 'auto' }}
    >
      {loading && placed.length === 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5 }}>
          <CircularProgress size={16} />
          <Typography variant="body2">Searching…</Typography>
        </Box>
      )}
      {message && placed.length === 0 && !loading && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }} role="status">
          {message}
        </Typography>
      )}
      {placed.length > 0 && (
        <List id={listId} role="listbox" aria-label="Search results" dense disablePadding>
          {groups.map((group) => (
            <Box key={group.kind} role="group" aria-label={group.label} component="li" sx={{ listStyle: 'none' }}>
              <ListSubheader component="div" sx={{ lineHeight: '28px', fontWeight: 600 }} aria-hidden>
                {group.label}
              </ListSubheader>
              <Box component="ul" sx={{ p: 0, m: 0 }}>
                {placed
                  .filter((p) => p.group === group)
                  .map((p) => (
                    <ListItemButton
                      key={`${group.kind}-${p.hit.list ?? ''}-${p.hit.id}`}
                      component="li"
                      id={optionId(listId, p.index)}
                      role="option"
                      aria-selected={p.index === activeIndex}
                      selected={p.index === activeIndex}
                      // mousedown, not click: the input must not lose focus (and close the list) first.
                      onMouseDown={(event) => {
                        event.preventDefault();
                        onOpen(p);
                      }}
                      onMouseMove={() => p.index !== activeIndex && onHover(p.index)}
                      sx={{ display: 'block', py: 0.5 }}
                    >
                      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                        <Marked text={p.hit.title} spans={p.hit.highlight.title} />
                        {p.hit.project_name && (
                          <Typography
                            component="span"
                            variant="caption"
                            color="text.secondary"
                            sx={{ ml: 1, fontWeight: 400 }}
                          >
                            {p.hit.project_name}
                          </Typography>
                        )}
                      </Typography>
                      {p.hit.subtitle && (
                        <Typography variant="caption" color="text.secondary" component="div" noWrap>
                          <Marked text={p.hit.subtitle} spans={p.hit.highlight.subtitle} />
                        </Typography>
                      )}
                    </ListItemButton>
                  ))}
              </Box>
            </Box>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** The text with each span in a <mark>. */
function Marked({ text, spans }: { text: string; spans: readonly MatchSpan[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [from, to] of spans) {
    if (from > at) parts.push(text.slice(at, from));
    parts.push(
      <Box
        component="mark"
        key={from}
        sx={{ backgroundColor: 'warning.light', color: 'inherit', borderRadius: 0.5, px: 0.25 }}
      >
        {text.slice(from, to)}
      </Box>,
    );
    at = to;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
