import { useAuth0 } from '@auth0/auth0-react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import { useMemo, useState } from 'react';
import { FormEngine } from '../../forms/form-engine';
import { useFormEngine } from '../../forms/use-form-engine';
import { isRequestValid, newRequestValues, showsResponseField, type EnrichedRequest } from '../../lib/requests';
import { getEntitySchema } from '../../schemas/registry';
import type { EntityRow } from '../../schemas/schema-types';
import { useApiFetch } from '../../app/api/api-client';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { useRequestToasts } from './request-toasts';
import { deleteRequest, submitRequest } from './submit-request';

const schema = getEntitySchema('requests');
/** What the submitter fills in; status and response are the development team's (admins). */
const REQUEST_FIELDS = ['type_id', 'module_id', 'priority', 'description', 'steps_to_reproduce'] as const;

export type RequestDialogResult = { kind: 'saved'; request: EnrichedRequest } | { kind: 'deleted'; id: number };

export type RequestDialogProps = {
  /** The request to edit, or null for a new one. */
  row: EntityRow | null;
  /** The page the modal was opened on: it preselects the module of a new request (spec §4). */
  pathname: string;
  onDone: (result: RequestDialogResult) => void;
  onDismiss: () => void;
};

/**
 * Spec §2 request modal on the form engine: extra large and centred, 'New Request' or 'Edit Request'.
 * Submit stays disabled until the spec §5 rule holds (type, module, a description with non-whitespace text)
 * and the schema's own checks pass. Success and failure toasts are spec §8's; dismissing shows none.
 */
export function RequestDialog({ row, pathname, onDone, onDismiss }: RequestDialogProps) {
  const fetcher = useApiFetch();
  const { user, isAuthenticated } = useAuth0();
  const { me, can } = useCurrentUser();
  const toasts = useRequestToasts();
  const isNew = row === null;
  const isAdmin = can('admin');
  // The submitter edits their own request; admins edit any; others only read it.
  const canEdit = isNew || isAdmin || (me !== undefined && row.submitter_sub === me.sub);
  const showResponse = showsResponseField(row);
  const triageFields = useMemo(() => (showResponse ? ['status_id', 'response'] : ['status_id']), [showResponse]);
  const start = useMemo(() => row ?? newRequestValues(pathname), [row, pathname]);
  const form = useFormEngine(schema, start, { fields: [...REQUEST_FIELDS, ...triageFields] });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const submit = async () => {
    if (!form.validate()) return;
    setSaving(true);
    setFailure(null);
    try {
      const request = await submitRequest(
        fetcher,
        user,
        isAuthenticated,
        form.value,
        row ? { id: row.id, version: row.version } : null,
      );
      toasts.success();
      onDone({ kind: 'saved', request });
    } catch (error) {
      toasts.failure();
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!row) return;
    setConfirmDelete(false);
    setSaving(true);
    setFailure(null);
    try {
      await deleteRequest(fetcher, row.id);
      toasts.deleted();
      onDone({ kind: 'deleted', id: row.id });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const canSubmit = canEdit && !saving && isRequestValid(form.value) && form.isValid;
  return (
    <Dialog open onClose={() => !saving && onDismiss()} maxWidth="xl" fullWidth aria-labelledby="request-modal-title">
      <DialogTitle id="request-modal-title">{isNew ? 'New Request' : 'Edit Request'}</DialogTitle>
      <DialogContent dividers>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <FormEngine {...form.formProps} fields={REQUEST_FIELDS} readOnly={!canEdit || saving} />
        <Divider sx={{ my: 3 }} />
        {/* Status for everyone to see; set by admins (the development team), like the Response. */}
        <FormEngine {...form.formProps} fields={triageFields} readOnly={!isAdmin || saving} />
      </DialogContent>
      <DialogActions>
        {!isNew && canEdit && (
          <Button color="error" onClick={() => setConfirmDelete(true)} disabled={saving}>
            Delete
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onDismiss} disabled={saving}>
          {canEdit ? 'Cancel' : 'Close'}
        </Button>
        {canEdit && (
          <Button variant="contained" onClick={() => void submit()} disabled={!canSubmit}>
            Submit
          </Button>
        )}
      </DialogActions>
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)} aria-labelledby="request-delete-title">
        <DialogTitle id="request-delete-title">Delete this request?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Request #{row?.id} and its response are removed for everyone. This cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Keep it</Button>
          <Button color="error" variant="contained" onClick={() => void remove()}>
            Delete request
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
