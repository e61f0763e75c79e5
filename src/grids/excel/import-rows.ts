import type { ImportMode } from '../../lib/entity-api';
import { parseInput, type LookupResolver } from '../../schemas/parse-input';
import {
  fieldByName,
  ruleMessage,
  type EntitySchema,
  type FieldDef,
  type MoneyField,
} from '../../schemas/schema-types';
import { defaultRow, validateRow } from '../../schemas/validators';
import { unneutralise } from './neutralise';
import { cellText } from './cell-text';

/** The shared 'no errors' of valid rows (one object, so 50,000 valid rows cross from the worker cheaply). Never mutated. */
const NO_ERRORS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** Key of a row-level message in `errors` (not tied to one field). */
export const ROW_ERROR = '_row';

/** One data row of an import, as previewed and sent. */
export type ImportRow = {
  /** Position in the file's data rows, and in ImportRequest.rows. */
  index: number;
  /** The sheet row number Excel shows (header is row 1). */
  rowNumber: number;
  /** The cell as read from the file (or as the user retyped it), per mapped field. */
  cells: Record<string, unknown>;
  /** Wire values of the mapped fields (a field whose cell did not parse is left out). */
  values: Record<string, unknown>;
  /** Parse and validation errors per field. */
  cellErrors: Record<string, string>;
  /** cellErrors plus 'Duplicate of row N' on the key/unique fields of a repeated row. */
  errors: Record<string, string>;
};

export type BuildOptions = {
  /** Sheet row number per data row (default: index + 2). */
  rowNumbers?: readonly number[];
  /**
   * 0 and 1 may add rows, so each row is validated as a new row ('create': every required field,
   * unmapped fields taking their defaults); 3 only updates, so only the file's fields are checked.
   */
  mode?: ImportMode;
};

/** Parses and validates one row from its cells (field -> raw cell). */
export function buildImportRow(
  schema: EntitySchema,
  index: number,
  rowNumber: number,
  cells: Record<string, unknown>,
  resolveLookup: LookupResolver | undefined,
  mode: ImportMode = 0,
): ImportRow {
  const values: Record<string, unknown> = {};
  const cellErrors: Record<string, string> = {};
  const parse = (field: FieldDef, rowCurrency?: string) => {
    const parsed = parseInput(field, unneutralise(cells[field.name]), resolveLookup, { rowCurrency });
    if (parsed.ok) values[field.name] = parsed.value;
    else cellErrors[field.name] = parsed.error;
  };
  // Money cells last: an amount naming a currency ('USD 1,250') is read when it is the row's, as the
  // file's currency cell names it (a code, as exported); a row updated without that column stays strict.
  const money: MoneyField[] = [];
  for (const name of Object.keys(cells)) {
    const field = fieldByName(schema, name);
    if (field?.kind === 'money') money.push(field);
    else if (field) parse(field);
  }
  for (const field of money) {
    const currency =
      field.currencyField in values && values[field.currencyField] !== null
        ? String(cells[field.currencyField]).trim().toUpperCase()
        : undefined;
    parse(field, currency);
  }
  const check =
    mode === 3
      ? validateRow(schema, values, 'update')
      : validateRow(schema, { ...defaultsOf(schema), ...withDefaultsForFailed(schema, values, cellErrors) }, 'create');
  if (!check.ok) {
    const missing: string[] = [];
    for (const [name, message] of Object.entries(check.errors)) {
      if (cellErrors[name]) continue;
      if (name in cells) cellErrors[name] = message;
      else missing.push(`${fieldByName(schema, name)?.label ?? name}: ${message}`);
    }
    if (missing.length) cellErrors[ROW_ERROR] = `Not in the file: ${missing.join('; ')}`;
  }
  checkRowRules(schema, values, cellErrors);
  const errors = Object.keys(cellErrors).length === 0 ? NO_ERRORS : cellErrors;
  return { index, rowNumber, cells, values, cellErrors: errors, errors };
}

/**
 * The schema's row rules (ISA letters, range high above low), the same pure functions the server runs, on
 * the rules whose every field the file gives and reads: so a row with `KQ` letters is marked in the preview
 * and carries that error into the rejected-rows workbook, also when another cell of it is wrong (then the
 * server never sees it). A rule reading a field the file does not give is left to the server, which merges
 * the row over the stored one. Warning rules are the server's to ask about.
 */
function checkRowRules(
  schema: EntitySchema,
  values: Record<string, unknown>,
  cellErrors: Record<string, string>,
): void {
  for (const rule of schema.rules ?? []) {
    if (rule.warning || !rule.fields.every((name) => name in values && !(name in cellErrors))) continue;
    if (!rule.holds(values)) cellErrors[rule.fields[0] as string] = ruleMessage(rule, values);
  }
}

/**
 * What the preview shows for a field of a row: the cell as text, '' when the file has no such column.
 * Worked out when shown rather than stored in the row: 50,000 rows cross from the worker a third lighter.
 */
