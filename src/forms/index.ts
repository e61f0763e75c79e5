/** The form engine: schema-driven MUI forms with the server's validation. */
export { FormEngine, type FormEngineProps } from './form-engine';
export { useFormEngine, type FormEngineState } from './use-form-engine';
export { RecordForm, type RecordFormProps } from './record-form';
export { EntityFormDialog, formDialogTitle, type EntityFormDialogProps } from './entity-form-dialog';
export { useRecordSave, type RecordSaveOptions, type SaveConflict } from './use-record-save';
export { SaveConflictAlert } from './save-conflict-alert';
export { FieldInput, FORM_DATE_FORMAT, type FieldInputProps } from './field-input';
export { LookupInput, useLookupLabel, searchLookupOptions } from './lookup-input';
export {
  requiredLabel,
  formSections,
  formFieldNames,
  isFullWidth,
  writableValues,
  fieldError,
  validateForm,
  changedValues,
  type FormSection,
  type FormSelection,
} from './form-model';
