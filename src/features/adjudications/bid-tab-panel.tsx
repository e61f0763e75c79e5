import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useApi, useApiFetch } from '../../app/api/api-client';
import { useCurrentUser } from '../../app/auth/use-current-user';
import type { BidTab } from '../../lib/adjudications';
import { groupDecimal } from '../../schemas/display-format';
import { AwardDialog } from './award-dialog';
import { BidTabGrid } from './bid-tab-grid';
import { BidTabStanding } from './bid-tab-standing';
import { WithdrawAwardDialog } from './withdraw-award-dialog';
import './bid-tab.css';
import { apiRoutes } from '../../lib/api-routes';

// recharts loads only with the chart, after the grid.
const BidTabChart = lazy(() => import('./bid-tab-chart'));

const named = (tab: BidTab, supplierId: number | null) => tab.bidders.find((b) => b.supplier_id === supplierId);

/**
 * The bid tab under the adjudication's lists (GET /api/adjudications/:id/bidtab, read again after every save):
 * the recommended and the lowest evaluated bidder named (both among complete bids only), what keeps the
 * figures from being whole, the grid, why each other bidder is not recommended, the options and alternatives,
 * "Freeze rates", "Award…", "Withdraw award…", "Export bid tab" and the chart of evaluated totals.
 */
export function BidTabPanel({ adjudicationId, version }: { adjudicationId: number; version: number }) {
  const {
    data: tab,
    error,
    mutate,
  } = useApi<BidTab>(apiRoutes.bidTab(adjudicationId), {
    cacheScope: `v${version}`,
    // A new version (an award withdrawn, the header saved) reads the tab again under a new key: the panel
    // keeps the tab it has meanwhile, so an Award… dialog opened at once is not remounted and its reason lost.
    keepPreviousData: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const { mutate: mutateKey } = useSWRConfig();
  const fetcher = useApiFetch();
  const { can } = useCurrentUser();
  const [awarding, setAwarding] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!tab) {
    if (error)
      return (
        <Alert severity="warning" sx={{ mt: 2 }}>
          The bid tab could not be loaded ({error.message}).
        </Alert>
      );
    return <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} aria-label="Loading the bid tab" />;
  }
  const recommended = named(tab, tab.recommended_supplier_id);
  const lowest = named(tab, tab.lowest_evaluated_supplier_id);
  const awarded = named(tab, tab.awarded_supplier_id);
  const refresh = () => {
    void mutate();
    // The header (status, award) changed on the server: the form reads it again.
    void mutateKey(apiRoutes.entityRow('adjudications', adjudicationId));
  };
  const freeze = async () => {
    try {
      const { frozen } = await fetcher<{ frozen: number }>(apiRoutes.freezeRates(adjudicationId), {
        method: 'POST',
        body: '{}',
      });
      setMessage(
        frozen === 0
          ? 'The rates were frozen already.'
          : `${frozen} ${frozen === 1 ? 'rate' : 'rates'} frozen at ${tab.rate_date}.`,
      );
      refresh();
    } catch (e) {
      setMessage(e instanceof Error ? e.message : String(e));
    }
  };
  const exportTab = () =>
    void import('./bid-tab-workbook')
      .then((m) => m.downloadBidTab(tab))
      .catch((e: unknown) =>
        setMessage(`The bid tab could not be exported: ${e instanceof Error ? e.message : String(e)}`),
      );
  return (
    <Box component="section" aria-label="Bid tab panel" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Bid tab — every bid in {tab.base_currency} at the rates of {tab.rate_date}
        </Typography>
        {can('engineer') && tab.status === 'draft' && <Button onClick={() => void freeze()}>Freeze rates</Button>}
        <Button onClick={exportTab} variant="outlined">
          Export bid tab
        </Button>
        {can('engineer') && tab.status !== 'draft' && tab.bidders.length > 0 && (
          <Button variant="contained" onClick={() => setAwarding(true)}>
            Award…
          </Button>
        )}
        {can('engineer') && tab.status === 'awarded' && awarded && (
          <Button variant="outlined" color="warning" onClick={() => setWithdrawing(true)}>
            Withdraw award…
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 1 }}>
        <Typography data-testid="recommended-bidder">
          Recommended:{' '}
          <strong>
            {recommended
              ? `${recommended.supplier} (weighted score ${recommended.weighted_score})`
              : 'none yet (score the bidders)'}
          </strong>
        </Typography>
        <Typography data-testid="lowest-evaluated">
          Lowest evaluated:{' '}
          <strong>
            {lowest
              ? `${lowest.supplier} (${tab.base_currency} ${groupDecimal(lowest.evaluated_total ?? '0', 2)})`
              : 'none (no complete bid)'}
          </strong>
        </Typography>
        {awarded && (
          <Typography data-testid="awarded-bidder">
            Awarded: <strong>{awarded.supplier}</strong> on {tab.awarded_on}
            {tab.award_reason ? ` — ${tab.award_reason}` : ''}
          </Typography>
        )}
      </Box>
      {message && (
        <Alert severity="info" onClose={() => setMessage(null)} sx={{ mb: 1 }}>
          {message}
        </Alert>
      )}
      {tab.warnings.map((warning) => (
        <Alert key={warning} severity="warning" sx={{ mb: 1 }}>
          {warning}
        </Alert>
      ))}
      {tab.bidders.length === 0 ? (
        <Alert severity="info">
          No bidders yet: add them on the Bidders and scores tab, each with the quote it is evaluated on.
        </Alert>
      ) : (
        <>
          <BidTabGrid tab={tab} />
          <BidTabStanding tab={tab} />
          <Box sx={{ mt: 2, maxWidth: 900 }}>
            <Suspense fallback={<Skeleton variant="rounded" height={140} aria-label="Loading the chart" />}>
              <BidTabChart tab={tab} />
            </Suspense>
          </Box>
        </>
      )}
      {withdrawing && awarded && (
        <WithdrawAwardDialog
          tab={tab}
          supplier={awarded.supplier}
          onClose={() => setWithdrawing(false)}
          onWithdrawn={() => (
            setWithdrawing(false),
            setMessage(`The award to ${awarded.supplier} is withdrawn: ${tab.package_number} is evaluating again.`),
            refresh()
          )}
        />
      )}
      {awarding && (
        <AwardDialog tab={tab} onClose={() => setAwarding(false)} onAwarded={() => (setAwarding(false), refresh())} />
      )}
    </Box>
  );
}
