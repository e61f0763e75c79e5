import type { EntitySchema, FieldDef } from '../../schemas/schema-types';

/** Headers compare ignoring case, spaces and underscores: 'Client name' = 'CLIENT_NAME' = 'clientname'. */
export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(/[\s_]+/g, '');
}

export type ColumnMatch = {
  /** Field name per column of the file (null: column ignored). */
  mapping: (string | null)[];
  matched: { column: number; header: string; field: string }[];
  /** Headers that match no field: ignored, with a notice. */
  unmatched: string[];
  /** Headers of read-only fields (computed by the system): ignored, with a notice. */
  readOnly: string[];
  /** A second column for a field already matched: ignored, with a notice. */
  repeated: string[];
  /** Labels of required fields with no column in the file. */
  missingRequired: string[];
};

/** Matches the file's columns to fields by label, excelHeader or field name. */
export function matchColumns(schema: EntitySchema, headers: readonly string[]): ColumnMatch {
  const byName = new Map<string, FieldDef>();
  // Labels and Excel headers first, so a label wins over another field's raw name.
  for (const field of schema.fields) {
    for (const name of [field.excelHeader, field.label])
      if (name) if (!byName.has(normaliseHeader(name))) byName.set(normaliseHeader(name), field);
  }
  for (const field of schema.fields)
    if (!byName.has(normaliseHeader(field.name))) byName.set(normaliseHeader(field.name), field);

  const result: ColumnMatch = {
    mapping: [],
    matched: [],
    unmatched: [],
    readOnly: [],
    repeated: [],
    missingRequired: [],
  };
  const used = new Set<string>();
  headers.forEach((header, column) => {
    const field = header.trim() === '' ? undefined : byName.get(normaliseHeader(header));
    if (!field) {
      if (header.trim() !== '') result.unmatched.push(header);
      result.mapping.push(null);
    } else if (field.readOnly) {
      result.readOnly.push(header);
      result.mapping.push(null);
    } else if (used.has(field.name)) {
      result.repeated.push(header);
      result.mapping.push(null);
    } else {
      used.add(field.name);
      result.matched.push({ column, header, field: field.name });
      result.mapping.push(field.name);
    }
  });
  result.missingRequired = schema.fields
    .filter((f) => f.required && !f.numbered && !f.readOnly && f.default === undefined && !used.has(f.name))
    .map((f) => f.label);
  return result;
}
