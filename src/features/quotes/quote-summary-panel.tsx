import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useApi } from '../../app/api/api-client';
import type { QuoteSummary } from '../../lib/quotes';
import { groupDecimal } from '../../schemas/display-format';
import { apiRoutes } from '../../lib/api-routes';

const money = (value: string, currency: string | null) => `${currency ?? ''} ${groupDecimal(value, 2)}`.trim();

/**
 * A quote's figures, from the server (GET /api/quotes/:id/summary): its totals in its currency and in the
 * base currency (the sums of the BASE lines' rounded figures), its options and alternatives apart, how many
 * base lines are quoted and the longest lead time, the rate applied and where it came from, and
 * whether the quote has expired. Read again after every save of the header or a line (`version`).
 */
export function QuoteSummaryPanel({ quoteId, version }: { quoteId: number; version: number }) {
  const { data, error } = useApi<QuoteSummary>(apiRoutes.quoteSummary(quoteId), {
    cacheScope: `v${version}`,
    revalidateOnFocus: false,
  });
  if (error) return <Alert severity="error">The quote's totals could not be read: {error.message}</Alert>;
  if (!data) return <Alert severity="info">Reading the totals…</Alert>;
  const overridden = data.rate_override !== null;
  return (
    <Box
      role="region"
      aria-label="Quote totals"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'background.paper' }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          Totals
        </Typography>
        {data.expired && <Chip size="small" color="warning" label={`Expired ${data.valid_until ?? ''}`} />}
      </Box>
      <Figure label={`Total (${data.currency ?? '?'})`} value={money(data.total, data.currency)} />
      <Figure
        label={`Total in base currency (${data.base_currency ?? '?'})`}
        value={money(data.base_total, data.base_currency)}
        strong
      />
      <Typography variant="body2" color="text.secondary" data-testid="lines-quoted">
        Base lines only: {data.lines_quoted} of {data.base_lines} quoted
        {data.lead_time_weeks !== null ? `, lead time up to ${data.lead_time_weeks} weeks` : ''}
      </Typography>
      {/* Options and alternatives are priced, but are not part of the offer's total (field guide §19). */}
      <Typography variant="caption" color="text.secondary" component="div">
        Options and alternatives, outside the totals:
      </Typography>
      <Figure
        label={`Options priced extra (${data.currency ?? '?'})`}
        value={money(data.options_total, data.currency)}
      />
      <Figure
        label={`Alternatives offered (${data.currency ?? '?'})`}
        value={money(data.alternatives_total, data.currency)}
      />
      <Divider sx={{ my: 1.5 }} />
      <Figure
        label="Rate applied"
        value={
          data.rate_applied === null
            ? 'none'
            : `1 ${data.currency ?? ''} = ${data.rate_applied} ${data.base_currency ?? ''}`
        }
      />
      <Typography variant="body2" color="text.secondary" data-testid="rate-source">
        {overridden
          ? `Override: ${data.rate_override_reason ?? ''} (the rates table gave ${data.rate_to_base ?? 'none'})`
          : data.rate_table_date
            ? `From the currency rates of ${data.rate_table_date}, frozen on the quote`
            : 'No rate from the table yet'}
      </Typography>
    </Box>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="body2"
        data-testid="figure"
        sx={{ fontWeight: strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
    </Box>
  );
}
