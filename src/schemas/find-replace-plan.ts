import { copyText } from './copy-text';
import { parseInput, type LookupResolver } from './parse-input';
import type { FieldDef } from './schema-types';
import type { FindChange, FindResult, FindRow, Matcher } from '../lib/find-replace';

/**
 * Find and replace over the grid's cells, as the cells read (a lookup by its label, an enum by its label): pure,
 * so 50,000 rows are planned in one pass without the grid or React, and the server plans a whole view with the
 * same code. A replaced text is read back by its field as a paste is (parseInput): a label that names no row,
 * or an amount that is not a number, becomes a change with its error, shown in the preview and kept in its cell
 * like any refused paste.
 */

/** A cell's text as it reads when it matches, else null (an empty cell never matches). */
export function matchingText(
  field: FieldDef,
  value: unknown,
  matcher: Extract<Matcher, { ok: true }>,
  label: (entity: string, id: unknown) => string | undefined,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  const text = copyText(field, value, label);
  return matcher.test(text) ? text : null;
}

type PlanInput = {
  rows: Iterable<FindRow>;
  fields: readonly FieldDef[];
  matcher: Extract<Matcher, { ok: true }>;
  /** Null: find only (count the matches). */
  replaceWith: string | null;
  label: (entity: string, id: unknown) => string | undefined;
  resolve?: LookupResolver;
};

/**
 * Every cell of `rows` x `fields` whose text matches: counted, and with `replaceWith`, planned as a change (the
 * new text read by the field). A match in a read-only field or row is counted and skipped; a replacement that
 * leaves the text as it was is no change.
 */
export function planFindReplace({ rows, fields, matcher, replaceWith, label, resolve }: PlanInput): FindResult {
  let matches = 0;
  let skipped = 0;
  const changes: FindChange[] = [];
  for (const row of rows) {
    for (const field of fields) {
      const before = matchingText(field, row.values[field.name], matcher, label);
      if (before === null) continue;
      matches += 1;
      if (replaceWith === null) continue;
      if (field.readOnly || row.readOnly) {
        skipped += 1;
        continue;
      }
      const after = matcher.replace(before, replaceWith);
      if (after === before) continue;
      const parsed = parseInput(field, after, resolve);
      changes.push({
        rowKey: row.key,
        rowLabel: row.label,
        field: field.name,
        fieldLabel: field.label,
        before,
        after,
        value: parsed.ok ? parsed.value : after,
        ...(parsed.ok ? {} : { error: parsed.error }),
      });
    }
  }
  return { matches, changes, skipped };
}
