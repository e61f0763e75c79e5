import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useApi } from '../../app/api/api-client';
import { quotePath } from '../../app/paths';
import type { QuoteRevision } from '../../lib/quote-revisions';
import { groupDecimal } from '../../schemas/display-format';
import { apiRoutes } from '../../lib/api-routes';

/**
 * The revisions of the quote's number (GET /api/quotes/:id/revisions), Rev 0 first: each with its date received,
 * rate and total, a link to it, which one is shown and which is in force (the latest valid revision: what bid
 * tabs, CAPEX and the statistics read). Read again after every save (`version`): a status or validity edited here
 * can change which revision is in force.
 */
export function QuoteRevisionsPanel({ quoteId, version }: { quoteId: number; version: number }) {
  const { data, error } = useApi<QuoteRevision[]>(apiRoutes.quoteRevisions(quoteId), {
    cacheScope: `v${version}`,
    revalidateOnFocus: false,
  });
  if (error) return <Alert severity="error">The revisions could not be read: {error.message}</Alert>;
  if (!data) return null;
  return (
    <Box
      component="section"
      aria-label="Revisions"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mt: 2, bgcolor: 'background.paper' }}
    >
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Revisions
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.map((rev) => (
          <Box
            component="li"
            key={rev.id}
            aria-label={`Rev ${rev.revision}`}
            aria-current={rev.id === quoteId ? 'page' : undefined}
            sx={{ py: 0.5, display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}
          >
            {rev.id === quoteId ? (
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                Rev {rev.revision}
              </Typography>
            ) : (
              <Link component={RouterLink} to={quotePath(rev.id)} variant="body2">
                Rev {rev.revision}
              </Link>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {rev.date_received} · rate {rev.rate_applied ?? 'none'} · {rev.currency ?? ''}{' '}
              {groupDecimal(rev.total ?? '0', 2)}
            </Typography>
            {rev.in_force && <Chip size="small" color="success" label="in force" />}
            {!rev.valid && (
              <Chip size="small" color="warning" label={rev.status === 'rejected' ? 'rejected' : 'expired'} />
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
