import { useCallback, useMemo, useState } from 'react';
import type { EntitySchema } from '../schemas/schema-types';
import type { FieldErrors } from '../schemas/validators';
import { changedValues, formFieldNames, validateForm, writableValues, type FormSelection } from './form-model';

export type FormEngineState = {
  value: Record<string, unknown>;
  setValue: (next: Record<string, unknown> | ((current: Record<string, unknown>) => Record<string, unknown>)) => void;
  /** Errors to show: of fields the user has left, or of every field after validate(). */
  errors: FieldErrors;
  /** Every current error, shown or not. */
  allErrors: FieldErrors;
  /** Marks every field touched (so all errors show) and answers whether the form is valid. */
  validate: () => boolean;
  isValid: boolean;
  touched: Record<string, boolean>;
  touch: (name: string) => void;
  /** Starts over from a row (or the defaults), nothing touched. */
  reset: (row?: Record<string, unknown> | null) => void;
  /** The fields changed since the start (or the last reset). */
  changes: Record<string, unknown>;
  isDirty: boolean;
  /** Spread into <FormEngine>: schema, value, onChange, errors, touched, onTouch. */
  formProps: {
    schema: EntitySchema;
    value: Record<string, unknown>;
    onChange: (next: Record<string, unknown>) => void;
    errors: FieldErrors;
    touched: Record<string, boolean>;
    onTouch: (name: string) => void;
  };
};

/**
 * Form state for a schema: the value (writable fields, defaults for a new row), touched fields and the
 * server's validation, so a dialog can disable Submit until the form is valid. `selection` limits the
 * validated fields to those a partial form shows.
 */
export function useFormEngine(
  schema: EntitySchema,
  initial?: Record<string, unknown> | null,
  selection?: FormSelection,
): FormEngineState {
  const [start, setStart] = useState(() => writableValues(schema, initial));
  const [value, setValueState] = useState(start);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);

  const selectionKey = JSON.stringify([
    selection?.fields ?? null,
    selection?.sections ?? null,
    selection?.hideReadOnlyFields ?? false,
  ]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- selectionKey stands for `selection`
  const scope = useMemo(() => (selection ? formFieldNames(schema, selection) : undefined), [schema, selectionKey]);
  const allErrors = useMemo(() => validateForm(schema, value, scope), [schema, value, scope]);
  const errors = useMemo(
    () => (submitted ? allErrors : Object.fromEntries(Object.entries(allErrors).filter(([name]) => touched[name]))),
    [allErrors, submitted, touched],
  );
  const changes = useMemo(() => changedValues(schema, start, value), [schema, start, value]);

  const setValue = useCallback<FormEngineState['setValue']>(
    (next) => setValueState((current) => (typeof next === 'function' ? next(current) : next)),
    [],
  );
  const touch = useCallback(
    (name: string) => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
    [],
  );
  const validate = useCallback(() => {
    setSubmitted(true);
    return Object.keys(allErrors).length === 0;
  }, [allErrors]);
  const reset = useCallback(
    (row?: Record<string, unknown> | null) => {
      const next = writableValues(schema, row);
      setStart(next);
      setValueState(next);
      setTouched({});
      setSubmitted(false);
    },
    [schema],
  );

  const isValid = Object.keys(allErrors).length === 0;
  const shownTouched = useMemo(
    () => (submitted ? Object.fromEntries(Object.keys(value).map((name) => [name, true])) : touched),
    [submitted, touched, value],
  );
  const formProps = useMemo(
    () => ({ schema, value, onChange: setValue, errors, touched: shownTouched, onTouch: touch }),
    [schema, value, setValue, errors, shownTouched, touch],
  );
  return {
    value,
    setValue,
    errors,
    allErrors,
    validate,
    isValid,
    touched: shownTouched,
    touch,
    reset,
    changes,
    isDirty: Object.keys(changes).length > 0,
    formProps,
  };
}
