import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useLeaveGuard } from '../app/leave-guard';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import { FormEngine } from './form-engine';
import type { FormSelection } from './form-model';
import { SaveConflictAlert } from './save-conflict-alert';
import { useFormEngine } from './use-form-engine';
import { SaveWarningsAlert } from './save-warnings-alert';
import { useRecordSave } from './use-record-save';
import { useReadOnlyValues } from './use-read-only-values';

export type RecordFormProps = {
  schema: EntitySchema;
  /** The row as saved, or null for a new one. */
  row: EntityRow | null;
  /** The fields shown, in the schema's sections (all of them when left out). */
  fields?: readonly string[];
  canEdit: boolean;
  /** After a save: the saved row (new version; a new row's id). */
  onSaved: (row: EntityRow) => void;
  /** The row as stored now, after a conflict (someone else saved it). */
  onReloaded?: (row: EntityRow) => void;
  /** The buttons' words: 'Save header' / 'Create project'. */
  saveLabel: string;
  createLabel: string;
  /** Addresses where the form stays mounted (a document's tabs): a move there keeps its edits without asking. */
  within?: (path: string) => boolean;
  /** The form's accessible name ('Project header'). */
  label: string;
};

/**
 * A document's header: the schema's form (FormEngine), saved through POST /api/entities/:entity/batch
 * against the version loaded, so a stale save is a conflict, not an overwrite; read-only fields (derived
 * totals, isdirty) shown from the row as saved. Read-only below the schema's write role.
 */
export function RecordForm({
  schema,
  row,
  fields,
  canEdit,
  onSaved,
  onReloaded,
  saveLabel,
  createLabel,
  within,
  label,
}: RecordFormProps) {
  const isNew = row === null;
  const selection = useMemo<FormSelection>(() => ({ fields, hideReadOnlyFields: isNew }), [fields, isNew]);
  const form = useFormEngine(schema, row, selection);
  const record = useRecordSave(schema, form, {
    row,
    conflictAlternative: 'keep editing and save later',
    onSaved,
    onReloaded,
  });
  const { base, conflict, message, saving, hasChanges: dirty } = record;
  const readOnly = !canEdit;
  useLeaveGuard(canEdit && dirty, 0, within);

  const { shown, onChange: change } = useReadOnlyValues(schema, base, form.value, record.change);

  return (
    <Box
      component="form"
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void record.save();
      }}
    >
      {conflict && <SaveConflictAlert conflict={conflict} onReload={record.reload} />}
      <SaveWarningsAlert warnings={record.warnings} onAccept={() => void record.save(true)} disabled={saving} />
      {message && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      <FormEngine
        {...form.formProps}
        value={shown}
        onChange={change}
        errors={record.errors}
        readOnly={readOnly}
        fields={fields}
        hideReadOnlyFields={isNew}
      />
      {!readOnly && (
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          {base && (
            <Button onClick={record.discard} disabled={!dirty || saving}>
              Discard changes
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={saving || !dirty || record.gone}>
            {base ? saveLabel : createLabel}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
