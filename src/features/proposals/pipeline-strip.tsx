import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { ProposalPipeline } from '../../lib/proposals';
import { PROPOSAL_STATUSES } from '../../schemas/entities/proposals';
import { amountText, Figure } from './figure';

/**
 * Above the proposals list: how many proposals are at each status, and the open ones' (draft and submitted)
 * total and weighted value, per currency (amounts of different currencies are never added).
 */
export function PipelineStrip({
  data,
  error,
}: {
  data: ProposalPipeline | undefined;
  error: { message: string } | undefined;
}) {
  if (!data) {
    if (error)
      return (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The pipeline figures could not be loaded ({error.message}). The list below is not affected.
        </Alert>
      );
    return <Skeleton variant="rounded" height={72} sx={{ mb: 2 }} aria-label="Loading the pipeline" />;
  }
  const label = (status: string) => PROPOSAL_STATUSES.find((s) => s.value === status)?.label ?? status;
  const open = data.open;
  return (
    <Box
      component="section"
      aria-label="Proposals pipeline"
      sx={{ mb: 2, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fit, minmax(104px, 1fr))' }}
    >
      {data.by_status.map(({ status, count }) => (
        <Figure
          key={status}
          label={label(status)}
          value={count.toLocaleString('en-US')}
          detail={count === 1 ? 'proposal' : 'proposals'}
        />
      ))}
      <Figure
        wide
        label="Open pipeline"
        value={
          open.length === 0
            ? '—'
            : open.map((o) => (
                <div key={o.currency ?? ''} style={{ whiteSpace: 'nowrap' }}>
                  {amountText(o.total_fee, o.currency)}
                </div>
              ))
        }
        detail="total fee of draft and submitted proposals"
      />
      <Figure
        wide
        label="Weighted pipeline"
        value={
          open.length === 0
            ? '—'
            : open.map((o) => (
                <div key={o.currency ?? ''} style={{ whiteSpace: 'nowrap' }}>
                  {amountText(o.weighted_value, o.currency)}
                </div>
              ))
        }
        detail="total fee x win probability"
      />
    </Box>
  );
}
