import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { formatValue } from '../schemas/display-format';
import { parseInput } from '../schemas/parse-input';
import { fieldByName, type EntitySchema, type FieldDef } from '../schemas/schema-types';
import { requiredLabel } from './form-model';
import { LookupInput, useLookupLabel } from './lookup-input';
import { SuggestInput } from './suggest-input';

export const FORM_DATE_FORMAT = 'YYYY-MM-DD';

export type FieldInputProps = {
  schema: EntitySchema;
  field: FieldDef;
  /** The whole form value (money reads its currency from it). */
  row: Record<string, unknown>;
  id: string;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
  readOnly: boolean;
  /** With readOnly: the value as plain text (a dialog the user cannot edit), not an input that looks editable. */
  readOnlyText?: boolean;
};

/**
 * The document (project id) a form works in: its schema is a scoped copy (scopedSchema) whose root field
 * defaults to the document. Lookups to lists kept per document then offer that document's rows only.
 */
export function documentScopeOf(schema: EntitySchema): number | undefined {
  const root = schema.scope ? fieldByName(schema, schema.scope.root) : undefined;
  return typeof root?.default === 'number' ? root.default : undefined;
}

/**
 * A new document whose form holds its own root (a duty sheet opened at /dutysheet/0 names its project):
 * once the user picks the project, lookups to that project's lists offer its rows only.
 */
function chosenScopeOf(schema: EntitySchema, row: Readonly<Record<string, unknown>>): number | undefined {
  const value = schema.scope ? row[schema.scope.root] : undefined;
  return typeof value === 'number' ? value : undefined;
}

/** One input per field kind; labels end in ' *' when required, help text under the input unless there is an error. */
export function FieldInput(props: FieldInputProps) {
  const { field, row, id, onChange, onBlur, error, readOnly } = props;
  const value = row[field.name];
  const label = requiredLabel(field);
  const helperText = error ?? field.help;
  const disabled = Boolean(field.readOnly);
  const required = Boolean(field.required);
  const htmlInput = { 'aria-required': required || undefined, 'aria-invalid': error ? true : undefined };
  if (readOnly && props.readOnlyText) return <ReadOnlyValue {...props} label={label} />;

  const via = field.kind === 'text' && field.suggest ? fieldByName(props.schema, field.suggest.projectVia) : undefined;
  if (field.kind === 'text' && field.suggest && via?.kind === 'lookup' && !readOnly) {
    const parent = row[via.name];
    return (
      <SuggestInput
        {...{ id, label, onBlur, disabled, helperText }}
        value={typeof value === 'string' ? value : ''}
        entity={field.suggest.entity}
        parentEntity={via.entity}
        parentId={typeof parent === 'number' ? parent : null}
        onChange={onChange}
        error={Boolean(error)}
        maxLength={field.maxLength}
      />
    );
  }
  switch (field.kind) {
    case 'text':
    case 'longText':
      return (
        <TextField
          id={id}
          fullWidth
          label={label}
          value={typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)}
          onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
          onBlur={onBlur}
          error={Boolean(error)}
          helperText={helperText}
          placeholder={field.placeholder}
          disabled={disabled}
          multiline={field.kind === 'longText'}
          minRows={field.kind === 'longText' ? 3 : undefined}
          // A hint the user should read before typing (spec §5's placeholders) is shown at once, not only on focus.
          slotProps={{
            htmlInput: { ...htmlInput, maxLength: field.maxLength },
            input: { readOnly },
            inputLabel: field.placeholder ? { shrink: true } : undefined,
          }}
        />
      );
    case 'integer':
      if (field.choices?.length) {
        // Named levels (e.g. priority '5 - Medium'): a select, so the user picks a label rather than typing a number.
        const choices = field.choices.map((c) => ({ value: String(c.value), label: c.label }));
        return (
          <ChoiceSelect
            {...{
              id,
              label,
              helperText,
              disabled,
              readOnly,
              onBlur,
              htmlInput,
              choices,
              required: Boolean(field.required),
              error: Boolean(error),
            }}
            value={typeof value === 'number' ? String(value) : ''}
            onChange={(next) => onChange(next === null ? null : Number(next))}
          />
        );
      }
      return <NumberInput {...props} label={label} helperText={helperText} disabled={disabled} htmlInput={htmlInput} />;
    case 'decimal':
    case 'percent':
    case 'money':
      return <NumberInput {...props} label={label} helperText={helperText} disabled={disabled} htmlInput={htmlInput} />;
    case 'date':
      return (
        <DatePicker
          label={label}
          format={FORM_DATE_FORMAT}
          value={typeof value === 'string' && value ? dayjs(value) : null}
          onChange={(next: Dayjs | null) =>
            onChange(next === null ? null : next.isValid() ? next.format(FORM_DATE_FORMAT) : 'Invalid date')
          }
          onClose={onBlur}
          disabled={disabled}
          readOnly={readOnly}
          slotProps={{ textField: { id, fullWidth: true, error: Boolean(error), helperText, onBlur } }}
        />
      );
    case 'boolean':
      return (
        <FormControl error={Boolean(error)} disabled={disabled}>
          <FormControlLabel
            control={
              <Switch
                id={id}
                checked={value === true}
                onChange={(event) => onChange(event.target.checked)}
                onBlur={onBlur}
                disabled={disabled || readOnly}
              />
            }
            label={label}
          />
          {helperText && <FormHelperText>{helperText}</FormHelperText>}
        </FormControl>
      );
    case 'enum':
      return (
        <ChoiceSelect
          {...{
            id,
            label,
            helperText,
            disabled,
            readOnly,
            onBlur,
            htmlInput,
            choices: field.options,
            required: Boolean(field.required),
            error: Boolean(error),
          }}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
        />
      );
    case 'lookup':
      return (
        <LookupInput
          field={field}
          id={id}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          label={label}
          error={Boolean(error)}
          helperText={helperText}
          disabled={disabled}
          readOnly={readOnly}
          required={required}
          scope={documentScopeOf(props.schema) ?? chosenScopeOf(props.schema, row)}
        />
      );
  }
}