export function cellDisplayText(row: ImportRow, field: string): string {
  return field in row.cells ? cellText(unneutralise(row.cells[field])) : '';
}

const defaultsCache = new WeakMap<EntitySchema, Record<string, unknown>>();
/** defaultRow, once per schema (only ever spread, never changed). */
function defaultsOf(schema: EntitySchema): Record<string, unknown> {
  let defaults = defaultsCache.get(schema);
  if (!defaults) {
    defaults = Object.freeze(defaultRow(schema)) as Record<string, unknown>;
    defaultsCache.set(schema, defaults);
  }
  return defaults;
}

/** A field whose cell failed to parse is validated as its default, so its parse error is the one shown. */
function withDefaultsForFailed(
  schema: EntitySchema,
  values: Record<string, unknown>,
  cellErrors: Record<string, string>,
): Record<string, unknown> {
  if (Object.keys(cellErrors).length === 0) return values;
  const defaults = defaultsOf(schema);
  const result = { ...values };
  for (const name of Object.keys(cellErrors)) if (name in defaults) result[name] = defaults[name];
  return result;
}

/**
 * Each file row through parseInput, then validateRow; rows repeating the natural key (or a unique
 * field) of an earlier row are flagged 'Duplicate of row N'.
 */
export function buildImportRows(
  schema: EntitySchema,
  rows: readonly (readonly unknown[])[],
  mapping: readonly (string | null)[],
  resolveLookup: LookupResolver | undefined,
  options: BuildOptions = {},
): ImportRow[] {
  const result: ImportRow[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++)
    result[i] = buildImportRow(
      schema,
      i,
      options.rowNumbers?.[i] ?? i + 2,
      cellsOf(rows[i]!, mapping),
      resolveLookup,
      options.mode,
    );
  return applyDuplicates(schema, result);
}

/** The mapped cells of a file row, by field name. */
export function cellsOf(row: readonly unknown[], mapping: readonly (string | null)[]): Record<string, unknown> {
  const cells: Record<string, unknown> = {};
  mapping.forEach((field, column) => {
    if (field) cells[field] = row[column] ?? null;
  });
  return cells;
}

/** The user retyped one cell in the preview: that row is re-parsed and re-validated, duplicates re-checked. */
export function editImportCell(
  schema: EntitySchema,
  rows: readonly ImportRow[],
  index: number,
  field: string,
  text: string,
  resolveLookup: LookupResolver | undefined,
  mode: ImportMode = 0,
): ImportRow[] {
  const row = rows[index];
  if (!row) return [...rows];
  const next = [...rows];
  next[index] = buildImportRow(schema, row.index, row.rowNumber, { ...row.cells, [field]: text }, resolveLookup, mode);
  return applyDuplicates(schema, next);
}

/** Re-validates every row (after the import mode changes). */
export function revalidateRows(
  schema: EntitySchema,
  rows: readonly ImportRow[],
  resolveLookup: LookupResolver | undefined,
  mode: ImportMode,
): ImportRow[] {
  return applyDuplicates(
    schema,
    rows.map((row) => buildImportRow(schema, row.index, row.rowNumber, row.cells, resolveLookup, mode)),
  );
}

/** The key groups checked for repeats within the file: the natural key, then each unique field. */
function keyGroups(schema: EntitySchema): string[][] {
  const groups = [[...schema.key]];
  for (const field of schema.fields)
    if (field.unique && !(schema.key.length === 1 && schema.key[0] === field.name)) groups.push([field.name]);
  return groups;
}

/** Sets `errors` = cellErrors + 'Duplicate of row N' on later rows that repeat a key. Returns the same array. */
export function applyDuplicates(schema: EntitySchema, rows: ImportRow[]): ImportRow[] {
  const groups = keyGroups(schema);
  const firstSeen = groups.map(() => new Map<string, number>());
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    let duplicates: Record<string, string> | undefined;
    groups.forEach((group, g) => {
      if (
        !group.every((name) => name in row.values) ||
        group.some((name) => row.values[name] === null || row.values[name] === undefined)
      )
        return;
      const key = JSON.stringify(group.map((name) => row.values[name]));
      const first = firstSeen[g]!.get(key);
      if (first === undefined) firstSeen[g]!.set(key, row.rowNumber);
      else
        for (const name of group)
          if (!(name in row.cellErrors)) (duplicates ??= {})[name] ??= `Duplicate of row ${first}`;
    });
    const errors = duplicates ? { ...row.cellErrors, ...duplicates } : row.cellErrors;
    if (!sameErrors(errors, row.errors)) rows[i] = { ...row, errors };
  }
  return rows;
}

function sameErrors(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

export function hasErrors(row: ImportRow, serverErrors?: Record<string, string>): boolean {
  return Object.keys(row.errors).length > 0 || (serverErrors !== undefined && Object.keys(serverErrors).length > 0);
}
