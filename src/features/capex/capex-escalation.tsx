import Typography from '@mui/material/Typography';
import type { CapexTag, Escalation } from '../../lib/capex';
import { groupDecimal } from '../../schemas/display-format';

const amount = (value: string | null) => (value === null ? '—' : groupDecimal(value, 2));
const month = (date: string | null) => (date === null ? '—' : date.slice(0, 7));
const index = (value: string | null, at: string | null) =>
  value === null ? 'no value' : `${groupDecimal(value.replace(/\.?0+$/, ''), 0)} (${month(at)})`;

/** One escalated price in words: date, series, the two indices, the factor, the rate and the result. */
export function escalationWords(e: Escalation, base: string): string {
  const rate =
    e.rate === null
      ? 'no rate'
      : e.currency === base || e.currency === null
        ? 'rate 1'
        : `at ${e.rate} ${base}/${e.currency}${e.rate_dates ? ` (${e.rate_dates})` : ''}`;
  return `${e.of}, of ${e.price_date ?? '—'}: ${e.series} index ${index(e.price_index, e.price_index_month)} → ${index(e.est_index, e.est_index_month)}, factor ${e.factor}; ${e.currency ?? base} ${amount(e.amount)} x ${e.factor} ${rate} = ${amount(e.escalated)}`;
}

/**
 * How a tag's price was escalated to the estimate date (issue #29 item 8): each price behind it (its own, a
 * firm quote line, a median's middle lines) with its date, the series' index at its month and at the
 * estimate month, the factor, the rate and the escalated base amount; a note when a month had no value.
 */
export function EscalationCell({ tag, currency }: { tag: CapexTag; currency: string }) {
  if (tag.escalation.length === 0) {
    return (
      <Typography variant="caption" color="text.secondary">
        {tag.step === 'category' ? 'each line of the estimate escalated from its quote date' : '—'}
      </Typography>
    );
  }
  return (
    <>
      {tag.escalation.map((e, i) => (
        <div key={i} data-testid="escalation">
          <Typography variant="body2" component="div" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            <strong>x {e.factor}</strong>
          </Typography>
          <Typography variant="caption" component="div" color="text.secondary">
            {escalationWords(e, currency)}
          </Typography>
          {e.note && (
            <Typography variant="caption" component="div" color="warning.main">
              {e.note}
            </Typography>
          )}
        </div>
      ))}
    </>
  );
}
