import { createHash } from 'node:crypto';
import { FIND_PREVIEW_LISTED, type FindPreviewFigures, type FindRow, type Matcher } from '../../../lib/find-replace';
import { copyText } from '../../../schemas/copy-text';
import { matchingText, planFindReplace } from '../../../schemas/find-replace-plan';
import { matchWithin } from './match-within';
import { getEntitySchema } from '../../../schemas/registry';
import { fieldByName, type EntityRow, type EntitySchema, type FieldDef } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { scanView, type RowWindow, type View } from './scan-view';
import { textKey, ViewLabels } from './view-labels';

/** What a find over a view reads: its rows' window, the fields searched, the matcher. */
export type ViewFind = {
  schema: EntitySchema;
  view: View;
  window: RowWindow;
  fields: readonly FieldDef[];
  matcher: Extract<Matcher, { ok: true }>;
  /** Rows per query (scan-view.ts SCAN_PAGE_ROWS; tests lower it to sweep the page boundaries). */
  pageRows?: number;
  /** How long one page's matching may take (match-within.ts PAGE_MATCH_MS; tests lower it). */
  matchMs?: number;
};

/** One row's planned writes: its version as read, and the new value of each field changed. */
export type RowUpdate = { id: number; version: number; changes: Record<string, unknown> };

export type ViewPlan = FindPreviewFigures & {
  /** The readable changes by row, in view order (kept only when asked for: apply writes them). */
  updates: RowUpdate[];
  rows: number;
};

/** The wire columns a find reads: the row's id and version, its label, its document, the fields searched. */
function columnsOf(find: ViewFind): string[] {
  const { schema, fields } = find;
  const names = ['id', 'version', schema.labelField, ...(schema.scope ? [schema.scope.root] : [])];
  return [...new Set([...names, ...fields.map((f) => f.name)])].filter(
    (name) => name === 'id' || name === 'version' || fieldByName(schema, name) !== undefined,
  );
}

/** A row as people name it in the preview and in "Found in ...": its label as its cell shows it. */
function rowLabel(schema: EntitySchema, labels: ViewLabels, row: EntityRow, index: number): string {
  const field = fieldByName(schema, schema.labelField);
  const text = field ? copyText(field, row[field.name], labels.label) : '';
  return text === '' ? `Row ${index + 1}` : text;
}

/** The fields as a find may write them: a computed or aggregated field is never typed, so is skipped like a read-only one. */
export function searchedFields(schema: EntitySchema, names: readonly string[]): FieldDef[] | { unknown: string[] } {
  const unknown = names.filter((name) => !fieldByName(schema, name));
  if (unknown.length > 0) return { unknown };
  return names.map((name) => {
    const field = fieldByName(schema, name)!;
    return field.computed || field.aggregate ? { ...field, readOnly: true } : field;
  });
}

/** Count: every matching cell of the window, once. */
export async function countMatches(tx: Db, find: ViewFind): Promise<{ matches: number; rows: number }> {
  const labels = new ViewLabels(tx, find.schema);
  let matches = 0;
  const rows = await scanView(
    tx,
    find.schema,
    find.view,
    columnsOf(find),
    find.window,
    async (page) => {
      await labels.ensureIds(page, find.fields);
      // Counted as the grid counts (planFindReplace with no replacement).
      const rows = page.map((row) => ({ key: String(row.id), label: '', values: row }));
      matches += matchWithin(
        () =>
          planFindReplace({
            rows,
            fields: find.fields,
            matcher: find.matcher,
            replaceWith: null,
            label: labels.label,
          }).matches,
        find.matchMs,
      );
      return false;
    },
    find.pageRows,
  );
  return { matches, rows };
}

/**
 * Next: the first matching cell after `from` in the window, row by row and the fields in their order, wrapping
 * round to the window's top once (the start row is read again whole, so a lone match is found again), as the
 * grid's findNext walks the rows it holds. A start outside the window starts at its top.
 */
