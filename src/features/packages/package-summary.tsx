import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useApi } from '../../app/api/api-client';
import type { BidderCompleteness, PackageFigures } from '../../lib/packages';
import { BIDDER_STATUSES, PACKAGE_STATUSES } from '../../schemas/entities/packages';
import { groupDecimal } from '../../schemas/display-format';
import { apiRoutes } from '../../lib/api-routes';

const statusLabel = (value: string) => PACKAGE_STATUSES.find((s) => s.value === value)?.label ?? value;
const bidderLabel = (value: string) => BIDDER_STATUSES.find((s) => s.value === value)?.label ?? value;
export const amountText = (value: string | null | undefined, currency: string | null | undefined) =>
  value === null || value === undefined ? '—' : `${currency ? `${currency} ` : ''}${groupDecimal(value, 2)}`;

/** "3 of 4 items" */
export function completenessText(row: Pick<BidderCompleteness, 'items_quoted' | 'items_in_scope'>): string {
  return `${row.items_quoted} of ${row.items_in_scope} ${row.items_in_scope === 1 ? 'item' : 'items'}`;
}

/**
 * A bidder's lowest total over the package, only from a quote that prices every item by itself: a one-line
 * or off-scope quote has no total over the package (never a "lowest", never 0).
 */
export function bidderTotalText(
  row: Pick<BidderCompleteness, 'complete' | 'lowest_base_total' | 'base_currency' | 'quotes' | 'items_in_scope'>,
): string {
  if (row.complete && row.lowest_base_total !== null)
    return `, lowest ${amountText(row.lowest_base_total, row.base_currency)}`;
  if (row.quotes === 0 || row.items_in_scope === 0) return '';
  return ', incomplete: no total over the package';
}

/**
 * Beside the package's header (GET /api/package/:id/figures, read again after every save): its status and
 * the moves the workflow allows next, budget, award, and each bidder's bid completeness (items of the scope
 * its valid quotes price) with its lowest complete quote in the base currency.
 */
export function PackageSummary({ packageId, version }: { packageId: number; version: number }) {
  const { data, error } = useApi<PackageFigures>(apiRoutes.packageFigures(packageId), {
    cacheScope: `v${version}`,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  if (!data) {
    if (error) return <Alert severity="warning">The package's figures could not be loaded ({error.message}).</Alert>;
    return <Skeleton variant="rounded" height={240} aria-label="Loading the package's figures" />;
  }
  const next = data.next_moves.map(statusLabel);
  return (
    <Box
      component="section"
      aria-label="Package summary"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 2,
        bgcolor: 'background.paper',
        display: 'grid',
        gap: 1,
      }}
    >
      <Line
        label="Status"
        value={statusLabel(data.status)}
        detail={next.length === 0 ? 'Final: no further moves' : `Next: ${next.join(' or ')}`}
      />
      <Line label="Budget" value={amountText(data.budget, data.budget_currency)} />
      <Line
        label="Award"
        value={data.award_supplier ? amountText(data.award_amount, data.award_currency) : 'Not awarded'}
        detail={
          data.award_supplier
            ? `${data.award_supplier}, ${data.award_date ?? ''}${data.po_number ? `, PO ${data.po_number}` : ''}`
            : undefined
        }
      />
      <Typography variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        Bid completeness
      </Typography>
      {data.bidders.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No bidders yet: add them on the Bidders tab.
        </Typography>
      )}
      <Box role="list" aria-label="Bid completeness" sx={{ display: 'grid', gap: 1 }}>
        {data.bidders.map((bidder) => (
          <Box key={bidder.bidder_id} role="listitem" aria-label={bidder.supplier}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Typography variant="body2" sx={{ flex: 1, fontWeight: 500 }}>
                {bidder.supplier}
              </Typography>
              <Chip size="small" label={bidderLabel(bidder.status)} variant="outlined" />
            </Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <LinearProgress
                variant="determinate"
                value={bidder.percent ?? 0}
                sx={{ flex: 1, height: 6, borderRadius: 3 }}
                aria-hidden
              />
              <Typography
                variant="body2"
                data-testid="completeness"
                sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
              >
                {completenessText(bidder)}
                {bidder.percent === null ? '' : ` (${bidder.percent} %)`}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary">
              {bidder.quotes === 0
                ? 'No quote'
                : `${bidder.quotes} ${bidder.quotes === 1 ? 'quote' : 'quotes'}${bidder.expired_quotes > 0 ? ` (${bidder.expired_quotes} expired)` : ''}`}
              {bidderTotalText(bidder)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Line({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Box role="group" aria-label={label}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography
          variant="body2"
          data-testid="figure"
          sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}
        >
          {value}
        </Typography>
      </Box>
      {detail && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ textAlign: 'right' }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}