/**
 * A value shown as read-only text: the label above, the value as people read it (a lookup by its label,
 * an enum by its name, a number grouped with its unit), no box or underline that invites typing.
 */
function ReadOnlyValue({ schema, field, row, id, label }: FieldInputProps & { label: string }) {
  const value = row[field.name];
  const lookupLabel = useLookupLabel(
    field.kind === 'lookup' ? field.entity : '',
    field.kind === 'lookup' ? value : undefined,
  );
  const currency = useRowCurrency(schema, field, row);
  let text: string;
  if (value === null || value === undefined || value === '') text = '—';
  else if (field.kind === 'lookup') text = lookupLabel ?? `#${String(value)}`;
  else if (field.kind === 'boolean') text = value === true ? 'Yes' : 'No';
  else if (field.kind === 'integer' && field.choices?.length)
    text = field.choices.find((c) => c.value === value)?.label ?? String(value);
  else {
    text = formatValue(field, value, currency);
    const unit = field.kind !== 'money' && 'unit' in field && field.unit ? field.unit : null;
    if (unit) text = `${text} ${unit}`;
  }
  return (
    <TextField
      id={id}
      fullWidth
      variant="standard"
      label={label}
      value={text}
      multiline={field.kind === 'longText'}
      helperText={field.help}
      slotProps={{
        input: { readOnly: true, disableUnderline: true },
        htmlInput: { 'aria-readonly': true },
        inputLabel: { shrink: true },
      }}
      sx={{ '& .MuiInputBase-input': { cursor: 'default' } }}
    />
  );
}

type NumberInputProps = FieldInputProps & {
  label: string;
  helperText: string | undefined;
  disabled: boolean;
  htmlInput: Record<string, unknown>;
};

const toText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Numbers are typed as text ('1,234.5' is fine) and parsed with parseInput; what does not parse is kept
 * as typed, so validation says what is wrong. The unit (or the money's currency code) is an adornment.
 */
function NumberInput({
  schema,
  field,
  row,
  id,
  onChange,
  onBlur,
  error,
  readOnly,
  label,
  helperText,
  disabled,
  htmlInput,
}: NumberInputProps) {
  const value = row[field.name];
  const [text, setText] = useState(() => toText(value));
  const [shown, setShown] = useState(value);
  const currency = useRowCurrency(schema, field, row);
  const context = { rowCurrency: currency };
  // The value changed from outside (reset, reload): show it.
  if (shown !== value) {
    setShown(value);
    const parsed = parseInput(field, text, undefined, context);
    if (!(parsed.ok && parsed.value === value) && text !== value) setText(toText(value));
  }
  const unit = field.kind === 'money' ? (currency ?? '') : 'unit' in field && field.unit ? field.unit : null;
  return (
    <TextField
      id={id}
      fullWidth
      label={label}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const parsed = parseInput(field, next, undefined, context);
        const nextValue = parsed.ok ? parsed.value : next;
        setShown(nextValue);
        onChange(nextValue);
      }}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={helperText}
      placeholder={field.placeholder}
      disabled={disabled}
      slotProps={{
        htmlInput: { ...htmlInput, inputMode: field.kind === 'integer' ? 'numeric' : 'decimal' },
        input: { readOnly, endAdornment: unit ? <InputAdornment position="end">{unit}</InputAdornment> : undefined },
      }}
    />
  );
}

/** For a money field, the code of the currency the row's currencyField points at (e.g. 'USD'); else undefined. */
function useRowCurrency(schema: EntitySchema, field: FieldDef, row: Record<string, unknown>): string | undefined {
  const currencyField = field.kind === 'money' ? fieldByName(schema, field.currencyField) : undefined;
  const code = useLookupLabel(
    currencyField?.kind === 'lookup' ? currencyField.entity : 'currencies',
    currencyField ? row[currencyField.name] : undefined,
  );
  return currencyField ? code : undefined;
}

type ChoiceSelectProps = {
  id: string;
  label: string;
  value: string;
  choices: readonly { value: string; label: string }[];
  required: boolean;
  error: boolean;
  helperText: ReactNode;
  disabled: boolean;
  readOnly: boolean;
  htmlInput: Record<string, unknown>;
  onBlur: () => void;
  onChange: (value: string | null) => void;
};

/** A select of named choices (enum options, named integer levels); 'None' only when the field is optional. */
function ChoiceSelect({
  id,
  label,
  value,
  choices,
  required,
  error,
  helperText,
  disabled,
  readOnly,
  htmlInput,
  onBlur,
  onChange,
}: ChoiceSelectProps) {
  return (
    <TextField
      id={id}
      select
      fullWidth
      label={label}
      value={choices.some((c) => c.value === value) ? value : ''}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      onBlur={onBlur}
      error={error}
      helperText={helperText}
      disabled={disabled}
      slotProps={{ select: { readOnly, onClose: onBlur }, htmlInput }}
    >
      {!required && (
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
      )}
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
