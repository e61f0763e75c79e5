import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useApi } from '../../app/api/api-client';
import type { ProposalSummary } from '../../lib/proposals';
import { groupDecimal } from '../../schemas/display-format';
import { amountText, Figure } from './figure';
import { apiRoutes } from '../../lib/api-routes';

/**
 * Beside the proposal's header: its fee as the server computes it (GET /api/proposals/:id/summary, exact
 * decimals), read again whenever the document page says something was saved (`version`).
 */
export function FeeSummary({ proposalId, version }: { proposalId: number; version: number }) {
  const { data, error, mutate } = useApi<ProposalSummary>(apiRoutes.proposalSummary(proposalId), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  useEffect(() => {
    if (version > 0) void mutate();
  }, [version, mutate]);
  if (!data) {
    if (error) return <Alert severity="warning">The fee could not be loaded ({error.message}).</Alert>;
    return <Skeleton variant="rounded" height={240} aria-label="Loading the fee" />;
  }
  const money = (value: string) => amountText(value, data.currency);
  return (
    <Box component="section" aria-label="Fee summary" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2" component="h2">
        Fee
      </Typography>
      <Figure
        label="Labour fee"
        value={money(data.labour_fee)}
        detail={`${data.line_count} fee ${data.line_count === 1 ? 'line' : 'lines'}, ${groupDecimal(data.hours, 2)} h`}
      />
      <Figure label="Expenses" value={money(data.expenses)} />
      <Figure label="Total fee" value={money(data.total_fee)} detail="labour fee + expenses" />
      <Figure
        label="Weighted value"
        value={money(data.weighted_value)}
        detail={
          data.win_probability === null
            ? 'no win probability yet'
            : `total fee x ${data.win_probability} % win probability`
        }
      />
    </Box>
  );
}
