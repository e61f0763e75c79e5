import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { ApiError, useApiFetch } from '../../app/api/api-client';
import { useLeaveGuard } from '../../app/leave-guard';
import { FormEngine } from '../../forms/form-engine';
import { changedValues, savedMessage, writableValues, type FormSelection } from '../../forms/form-model';
import { useFormEngine } from '../../forms/use-form-engine';
import type { BatchRequest, BatchResponse, ConflictDetails, ValidationDetails } from '../../lib/entity-api';
import { getEntitySchema } from '../../schemas/registry';
import type { EntityRow } from '../../schemas/schema-types';
import { entityPaths } from '../../lib/entity-paths';

export const projectsSchema = getEntitySchema('projects');

/** The header's fields (field guide §1), in the schema's sections; the derived client name is not shown. */
export const HEADER_FIELDS = [
  'project_number',
  'name',
  'client_id',
  'description',
  'endusername',
  'endusersite',
  'enduserlocation',
  'phase',
  'estimate_class',
  'base_currency_id',
  'rate_date',
  'equipment_tag_template',
  'instrument_tag_template',
  'line_number_template',
  'cable_tag_template',
  'import_mode',
  'is_testdata',
  'isdirty',
] as const;

const readOnlyFields = projectsSchema.fields.filter((f) => f.readOnly).map((f) => f.name);

type Props = {
  /** The project as saved, or null for a new one. */
  project: EntityRow | null;
  canEdit: boolean;
  /** After a save: the saved row (new version; a new project's id). */
  onSaved: (row: EntityRow) => void;
  /** The row as stored now, after a conflict (someone else saved it). */
  onReloaded?: (row: EntityRow) => void;
};

type Conflict = { message: string; current: EntityRow | null };

/**
 * The project document's header: the projects schema's form (FormEngine), saved through
 * POST /api/entities/projects/batch against the version loaded, so a stale save is a conflict, not an
 * overwrite. Read-only below the schema's write role.
 */
export function ProjectHeaderForm({ project, canEdit, onSaved, onReloaded }: Props) {
  const fetcher = useApiFetch();
  const { enqueueSnackbar } = useSnackbar();
  const isNew = project === null;
  const selection = useMemo<FormSelection>(() => ({ fields: HEADER_FIELDS, hideReadOnlyFields: isNew }), [isNew]);
  const form = useFormEngine(projectsSchema, project, selection);
  const [base, setBase] = useState<EntityRow | null>(project);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saving, setSaving] = useState(false);
  const readOnly = !canEdit;
  const changes = base ? changedValues(projectsSchema, writableValues(projectsSchema, base), form.value) : form.value;
  const dirty = base ? Object.keys(changes).length > 0 : form.isDirty;
  // The header stays mounted across the document's tabs: only a move out of the document loses its edits.
  useLeaveGuard(canEdit && dirty, 0, base?.id ? `/home/general/projectdetail/${base.id}/` : undefined);

  // Read-only fields (isdirty) are not in the form's value: shown from the row as saved.
  const shown = useMemo(() => ({ ...(base ? Object.fromEntries(readOnlyFields.map((name) => [name, base[name]])) : {}), ...form.value }), [base, form.value]);
  const change = (next: Record<string, unknown>) => {
    const writable = Object.fromEntries(Object.entries(next).filter(([name]) => !readOnlyFields.includes(name)));
    setServerErrors((current) => {
      const kept = Object.fromEntries(Object.entries(current).filter(([name]) => writable[name] === form.value[name]));
      return Object.keys(kept).length === Object.keys(current).length ? current : kept;
    });
    form.setValue(writable);
  };

  const save = async () => {
    if (!form.validate()) return;
    setSaving(true);
    setMessage(null);
    setConflict(null);
    const request: BatchRequest = base ? { updates: [{ id: base.id, version: base.version, changes }] } : { creates: [{ clientKey: 'header', values: form.value }] };
    try {
      const response = await fetcher<BatchResponse>(entityPaths.batch(projectsSchema.name), { method: 'POST', body: JSON.stringify(request) });
      const saved = base ? response.updated[0] : response.created[0];
      if (!saved) throw new Error('The server answered without the saved project.');
      setBase(saved);
      form.reset(saved);
      setServerErrors({});
      enqueueSnackbar(savedMessage(projectsSchema, saved), { variant: 'success' });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const rowError = (error.body?.details as ValidationDetails | undefined)?.rowErrors?.[0];
        setServerErrors(rowError?.fields ?? {});
        setMessage(rowError?.message ?? (rowError ? 'Fix the marked fields.' : error.message));
      } else if (error instanceof ApiError && error.status === 409) {
        const current = (error.body?.details as ConflictDetails | undefined)?.conflicts?.[0]?.current ?? null;
        setConflict({
          current,
          message: current ? 'Someone else changed this project since you opened it. Reload it to see their changes (yours will be lost), or keep editing and save later.' : 'This project was deleted by someone else.',
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
      current ??= await fetcher<EntityRow>(entityPaths.row(projectsSchema.name, base.id));
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
      return;
    }
    setBase(current);
    form.reset(current);
    setServerErrors({});
    setConflict(null);
    setMessage(null);
    onReloaded?.(current);
  };

  return (
    <Box component="form" aria-label="Project header" noValidate onSubmit={(event) => { event.preventDefault(); void save(); }}>
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            conflict.current ? (
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
      <FormEngine {...form.formProps} value={shown} onChange={change} errors={{ ...form.errors, ...serverErrors }} readOnly={readOnly} fields={HEADER_FIELDS} hideReadOnlyFields={isNew} />
      {!readOnly && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          {base && (
            <Button onClick={() => { form.reset(base); setServerErrors({}); setMessage(null); }} disabled={!dirty || saving}>
              Discard changes
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={saving || !dirty || (conflict !== null && conflict.current === null)}>
            {base ? 'Save header' : 'Create project'}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
