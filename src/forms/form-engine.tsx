import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import 'dayjs/locale/en';
import { useCallback, useId, useMemo, useState } from 'react';
import type { EntitySchema } from '../schemas/schema-types';
import { FieldInput } from './field-input';
import { fieldError, formSections, isFullWidth } from './form-model';

export type FormEngineProps = {
  schema: EntitySchema;
  value: Record<string, unknown>;
  onChange: (next: Record<string, unknown>) => void;
  /** Errors to show whatever the user has touched (the server's 422 field errors, or useFormEngine's). */
  errors?: Record<string, string>;
  readOnly?: boolean;
  /** With readOnly: values as plain text rather than read-only inputs (a dialog the user cannot edit). */
  readOnlyText?: boolean;
  /** Only these fields. */
  fields?: readonly string[];
  /** Only the fields of these sections ('' for fields without a section). */
  sections?: readonly string[];
  /** Leave out the schema's read-only fields (a new row). */
  hideReadOnlyFields?: boolean;
  /** Touched fields, when the caller keeps them (useFormEngine); otherwise kept here. */
  touched?: Record<string, boolean>;
  onTouch?: (name: string) => void;
  /** Show every field's error now, as on submit. */
  showAllErrors?: boolean;
};

/**
 * Renders a schema (or the chosen fields/sections of it) as an MUI form: one input per field kind,
 * grouped by form.section under headings, ordered by form.order, fullWidth honoured; each field's
 * error (the server's validation, run here) shows once the user leaves it, and on submit.
 */
export function FormEngine({
  schema,
  value,
  onChange,
  errors,
  readOnly = false,
  readOnlyText = false,
  fields,
  sections,
  hideReadOnlyFields,
  touched: touchedProp,
  onTouch,
  showAllErrors,
}: FormEngineProps) {
  const idPrefix = useId();
  const [ownTouched, setOwnTouched] = useState<Record<string, boolean>>({});
  const touched = touchedProp ?? ownTouched;
  const groups = useMemo(
    () => formSections(schema, { fields, sections, hideReadOnlyFields }),
    [schema, fields, sections, hideReadOnlyFields],
  );

  const touch = useCallback(
    (name: string) => {
      if (onTouch) onTouch(name);
      else setOwnTouched((current) => (current[name] ? current : { ...current, [name]: true }));
    },
    [onTouch],
  );

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en">
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        {groups.map((group) => (
          <Box key={group.title || '(none)'} component="section" aria-label={group.title || undefined}>
            {group.title && (
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
                {group.title}
              </Typography>
            )}
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              {group.fields.map((field) => {
                const shown =
                  errors?.[field.name] ??
                  (showAllErrors || touched[field.name] ? fieldError(field, value[field.name]) : undefined);
                return (
                  <Box key={field.name} sx={{ gridColumn: isFullWidth(field) ? '1 / -1' : undefined, minWidth: 0 }}>
                    <FieldInput
                      schema={schema}
                      field={field}
                      row={value}
                      id={`${idPrefix}-${field.name}`}
                      onChange={(next) => onChange({ ...value, [field.name]: next })}
                      onBlur={() => touch(field.name)}
                      error={shown}
                      readOnly={readOnly}
                      readOnlyText={readOnlyText}
                    />
                  </Box>
                );
              })}
            </Box>
          </Box>
        ))}
      </Stack>
    </LocalizationProvider>
  );
}
