import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useApiFetch } from '../../app/api/api-client';
import { useServerAction } from '../../app/api/use-server-action';
import type { BidTab } from '../../lib/adjudications';
import { apiRoutes } from '../../lib/api-routes';

/**
 * "Withdraw award…": says what goes back before it does it (POST /api/adjudications/:id/withdraw-award).
 * The server refuses once the package's PO is placed; its message is shown here.
 */
export function WithdrawAwardDialog({
  tab,
  supplier,
  onClose,
  onWithdrawn,
}: {
  tab: BidTab;
  supplier: string;
  onClose: () => void;
  onWithdrawn: () => void;
}) {
  const fetcher = useApiFetch();
  const { busy, error, run } = useServerAction('The award was not withdrawn');
  const withdraw = () =>
    run(async () => {
      await fetcher(apiRoutes.withdrawAward(tab.adjudication_id), { method: 'POST', body: '{}' });
      onWithdrawn();
    });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="withdraw-award-title">
      <DialogTitle id="withdraw-award-title">Withdraw the award of {tab.package_number}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {tab.package_number} is awarded to {supplier}. Withdrawing it puts this adjudication back to Bids opened and{' '}
          {tab.package_number} back to Evaluating, and gives the package's equipment tags back the prices, price sources
          and statuses they had before the award. A change made to those tags since the award is kept.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color="warning" onClick={() => void withdraw()} disabled={busy}>
          Withdraw award
        </Button>
      </DialogActions>
    </Dialog>
  );
}
