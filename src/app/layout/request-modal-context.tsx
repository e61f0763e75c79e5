import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type RequestModal = {
  /** Opens the request form (spec §2 'Request modal'); for now a notice that the form is coming. */
  open: () => void;
};

const RequestModalContext = createContext<RequestModal | null>(null);

/**
 * Owns the request modal so any screen (Quick Links today, the request tracker later) opens the same one.
 * The request tracker issue replaces `PendingRequestDialog` with the real 'New Request' form here.
 */
export function RequestModalProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const open = useCallback(() => setIsOpen(true), []);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <RequestModalContext.Provider value={value}>
      {children}
      <PendingRequestDialog open={isOpen} onClose={() => setIsOpen(false)} />
    </RequestModalContext.Provider>
  );
}

export function useRequestModal(): RequestModal {
  const value = useContext(RequestModalContext);
  if (!value) throw new Error('useRequestModal must be used inside RequestModalProvider');
  return value;
}

function PendingRequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="request-modal-title">
      <DialogTitle id="request-modal-title">Request Bug Report</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The request form arrives with the request tracker module, in a later release of Tagbase. Until then, report
          bugs and requests to the development team directly.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
