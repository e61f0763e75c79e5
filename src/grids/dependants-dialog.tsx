import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { Dependant } from '../lib/entity-api';

type Props = { open: boolean; dependants: Dependant[]; onClose: () => void };

/** 409 on a delete: other records still reference the row. The delete marks were taken off. */
export function DependantsDialog({ open, dependants, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="tb-dependants-title">
      <DialogTitle id="tb-dependants-title">Cannot delete: other records use {dependants.length === 1 ? 'this row' : 'these rows'}</DialogTitle>
      <DialogContent>
        <Typography variant="body2">Nothing was saved. The delete marks of the rows in use were removed; change or delete these records first, then save again.</Typography>
        <List dense sx={{ maxHeight: 320, overflowY: 'auto' }}>
          {dependants.map((d) => (
            <ListItem key={`${d.entity}-${d.id}-${d.field}`}>
              <ListItemText primary={`${d.entityLabel}: ${d.label}`} secondary={`via ${d.field}`} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