export async function nextMatch(
  tx: Db,
  find: ViewFind,
  from: { index: number; field: string | null } | undefined,
): Promise<{ index: number; id: number; field: string; label: string } | null> {
  const { schema, fields, matcher } = find;
  const labels = new ViewLabels(tx, schema);
  const labelField = fieldByName(schema, schema.labelField);
  const top = find.window.offset;
  const end = find.window.limit === undefined ? Infinity : top + find.window.limit;
  const inside = from !== undefined && from.index >= top && from.index < end;
  const start = inside ? from.index : top;
  const startCol = inside && from.field !== null ? fields.findIndex((f) => f.name === from.field) : -1;
  const answer: { found: { index: number; id: number; field: string; label: string } | null } = { found: null };
  const search = (startRowAfter: number) => async (page: EntityRow[], firstIndex: number) => {
    await labels.ensureIds(page, labelField ? [...fields, labelField] : fields);
    answer.found = matchWithin(() => {
      for (const [i, row] of page.entries()) {
        const index = firstIndex + i;
        for (let col = index === start ? startRowAfter + 1 : 0; col < fields.length; col += 1) {
          const field = fields[col]!;
          if (matchingText(field, row[field.name], matcher, labels.label) === null) continue;
          return { index, id: row.id, field: field.name, label: rowLabel(schema, labels, row, index) };
        }
      }
      return null;
    }, find.matchMs);
    return answer.found !== null;
  };
  const columns = columnsOf(find);
  const tail = { offset: start, ...(end === Infinity ? {} : { limit: end - start }) };
  await scanView(tx, schema, find.view, columns, tail, search(startCol), find.pageRows);
  if (answer.found || (start === top && startCol === -1)) return answer.found;
  // Round again from the top, through the start row whole.
  const head = { offset: top, limit: start - top + 1 };
  await scanView(tx, schema, find.view, columns, head, search(-1), find.pageRows);
  return answer.found;
}

/**
 * Preview and apply's plan: every matching cell counted; with the replacement, each change read by its field
 * (planFindReplace, as the grid plans), listed up to FIND_PREVIEW_LISTED, hashed into the plan's digest
 * (id, version, field, new value and whether it is readable, in view order: a row saved meanwhile changes it),
 * and with `keepUpdates`, the readable changes gathered by row for the write.
 */
export async function planReplace(
  tx: Db,
  find: ViewFind,
  replaceWith: string,
  keepUpdates: boolean,
): Promise<ViewPlan> {
  const { schema, fields, matcher } = find;
  const labels = new ViewLabels(tx, schema);
  const labelField = fieldByName(schema, schema.labelField);
  const digest = createHash('sha256');
  const plan: ViewPlan = {
    matches: 0,
    skipped: 0,
    changes: 0,
    unreadable: 0,
    listed: [],
    planDigest: '',
    updates: [],
    rows: 0,
  };
  plan.rows = await scanView(
    tx,
    schema,
    find.view,
    columnsOf(find),
    find.window,
    async (page, firstIndex) => {
      await labels.ensureIds(page, labelField ? [...fields, labelField] : fields);
      await labels.ensureTexts(matchWithin(() => typedTexts(labels, page, find, replaceWith), find.matchMs));
      matchWithin(() => planPage(page, firstIndex), find.matchMs);
      return false;
    },
    find.pageRows,
  );
  plan.planDigest = digest.digest('hex');
  return plan;

  function planPage(page: EntityRow[], firstIndex: number): void {
    for (const [i, row] of page.entries()) {
      const findRow: FindRow = {
        key: String(row.id),
        label: rowLabel(schema, labels, row, firstIndex + i),
        values: row,
      };
      const result = planFindReplace({
        rows: [findRow],
        fields,
        matcher,
        replaceWith,
        label: labels.label,
        resolve: labels.resolverFor((entity) => labels.documentOf(row, getEntitySchema(entity))),
      });
      plan.matches += result.matches;
      plan.skipped += result.skipped;
      let update: RowUpdate | undefined;
      for (const change of result.changes) {
        plan.changes += 1;
        if (change.error) plan.unreadable += 1;
        if (plan.listed.length < FIND_PREVIEW_LISTED) plan.listed.push(change);
        digest.update(`${JSON.stringify([row.id, row.version, change.field, change.value, change.error ? 0 : 1])}\n`);
        if (!keepUpdates || change.error) continue;
        update ??= { id: row.id, version: Number(row.version), changes: {} };
        update.changes[change.field] = change.value;
      }
      if (update) plan.updates.push(update);
    }
  }
}

/** The texts a replace types into the page's lookup cells, by target and document, for ViewLabels.ensureTexts. */
function typedTexts(labels: ViewLabels, page: readonly EntityRow[], find: ViewFind, replaceWith: string) {
  const wanted = new Map<string, { entity: string; document: number | null; texts: Set<string> }>();
  for (const field of find.fields) {
    if (field.kind !== 'lookup' || field.readOnly) continue;
    const target = getEntitySchema(field.entity);
    for (const row of page) {
      const before = matchingText(field, row[field.name], find.matcher, labels.label);
      if (before === null) continue;
      const text = find.matcher.replace(before, replaceWith).trim();
      if (text === '' || text === before) continue;
      const document = labels.documentOf(row, target);
      const key = textKey(field.entity, document);
      const entry = wanted.get(key) ?? { entity: field.entity, document, texts: new Set<string>() };
      entry.texts.add(text);
      wanted.set(key, entry);
    }
  }
  return wanted;
}
