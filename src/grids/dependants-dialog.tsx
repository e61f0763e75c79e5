import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { Dependant } from '../lib/entity-api';

/** `dependants`: the first records listed (the server lists up to 50 per row); `total`: all of them; `rows`: the deletes refused. */
type Props = { open: boolean; dependants: Dependant[]; total: number; rows: number; onClose: () => void };

/** 409 on a delete: other records still reference the row. The delete marks were taken off. */
export function DependantsDialog({ open, dependants, total, rows, onClose }: Props) {
  const count = Math.max(total, dependants.length);
  const more = count - dependants.length;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="tb-dependants-title">
      <DialogTitle id="tb-dependants-title">Cannot delete: {count.toLocaleString('en-US')} {count === 1 ? 'record uses' : 'records use'} {rows > 1 ? `the ${rows} rows` : 'the row'}</DialogTitle>
      <DialogContent>
        <Typography variant="body2">Nothing was saved. The delete marks of the rows in use were removed; change or delete these records first, then save again.</Typography>
        <List dense sx={{ maxHeight: 320, overflowY: 'auto' }}>
          {dependants.map((d) => (
            <ListItem key={`${d.entity}-${d.id}-${d.field}`}>
              <ListItemText primary={`${d.entityLabel}: ${d.label}`} secondary={`via ${d.field}`} />
            </ListItem>
          ))}
        </List>
        {more > 0 && <Typography variant="body2" color="text.secondary">…and {more.toLocaleString('en-US')} more.</Typography>}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
