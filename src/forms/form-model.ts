import type { EntitySchema, FieldDef } from '../schemas/schema-types';
import { sameFieldValue } from '../schemas/same-value';
import { defaultRow, fieldValidator, validateRow, type FieldErrors } from '../schemas/validators';

/**
 * The pure part of the form engine: which fields a form shows and how they group, labels, and the
 * same validation the server runs (validateRow / fieldValidator from src/schemas/validators).
 */

/** A field's label as forms show it: required fields end in ' *' (e.g. 'Request Type *'). */
export function requiredLabel(field: Pick<FieldDef, 'label' | 'required'>): string {
  return field.required ? `${field.label} *` : field.label;
}

export type FormSection = { title: string; fields: FieldDef[] };

export type FormSelection = {
  /** Only these fields (by name). */
  fields?: readonly string[];
  /** Only fields of these sections ('' for fields without a section). */
  sections?: readonly string[];
  /** Leave out the schema's read-only fields (e.g. on a new row, where the system sets them). */
  hideReadOnlyFields?: boolean;
};

/**
 * The fields a form shows, grouped by form.section (sections in the order they first appear in the
 * schema; fields without a section first), each group ordered by form.order (fields without an order
 * after, in schema order).
 */
export function formSections(schema: EntitySchema, selection: FormSelection = {}): FormSection[] {
  const chosen = schema.fields.filter(
    (field) =>
      (!selection.fields || selection.fields.includes(field.name)) &&
      (!selection.sections || selection.sections.includes(field.form?.section ?? '')) &&
      !(selection.hideReadOnlyFields && field.readOnly),
  );
  const groups = new Map<string, FieldDef[]>();
  if (chosen.some((f) => !f.form?.section)) groups.set('', []);
  for (const field of chosen) {
    const title = field.form?.section ?? '';
    const group = groups.get(title) ?? [];
    group.push(field);
    groups.set(title, group);
  }
  const position = new Map(schema.fields.map((f, i) => [f.name, i]));
  const rank = (f: FieldDef) => f.form?.order ?? Number.POSITIVE_INFINITY;
  return [...groups.entries()].map(([title, fields]) => ({
    title,
    fields: [...fields].sort((a, b) => rank(a) - rank(b) || (position.get(a.name) ?? 0) - (position.get(b.name) ?? 0)),
  }));
}

/** The names of the fields a selection shows. */
export function formFieldNames(schema: EntitySchema, selection: FormSelection = {}): string[] {
  return formSections(schema, selection).flatMap((section) => section.fields.map((f) => f.name));
}

/** Whether a field spans the whole form row: form.fullWidth, else long texts do. */
export function isFullWidth(field: FieldDef): boolean {
  return field.form?.fullWidth ?? field.kind === 'longText';
}

/** The writable field values of a row (meta columns and read-only fields left out), with defaults for missing ones. */
export function writableValues(
  schema: EntitySchema,
  row: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const defaults = defaultRow(schema);
  if (!row) return defaults;
  return Object.fromEntries(
    Object.keys(defaults).map((name) => [name, row[name] === undefined ? defaults[name] : row[name]]),
  );
}

/** The message of one field's value, as the server would answer it; undefined when valid. */
export function fieldError(field: FieldDef, value: unknown): string | undefined {
  if (field.readOnly) return undefined;
  const result = fieldValidator(field).safeParse(value === undefined ? null : value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'Invalid');
}

/**
 * Validates a form's value as a new row (validateRow 'create' over the writable fields), answering the
 * errors of the fields in `only` (default: all).
 */
export function validateForm(
  schema: EntitySchema,
  value: Record<string, unknown>,
  only?: readonly string[],
): FieldErrors {
  const result = validateRow(schema, writableValues(schema, value), 'create');
  if (result.ok) return {};
  if (!only) return result.errors;
  return Object.fromEntries(Object.entries(result.errors).filter(([name]) => only.includes(name)));
}

/** Writable fields whose value differs from the original row (the `changes` of an update). */
export function changedValues(
  schema: EntitySchema,
  original: Record<string, unknown>,
  value: Record<string, unknown>,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of schema.fields) {
    if (field.readOnly || !(field.name in value)) continue;
    if (!sameFieldValue(field, original[field.name], value[field.name])) changes[field.name] = value[field.name];
  }
  return changes;
}

/**
 * Where a form on an existing row starts: the row's writable values with the unsaved edits made
 * elsewhere (the grid's pending changes) applied, for the fields in `shown` only (a partial form leaves
 * the others as saved, so its save does not carry edits it never showed).
 */
export function withPendingEdits(
  schema: EntitySchema,
  row: Record<string, unknown> | null | undefined,
  pending: Record<string, unknown> | undefined,
  shown: readonly string[],
): Record<string, unknown> {
  const values = writableValues(schema, row);
  if (!row || !pending) return values;
  for (const name of shown) if (name in pending && name in values) values[name] = pending[name];
  return values;
}

/** The snackbar after a row is saved: 'Saved <the row's label>' (its id when it has no label). */
export function savedMessage(schema: EntitySchema, row: Record<string, unknown>): string {
  const label = row[schema.labelField];
  return `Saved ${label === null || label === undefined || label === '' ? `${schema.label} #${String(row.id)}` : String(label)}`;
}
