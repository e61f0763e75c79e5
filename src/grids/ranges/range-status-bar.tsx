import { Box, Button, Typography } from '@mui/material';
import type { RangeStats } from './cell-range';

const figure = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 4 });

/**
 * Excel's status bar for a selection of two cells or more: how many cells hold a value, and the sum and the
 * average of the numbers among them (shown only when there are numbers). Plus the copy with headers, which a
 * key alone cannot always give (some browsers keep Ctrl+Shift+C for their developer tools).
 */
export function RangeStatusBar({
  stats,
  onCopyWithHeaders,
}: {
  stats: RangeStats | null;
  onCopyWithHeaders: () => void;
}) {
  if (!stats) return null;
  return (
    <Box
      role="status"
      aria-label="Selection summary"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 1,
        py: 0.25,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'grey.50',
        fontSize: 12,
      }}
    >
      <Typography variant="caption">Cells: {figure(stats.cells)}</Typography>
      <Typography variant="caption">Count: {figure(stats.count)}</Typography>
      {stats.numbers > 0 && <Typography variant="caption">Sum: {figure(stats.sum)}</Typography>}
      {stats.average !== null && <Typography variant="caption">Average: {figure(stats.average)}</Typography>}
      <Button size="small" sx={{ ml: 'auto', py: 0 }} onClick={onCopyWithHeaders}>
        Copy with headers
      </Button>
    </Box>
  );
}
