import { useMemo } from 'react';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';

/**
 * Read-only fields (computed, server-set) are not in a form's value: shown from the row as saved (a quote
 * line's total and base amount), and a change never carries them, so a save sends only what users may set.
 */
export function useReadOnlyValues(
  schema: EntitySchema,
  base: EntityRow | null | undefined,
  value: Record<string, unknown>,
  change: (next: Record<string, unknown>) => void,
) {
  const readOnlyFields = useMemo(() => new Set(schema.fields.filter((f) => f.readOnly).map((f) => f.name)), [schema]);
  const shown = useMemo(
    () => ({ ...(base ? Object.fromEntries([...readOnlyFields].map((name) => [name, base[name]])) : {}), ...value }),
    [base, value, readOnlyFields],
  );
  const onChange = (next: Record<string, unknown>) =>
    change(Object.fromEntries(Object.entries(next).filter(([name]) => !readOnlyFields.has(name))));
  return { shown, onChange };
}
