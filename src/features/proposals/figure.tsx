import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { groupDecimal } from '../../schemas/display-format';

/** An amount as users read it: 'USD 30,660.00' (grouped as text, never through a float). */
export function amountText(value: string | null | undefined, currency: string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return `${currency ? `${currency} ` : ''}${groupDecimal(value, 2)}`;
}

/** One labelled figure of a strip or panel (`wide`: two columns of a strip, for amounts per currency); its group is named by the label (tests and screen readers find it). */
export function Figure({
  label,
  value,
  detail,
  wide = false,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  wide?: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={label}
      sx={{ px: 1.25, py: 0.75, minWidth: 0, gridColumn: wide ? { sm: 'span 2' } : undefined }}
    >
      <Typography variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography
        component="div"
        data-testid="figure-value"
        sx={{ fontSize: '1.1rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary" component="div">
          {detail}
        </Typography>
      )}
    </Paper>
  );
}
