import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useLeaveGuard } from '../../app/leave-guard';
import { projectDocumentPath } from '../../app/paths';
import { FormEngine } from '../../forms/form-engine';
import type { FormSelection } from '../../forms/form-model';
import { SaveConflictAlert } from '../../forms/save-conflict-alert';
import { useFormEngine } from '../../forms/use-form-engine';
import { useRecordSave } from '../../forms/use-record-save';
import { getEntitySchema } from '../../schemas/registry';
import type { EntityRow } from '../../schemas/schema-types';

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

/**
 * The project document's header: the projects schema's form (FormEngine), saved through
 * POST /api/entities/projects/batch against the version loaded, so a stale save is a conflict, not an
 * overwrite. Read-only below the schema's write role.
 */
export function ProjectHeaderForm({ project, canEdit, onSaved, onReloaded }: Props) {
  const isNew = project === null;
  const selection = useMemo<FormSelection>(() => ({ fields: HEADER_FIELDS, hideReadOnlyFields: isNew }), [isNew]);
  const form = useFormEngine(projectsSchema, project, selection);
  const record = useRecordSave(projectsSchema, form, { row: project, conflictAlternative: 'keep editing and save later', onSaved, onReloaded });
  const { base, conflict, message, saving, hasChanges: dirty } = record;
  const readOnly = !canEdit;
  // The header stays mounted across the document's tabs (one segment after the project): a move out of
  // the document, or onto one of its drawing pages (a page of its own), loses its edits.
  const projectId = base?.id;
  const withinDocument = useMemo(() => {
    if (!projectId) return undefined;
    const prefix = projectDocumentPath(projectId, '');
    return (path: string) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/');
  }, [projectId]);
  useLeaveGuard(canEdit && dirty, 0, withinDocument);

  // Read-only fields (isdirty) are not in the form's value: shown from the row as saved.
  const shown = useMemo(() => ({ ...(base ? Object.fromEntries(readOnlyFields.map((name) => [name, base[name]])) : {}), ...form.value }), [base, form.value]);
  const change = (next: Record<string, unknown>) => record.change(Object.fromEntries(Object.entries(next).filter(([name]) => !readOnlyFields.includes(name))));

  return (
    <Box component="form" aria-label="Project header" noValidate onSubmit={(event) => { event.preventDefault(); void record.save(); }}>
      {conflict && <SaveConflictAlert conflict={conflict} onReload={record.reload} />}
      {message && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      <FormEngine {...form.formProps} value={shown} onChange={change} errors={record.errors} readOnly={readOnly} fields={HEADER_FIELDS} hideReadOnlyFields={isNew} />
      {!readOnly && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          {base && (
            <Button onClick={record.discard} disabled={!dirty || saving}>
              Discard changes
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={saving || !dirty || record.gone}>
            {base ? 'Save header' : 'Create project'}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
