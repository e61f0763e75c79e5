import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useApiFetch } from '../app/api/api-client';
import type { ErrorBody } from '../lib/app-error';
import type { BatchRequest, BatchResponse } from '../lib/entity-api';
import { apiRoutes } from '../lib/api-routes';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import { changedValues, savedMessage, writableValues } from './form-model';
import { saveRefusal, type SaveConflict } from './save-refusal';
import type { FormEngineState } from './use-form-engine';

export type { SaveConflict } from './save-refusal';

export type RecordSaveOptions = {
  /** The row as saved (a save sends its id and version), or null for a new row. */
  row: EntityRow | null;
  /** The end of the conflict message: what the user may do instead of reloading ('cancel'). */
  conflictAlternative: string;
  /** After a save (a snackbar says so); the form then stands on the saved row. */
  onSaved: (row: EntityRow) => void;
  /** After a reload of the row as stored now (a conflict's Reload). */
  onReloaded?: (row: EntityRow) => void;
  /** Messages shown on their fields from the start, until the field changes. */
  initialErrors?: Record<string, string>;
};

/**
 * One row's form saved through POST /api/entities/:entity/batch against the version loaded: the changes
 * since the row as saved, the server's field errors on their fields (until the field changes), a stale
 * version as a conflict to reload, and any other refusal (a 409 without a conflict of this row among
 * them) as a message, the edits kept and Save still offered (saveRefusal decides).
 */
export function useRecordSave(
  schema: EntitySchema,
  form: FormEngineState,
  { row, conflictAlternative, onSaved, onReloaded, initialErrors }: RecordSaveOptions,
) {
  const fetcher = useApiFetch();
  const { enqueueSnackbar } = useSnackbar();
  const [base, setBase] = useState<EntityRow | null>(row);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(initialErrors ?? {});
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const [saving, setSaving] = useState(false);
  // A save refused only for warnings (422 warnings_to_confirm): what they say, until the user saves anyway or edits.
  const [warnings, setWarnings] = useState<string[]>([]);
  // What a save sends: the form's values that differ from the row as saved.
  const changes = base ? changedValues(schema, writableValues(schema, base), form.value) : form.value;
  const hasChanges = base ? Object.keys(changes).length > 0 : form.isDirty;

  /** Starts over from a row: nothing edited, no message. */
  const standOn = (next: EntityRow) => {
    setBase(next);
    form.reset(next);
    setServerErrors({});
    setMessage(null);
    setWarnings([]);
  };

  /** The form's onChange: a server error stays on its field until the user changes that field. */
  const change = (next: Record<string, unknown>) => {
    setServerErrors((current) => {
      const kept = Object.fromEntries(Object.entries(current).filter(([name]) => next[name] === form.value[name]));
      return Object.keys(kept).length === Object.keys(current).length ? current : kept;
    });
    setWarnings([]);
    form.setValue(next);
  };

  /** Saves the form; `acceptWarnings` (the warnings alert's "Save anyway") keeps values the server warned about. */
  const save = async (acceptWarnings = false) => {
    if (!form.validate()) return;
    setSaving(true);
    setMessage(null);
    setConflict(null);
    setWarnings([]);
    const request: BatchRequest = base
      ? { updates: [{ id: base.id, version: base.version, changes }] }
      : { creates: [{ clientKey: 'form', values: form.value }] };
    if (acceptWarnings) request.acceptWarnings = true;
    try {
      const response = await fetcher<BatchResponse>(apiRoutes.entityBatch(schema.name), {
        method: 'POST',
        body: JSON.stringify(request),
      });
      const saved = base ? response.updated[0] : response.created[0];
      if (!saved) throw new Error('The server answered without the saved row.');
      standOn(saved);
      enqueueSnackbar(savedMessage(schema, saved), { variant: 'success' });
      onSaved(saved);
    } catch (error) {
      const warned = warningsOf(error);
      if (warned) {
        setWarnings(warned);
        return;
      }
      const refused = saveRefusal(schema, error, { id: base?.id, conflictAlternative });
      if (refused.kind === 'conflict') setConflict(refused.conflict);
      else setMessage(refused.message);
      if (refused.kind === 'invalid') setServerErrors(refused.fields);
    } finally {
      setSaving(false);
    }
  };

  /** The conflict's Reload: the row as stored now, which the conflict carries; the form's edits are dropped. */
  const reload = () => {
    const current = conflict?.current;
    if (!current) return;
    standOn(current);
    setConflict(null);
    onReloaded?.(current);
  };

  /** Back to the row as saved. */
  const discard = () => {
    if (base) standOn(base);
  };

  return {
    base,
    hasChanges,
    saving,
    message,
    /** The warnings of a save refused only for them: shown with "Save anyway" (save(true)). */
    warnings,
    conflict,
    /** The row was deleted by someone else: there is nothing left to save to. */
    gone: conflict !== null && conflict.current === null,
    /** The form's own errors with the server's on top. */
    errors: { ...form.errors, ...serverErrors },
    change,
    save,
    reload,
    discard,
  };
}

/** The warnings' messages of a 422 warnings_to_confirm (one row: the form's), else undefined. */
function warningsOf(error: unknown): string[] | undefined {
  const body = (error as { status?: unknown; body?: ErrorBody } | null)?.body;
  if ((error as { status?: unknown } | null)?.status !== 422 || body?.error !== 'warnings_to_confirm') return undefined;
  const rows = (body.details as { rowWarnings?: { fields?: Record<string, string> }[] } | undefined)?.rowWarnings ?? [];
  const texts = rows.flatMap((row) => Object.values(row.fields ?? {}));
  return texts.length > 0 ? texts : [body.message];
}
