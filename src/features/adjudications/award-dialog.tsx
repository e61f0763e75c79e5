import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useApiFetch } from '../../app/api/api-client';
import { useServerAction } from '../../app/api/use-server-action';
import type { BidTab } from '../../lib/adjudications';
import { groupDecimal } from '../../schemas/display-format';
import { apiRoutes } from '../../lib/api-routes';

/**
 * "Award…": pick the bidder (the recommended one is chosen to start with) and, unless it is the lowest
 * evaluated, write why. The server checks the same rule; its message lands under the reason.
 */
export function AwardDialog({ tab, onClose, onAwarded }: { tab: BidTab; onClose: () => void; onAwarded: () => void }) {
  const fetcher = useApiFetch();
  const [supplier, setSupplier] = useState<number | null>(
    tab.awarded_supplier_id ?? tab.recommended_supplier_id ?? tab.bidders[0]?.supplier_id ?? null,
  );
  const [reason, setReason] = useState('');
  const { busy, error, setError, run } = useServerAction('The award was not made');
  const chosen = tab.bidders.find((b) => b.supplier_id === supplier);
  const needsReason = chosen !== undefined && !chosen.lowest_evaluated;
  const award = async () => {
    if (!chosen) return;
    if (needsReason && reason.trim() === '') {
      setError(`${chosen.supplier} is not the lowest evaluated bidder: write the reason for the award.`);
      return;
    }
    await run(async () => {
      await fetcher(apiRoutes.award(tab.adjudication_id), {
        method: 'POST',
        body: JSON.stringify({ supplier_id: chosen.supplier_id, reason: reason.trim() }),
      });
      onAwarded();
    });
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="award-title">
      <DialogTitle id="award-title">Award {tab.package_number}</DialogTitle>
      <DialogContent>
        <RadioGroup
          value={supplier ?? ''}
          onChange={(e) => (setSupplier(Number(e.target.value)), setError(null))}
          aria-label="Bidder to award"
        >
          {tab.bidders.map((b) => (
            <FormControlLabel
              key={b.supplier_id}
              value={b.supplier_id}
              control={<Radio />}
              label={`${b.supplier}: evaluated ${tab.base_currency ?? ''} ${b.evaluated_total ? groupDecimal(b.evaluated_total, 2) : '—'}${b.lowest_evaluated ? ' (lowest evaluated)' : ''}${b.recommended ? ' (recommended)' : ''}`}
            />
          ))}
        </RadioGroup>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
          The award writes the bidder's prices, as firm quotes in {tab.base_currency}, to the package's equipment tags
          and the award to the package.
        </Typography>
        <TextField
          label={needsReason ? 'Reason (required: not the lowest evaluated)' : 'Reason'}
          value={reason}
          onChange={(e) => (setReason(e.target.value), setError(null))}
          multiline
          minRows={3}
          fullWidth
          required={needsReason}
          error={error !== null}
          helperText={error ?? ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void award()} disabled={busy || !chosen}>
          Award
        </Button>
      </DialogActions>
    </Dialog>
  );
}
