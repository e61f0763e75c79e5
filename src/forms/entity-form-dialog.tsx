import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { ApiError, useApiFetch } from '../app/api/api-client';
import type { BatchRequest, BatchResponse, ConflictDetails, ValidationDetails } from '../lib/entity-api';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import { FormEngine } from './form-engine';
import { RecordHistory } from './record-history';
import { changedValues, formFieldNames, savedMessage, withPendingEdits, writableValues, type FormSelection } from './form-model';
import { useFormEngine } from './use-form-engine';
import { entityPaths } from '../lib/entity-paths';

export type EntityFormDialogProps = {
  schema: EntitySchema;
  /** The row to edit (as saved: a save sends its id and version), or null for a new row. */
  row: EntityRow | null;
  open: boolean;
  /** Cancel, Close, after a save, or Escape / a click outside (after 'Discard changes?' when the form has unsaved changes). */
  onClose: () => void;
  /**
   * After a save (a snackbar says so): the saved row, and the writable fields the form showed, whose
   * values (pending edits included) went into that save.
   */
  onSaved: (row: EntityRow, fields: readonly string[]) => void;
  readOnly?: boolean;
  /** Only these fields / sections (default: the whole schema). */
  fields?: readonly string[];
  sections?: readonly string[];
  /**
   * Unsaved edits of the row made elsewhere (the grid's pending changes), field -> value. The form starts
   * from the row with those of the shown fields applied, so it shows the row as the grid does; a save
   * sends them with the user's own changes, against the row's version. Closing without saving leaves
   * them where they are.
   */
  pending?: Record<string, unknown>;
  /** Messages of pending values (a value the grid could not read), shown on their fields until changed. */
  pendingErrors?: Record<string, string>;
};

/** The title of the dialog: 'New <label>', 'Edit <label>', or 'View <label>' when read-only. */
export function formDialogTitle(schema: EntitySchema, isNew: boolean, readOnly = false): string {
  return `${isNew ? 'New' : readOnly ? 'View' : 'Edit'} ${schema.label}`;
}

/** One row of an entity in a dialog, saved through POST /api/entities/:entity/batch. */
export function EntityFormDialog(props: EntityFormDialogProps) {
  const { row, open, readOnly = false } = props;
  if (!open) return null;
  // Mounted per opening and row, so the form starts from the row (and its pending edits) each time.
  return <EntityFormBody key={row ? `${row.id}:${row.version}` : 'new'} {...props} readOnly={readOnly} />;
}

type Conflict = { message: string; current: EntityRow | null };

