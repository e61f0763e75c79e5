import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { ApiError, useApiFetch } from '../app/api/api-client';
import type { BatchRequest, BatchResponse, ConflictDetails, ValidationDetails } from '../lib/entity-api';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import { FormEngine } from './form-engine';
import type { FormSelection } from './form-model';
import { useFormEngine } from './use-form-engine';

export type EntityFormDialogProps = {
  schema: EntitySchema;
  /** The row to edit, or null for a new row. */
  row: EntityRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: (row: EntityRow) => void;
  readOnly?: boolean;
  /** Only these fields / sections (default: the whole schema). */
  fields?: readonly string[];
  sections?: readonly string[];
};

/** The title of the dialog: 'New <label>', 'Edit <label>', or 'View <label>' when read-only. */
export function formDialogTitle(schema: EntitySchema, isNew: boolean, readOnly = false): string {
  return `${isNew ? 'New' : readOnly ? 'View' : 'Edit'} ${schema.label}`;
}

/** One row of an entity in a dialog, saved through POST /api/entities/:entity/batch. */
export function EntityFormDialog(props: EntityFormDialogProps) {
  const { schema, row, open, onClose, readOnly = false } = props;
  const titleId = `entity-form-${schema.name}-title`;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{formDialogTitle(schema, row === null, readOnly)}</DialogTitle>
      {/* Mounted per opening and row, so the form starts from the row each time. */}
      {open && <EntityFormBody key={row ? `${row.id}:${row.version}` : 'new'} {...props} readOnly={readOnly} />}
    </Dialog>
  );
}

type Conflict = { message: string; current: EntityRow | null };

function EntityFormBody({ schema, row, onClose, onSaved, readOnly, fields, sections }: EntityFormDialogProps & { readOnly: boolean }) {
  const fetcher = useApiFetch();
  const selection: FormSelection = { fields, sections, hideReadOnlyFields: row === null };
  const form = useFormEngine(schema, row, selection);
  const [base, setBase] = useState<EntityRow | null>(row);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (next: Record<string, unknown>) => {
    // A server error stays on its field until the user changes that field.
    setServerErrors((current) => {
      const kept = Object.fromEntries(Object.entries(current).filter(([name]) => next[name] === form.value[name]));
      return Object.keys(kept).length === Object.keys(current).length ? current : kept;
    });
    form.setValue(next);
  };

  const save = async () => {
    if (!form.validate()) return;
    setSaving(true);
    setMessage(null);
    setConflict(null);
    const request: BatchRequest = base ? { updates: [{ id: base.id, version: base.version, changes: form.changes }] } : { creates: [{ clientKey: 'form', values: form.value }] };
    try {
      const response = await fetcher<BatchResponse>(`/api/entities/${encodeURIComponent(schema.name)}/batch`, { method: 'POST', body: JSON.stringify(request) });
      const saved = base ? response.updated[0] : response.created[0];
      if (!saved) throw new Error('The server answered without the saved row.');
      onSaved(saved);
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
      current ??= await fetcher<EntityRow>(`/api/entities/${encodeURIComponent(schema.name)}/${base.id}`);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
      return;
    }
    setBase(current);
    form.reset(current);
    setServerErrors({});
    setConflict(null);
    setMessage(null);
  };

  const unchanged = !form.isDirty;
  return (
    <>
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
        {message && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {message}
          </Alert>
        )}
        <FormEngine {...form.formProps} onChange={change} errors={{ ...form.errors, ...serverErrors }} readOnly={readOnly} fields={fields} sections={sections} hideReadOnlyFields={row === null} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{readOnly ? 'Close' : 'Cancel'}</Button>
        {!readOnly && (
          <Button variant="contained" onClick={() => void save()} disabled={saving || !form.isValid || unchanged || (conflict !== null && conflict.current === null)}>
            Save
          </Button>
        )}
      </DialogActions>
    </>
  );
}
