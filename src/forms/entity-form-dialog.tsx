import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import { FilesSection } from './files-section';
import { FormEngine } from './form-engine';
import { RecordHistory } from './record-history';
import { formFieldNames, withPendingEdits, writableValues, type FormSelection } from './form-model';
import { SaveConflictAlert } from './save-conflict-alert';
import { useFormEngine } from './use-form-engine';
import { SaveWarningsAlert } from './save-warnings-alert';
import { useRecordSave } from './use-record-save';
import { useReadOnlyValues } from './use-read-only-values';

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

function EntityFormBody({
  schema,
  row,
  onClose,
  onSaved,
  readOnly,
  fields,
  sections,
  pending,
  pendingErrors,
}: EntityFormDialogProps & { readOnly: boolean }) {
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
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // The note naming the pending edits the form opened with (gone after a reload of the row).
  const [pendingLabels, setPendingLabels] = useState(() =>
    opening.edited.map((name) => schema.fields.find((f) => f.name === name)?.label ?? name),
  );
  // A save sends the form's values that differ from the row as saved, pending edits included.
  const record = useRecordSave(schema, form, {
    row,
    conflictAlternative: 'cancel',
    initialErrors: opening.messages,
    onSaved: (saved) => {
      onSaved(saved, shown);
      onClose();
    },
    onReloaded: () => setPendingLabels([]),
  });
  const { base, conflict, message, saving } = record;
  const { shown: values, onChange } = useReadOnlyValues(schema, base, form.formProps.value, record.change);

  /** Escape or a click outside: closes at once unless something typed here would be lost. */
  const requestClose = () => {
    if (saving) return;
    if (form.isDirty) setConfirmDiscard(true);
    else onClose();
  };

  return (
    <>
      <Dialog open onClose={requestClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{formDialogTitle(schema, row === null, readOnly)}</DialogTitle>
        <DialogContent dividers>
          {conflict && <SaveConflictAlert conflict={conflict} onReload={record.reload} />}
          {readOnly && (
            <Alert severity="info" sx={{ mb: 2 }} data-read-only-notice>
              Read-only: your role cannot change {schema.labelPlural}.
            </Alert>
          )}
          <SaveWarningsAlert warnings={record.warnings} onAccept={() => void record.save(true)} disabled={saving} />
          {message && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {message}
            </Alert>
          )}
          {pendingLabels.length > 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Shown with your unsaved grid {pendingLabels.length === 1 ? 'change' : 'changes'} to{' '}
              {pendingLabels.join(', ')}: Save saves {pendingLabels.length === 1 ? 'it' : 'them'} with the form; Cancel
              leaves {pendingLabels.length === 1 ? 'it' : 'them'} pending in the grid.
            </Alert>
          )}
          <FormEngine
            {...form.formProps}
            value={values}
            onChange={onChange}
            errors={record.errors}
            readOnly={readOnly}
            readOnlyText={readOnly}
            fields={fields}
            sections={sections}
            hideReadOnlyFields={row === null}
          />
          {base && schema.files && (
            <FilesSection schema={schema} rowId={base.id} canUpload={!readOnly} canDelete={!readOnly} />
          )}
          {base && <RecordHistory entity={schema.name} id={base.id} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{readOnly ? 'Close' : 'Cancel'}</Button>
          {!readOnly && (
            <Button
              variant="contained"
              onClick={() => void record.save()}
              disabled={saving || !form.isValid || !record.hasChanges || record.gone}
            >
              Save
            </Button>
          )}
        </DialogActions>
      </Dialog>
      <Dialog open={confirmDiscard} onClose={() => setConfirmDiscard(false)} aria-labelledby={`${titleId}-discard`}>
        <DialogTitle id={`${titleId}-discard`}>Discard changes?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The changes you made to this {schema.label.toLowerCase()} are not saved.
          </DialogContentText>
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
