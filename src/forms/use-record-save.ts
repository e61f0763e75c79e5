import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { ApiError, useApiFetch } from '../app/api/api-client';
import type { BatchRequest, BatchResponse, ConflictDetails, ValidationDetails } from '../lib/entity-api';
import { entityPaths } from '../lib/entity-paths';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import { changedValues, savedMessage, writableValues } from './form-model';
import type { FormEngineState } from './use-form-engine';

/** A save refused because someone else changed the row (`current`: the row as stored now) or deleted it (null). */
export type SaveConflict = { message: string; current: EntityRow | null };

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

/** The message of a 422: the row's own, else the errors of fields the schema does not have, else 'Fix the marked fields.' */
function validationMessage(schema: EntitySchema, error: ApiError): { fields: Record<string, string>; message: string } {
  const rowError = (error.body?.details as ValidationDetails | undefined)?.rowErrors?.[0];
  const known = new Set(schema.fields.map((f) => f.name));
  const elsewhere = Object.entries(rowError?.fields ?? {}).filter(([name]) => !known.has(name));
  const fallback = elsewhere.length ? elsewhere.map(([name, text]) => `${name}: ${text}`).join('; ') : rowError ? 'Fix the marked fields.' : error.message;
  return { fields: rowError?.fields ?? {}, message: rowError?.message ?? fallback };
}

const textOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One row's form saved through POST /api/entities/:entity/batch against the version loaded: the changes
 * since the row as saved, the server's field errors on their fields (until the field changes), a stale
 * version as a conflict to reload, and any other refusal as a message.
 */
export function useRecordSave(schema: EntitySchema, form: FormEngineState, { row, conflictAlternative, onSaved, onReloaded, initialErrors }: RecordSaveOptions) {
  const fetcher = useApiFetch();
  const { enqueueSnackbar } = useSnackbar();
  const [base, setBase] = useState<EntityRow | null>(row);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(initialErrors ?? {});
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const [saving, setSaving] = useState(false);
  // What a save sends: the form's values that differ from the row as saved.
  const changes = base ? changedValues(schema, writableValues(schema, base), form.value) : form.value;
  const hasChanges = base ? Object.keys(changes).length > 0 : form.isDirty;

  /** Starts over from a row: nothing edited, no message. */
  const standOn = (next: EntityRow) => {
    setBase(next);
    form.reset(next);
    setServerErrors({});
    setMessage(null);
  };

  /** The form's onChange: a server error stays on its field until the user changes that field. */
  const change = (next: Record<string, unknown>) => {
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
    const request: BatchRequest = base ? { updates: [{ id: base.id, version: base.version, changes }] } : { creates: [{ clientKey: 'form', values: form.value }] };
    try {
      const response = await fetcher<BatchResponse>(entityPaths.batch(schema.name), { method: 'POST', body: JSON.stringify(request) });
      const saved = base ? response.updated[0] : response.created[0];
      if (!saved) throw new Error('The server answered without the saved row.');
      standOn(saved);
      enqueueSnackbar(savedMessage(schema, saved), { variant: 'success' });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const refused = validationMessage(schema, error);
        setServerErrors(refused.fields);
        setMessage(refused.message);
      } else if (error instanceof ApiError && error.status === 409) {
        const current = (error.body?.details as ConflictDetails | undefined)?.conflicts?.[0]?.current ?? null;
        const label = schema.label.toLowerCase();
        setConflict({
          current,
          message: current ? `Someone else changed this ${label} since you opened it. Reload it to see their changes (yours will be lost), or ${conflictAlternative}.` : `This ${label} was deleted by someone else.`,
        });
      } else setMessage(textOf(error));
    } finally {
      setSaving(false);
    }
  };

  /** The conflict's Reload: the row as stored now (the conflict's, else read again); the form's edits are dropped. */
  const reload = async () => {
    if (!base) return;
    let current = conflict?.current ?? null;
    try {
      current ??= await fetcher<EntityRow>(entityPaths.row(schema.name, base.id));
    } catch (error) {
      setMessage(textOf(error));
      return;
    }
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