function EntityFormBody({ schema, row, onClose, onSaved, readOnly, fields, sections, pending, pendingErrors }: EntityFormDialogProps & { readOnly: boolean }) {
  const fetcher = useApiFetch();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = `entity-form-${schema.name}-title`;
  const selection: FormSelection = { fields, sections, hideReadOnlyFields: row === null };
  // The writable fields the form shows: their pending edits open in it and go into its save.
  const [shown] = useState(() => {
    const writable = writableValues(schema, null);
    return formFieldNames(schema, selection).filter((name) => name in writable);
  });
  const [opening] = useState(() => {
    const applied = row && !readOnly ? pending : undefined;
    const values = withPendingEdits(schema, row, applied, shown);
    const edited = applied ? shown.filter((name) => name in applied) : [];
    const messages = Object.fromEntries(Object.entries(pendingErrors ?? {}).filter(([name]) => edited.includes(name)));
    return { values, edited, messages };
  });
  const form = useFormEngine(schema, opening.values, selection);
  const [base, setBase] = useState<EntityRow | null>(row);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(opening.messages);
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // The note naming the pending edits the form opened with (gone after a reload of the row).
  const [pendingLabels, setPendingLabels] = useState(() => opening.edited.map((name) => schema.fields.find((f) => f.name === name)?.label ?? name));
  // What a save sends: the form's values that differ from the row as saved (pending edits included).
  const changes = base ? changedValues(schema, writableValues(schema, base), form.value) : form.value;
  const hasChanges = base ? Object.keys(changes).length > 0 : form.isDirty;

  const change = (next: Record<string, unknown>) => {
    // A server (or pending value's) error stays on its field until the user changes that field.
    setServerErrors((current) => {
      const kept = Object.fromEntries(Object.entries(current).filter(([name]) => next[name] === form.value[name]));
      return Object.keys(kept).length === Object.keys(current).length ? current : kept;
    });
    form.setValue(next);
  };

  /** Escape or a click outside: closes at once unless something typed here would be lost. */
  const requestClose = () => {
    if (saving) return;
    if (form.isDirty) setConfirmDiscard(true);
    else onClose();
  };

  const save = async () => {
    if (!form.validate()) return;
    setSaving(true);
    setMessage(null);
    setConflict(null);
    const request: BatchRequest = base ? { updates: [{ id: base.id, version: base.version, changes }] } : { creates: [{ clientKey: 'form', values: form.value }] };
    try {
      const response = await fetcher<BatchResponse>(entityPaths.batch(schema.name), { method: 'POST', body: JSON.stringify(request) });
      const saved = base ? response.updated[0] : response.created[0];
      if (!saved) throw new Error('The server answered without the saved row.');
      onSaved(saved, shown);
      enqueueSnackbar(savedMessage(schema, saved), { variant: 'success' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const details = error.body?.details as ValidationDetails | undefined;
        const rowError = details?.rowErrors?.[0];
        setServerErrors(rowError?.fields ?? {});
        const known = new Set(schema.fields.map((f) => f.name));
        const elsewhere = Object.entries(rowError?.fields ?? {}).filter(([name]) => !known.has(name));
        setMessage(rowError?.message ?? (elsewhere.length ? elsewhere.map(([name, text]) => `${name}: ${text}`).join('; ') : rowError ? 'Fix the marked fields.' : error.message));
      } else if (error instanceof ApiError && error.status === 409) {
        const details = error.body?.details as ConflictDetails | undefined;
        const current = details?.conflicts?.[0]?.current ?? null;
        setConflict({
          current,
          message: current ? `Someone else changed this ${schema.label.toLowerCase()} since you opened it. Reload it to see their changes (yours will be lost), or cancel.` : `This ${schema.label.toLowerCase()} was deleted by someone else.`,
        });
      } else setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    if (!base) return;
    let current = conflict?.current ?? null;
    try {
      current ??= await fetcher<EntityRow>(entityPaths.row(schema.name, base.id));
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
      return;
    }
    setBase(current);
    form.reset(current);
    setPendingLabels([]);
    setServerErrors({});
    setConflict(null);
    setMessage(null);
  };

  return (
    <>
      <Dialog open onClose={requestClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{formDialogTitle(schema, row === null, readOnly)}</DialogTitle>
        <DialogContent dividers>
          {conflict && (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                conflict.current || !base ? (
                  <Button color="inherit" size="small" onClick={() => void reload()}>
                    Reload
                  </Button>
                ) : undefined
              }
            >
              {conflict.message}
            </Alert>
          )}
          {readOnly && (
            <Alert severity="info" sx={{ mb: 2 }} data-read-only-notice>
              Read-only: your role cannot change {schema.labelPlural}.
            </Alert>
          )}
          {message && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {message}
            </Alert>
          )}
          {pendingLabels.length > 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Shown with your unsaved grid {pendingLabels.length === 1 ? 'change' : 'changes'} to {pendingLabels.join(', ')}: Save saves {pendingLabels.length === 1 ? 'it' : 'them'} with the form; Cancel leaves {pendingLabels.length === 1 ? 'it' : 'them'} pending in the grid.
            </Alert>
          )}
          <FormEngine {...form.formProps} onChange={change} errors={{ ...form.errors, ...serverErrors }} readOnly={readOnly} readOnlyText={readOnly} fields={fields} sections={sections} hideReadOnlyFields={row === null} />
          {base && <RecordHistory entity={schema.name} id={base.id} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{readOnly ? 'Close' : 'Cancel'}</Button>
          {!readOnly && (
            <Button variant="contained" onClick={() => void save()} disabled={saving || !form.isValid || !hasChanges || (conflict !== null && conflict.current === null)}>
              Save
            </Button>
          )}
        </DialogActions>
      </Dialog>
      <Dialog open={confirmDiscard} onClose={() => setConfirmDiscard(false)} aria-labelledby={`${titleId}-discard`}>
        <DialogTitle id={`${titleId}-discard`}>Discard changes?</DialogTitle>
        <DialogContent>
          <DialogContentText>The changes you made to this {schema.label.toLowerCase()} are not saved.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setConfirmDiscard(false)}>
            Keep editing
          </Button>
          <Button
            color="error"
            onClick={() => {
              setConfirmDiscard(false);
              onClose();
            }}
          >
            Discard
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
