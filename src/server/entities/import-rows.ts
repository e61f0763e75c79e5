import { sql } from 'drizzle-orm';
import type { ImportErrors, ImportRequest, ImportResponse, ImportRowPlan } from '../../lib/entity-api';
import { fieldByName, META_FIELDS, type EntitySchema, type FieldDef } from '../../schemas/schema-types';
import { defaultRow, missingRequired, validateRow } from '../../schemas/validators';
import type { Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { mappingDbErrors, unchangedRows, updateRows, type RowChange } from './bulk-write';
import { copyInsertRows } from './copy-insert';
import { throwConflicts } from './batch-save';
import { col, ident, jsonRecordset, queryRows, selectRowsById, wireExpression } from './entity-sql';
import { checkTree } from './tree-checks';
import { addError, checkLookups, checkMoneyCurrencies, checkUnique, groupKey, type Candidate, type CandidateErrors } from './row-checks';

const META = new Set<string>(META_FIELDS);

/** Meta columns of an exported workbook (id, version, ...) are not the importer's to set. */
function withoutMeta(row: Record<string, unknown>): Record<string, unknown> {
  for (const name in row) if (META.has(name)) return Object.fromEntries(Object.entries(row).filter(([field]) => !META.has(field)));
  return row;
}

type StoredKey = { id: number; version: number };

/** Id and version of the stored rows whose key matches one of `rows`, by key. */
async function rowsByKey(tx: Db, schema: EntitySchema, keyFields: FieldDef[], rows: Record<string, unknown>[]): Promise<Map<string, StoredKey>> {
  if (rows.length === 0) return new Map();
  const probe = JSON.stringify(rows.map((row) => Object.fromEntries(keyFields.map((f) => [f.name, row[f.name]]))));
  const join = sql.join(keyFields.map((f) => sql`${col('t', f.name)} = ${col('v', f.name)}`), sql` and `);
  const keyColumns = sql.join(keyFields.map((f) => sql`${wireExpression(f, 't')} as ${ident(f.name)}`), sql`, `);
  const found = await queryRows<StoredKey & Record<string, unknown>>(
    tx,
    sql`select t.id, t.version, ${keyColumns} from ${ident(schema.name)} t join ${jsonRecordset(schema, probe, keyFields.map((f) => f.name))} on ${join}`,
  );
  return new Map(found.map((row) => [groupKey(keyFields, row) as string, { id: row.id, version: row.version }]));
}

/**
 * The stored values an update will clear: fields a row sends empty (a blank cell of a column the file
 * has) whose stored value is not, by row id. Only rows that send an empty value are read.
 */
async function clearedValues(tx: Db, schema: EntitySchema, changes: readonly RowChange[]): Promise<Map<number, Record<string, unknown>>> {
  const blanks = changes.filter((c) => Object.values(c.changes).some((value) => value === null));
  const stored = await selectRowsById(tx, schema, blanks.map((c) => c.id));
  const result = new Map<number, Record<string, unknown>>();
  for (const change of blanks) {
    const row = stored.get(change.id);
    const cleared = Object.fromEntries(Object.entries(change.changes).filter(([field, value]) => value === null && row?.[field] !== null && row?.[field] !== undefined).map(([field]) => [field, row?.[field]]));
    if (Object.keys(cleared).length > 0) result.set(change.id, cleared);
  }
  return result;
}

function plural(n: number): string {
  return `${n} ${n === 1 ? 'row has' : 'rows have'} errors`;
}

/**
 * Imports rows parsed in the browser, checked again here: every invalid cell is reported (422, nothing
 * written); rows are matched to stored rows by the schema's key and added, updated or skipped by mode;
 * a row to update whose values all equal the stored ones is left unwritten and counted as unchanged.
 * dryRun answers the plan only. The commit is one transaction of set-based writes, audited in bulk.
 */
export async function importEntityRows(db: Db, schema: EntitySchema, request: ImportRequest, actor: Actor): Promise<ImportResponse> {
  const rows = request.rows.map(withoutMeta);
  if (request.partialRows && !request.dryRun) throw new AppError('bad_request', 'partialRows is for a dry run only: an import commits complete rows.');
  if (schema.key.length === 0) throw new AppError('bad_request', `${schema.labelPlural} have no natural key to match imported rows by, so they cannot be imported.`);
  const keyFields = schema.key.map((name) => fieldByName(schema, name) as FieldDef);

  return mappingDbErrors(schema, () =>
    db.transaction(async (tx) => {
      const errors: CandidateErrors = new Map();
      const report = (index: number, fields: Record<string, string>) => {
        for (const [field, message] of Object.entries(fields)) addError(errors, index, field, message);
      };
      // Each row is validated once (the fields it has); a row that will be added is then checked for the
      // required fields it leaves empty (missingRequired), which together is validateRow's 'create'.
      const firstByKey = new Map<string, number>();
      const checked = rows.map((row, index) => {
        const result = validateRow(schema, row, 'update');
        if (!result.ok) report(index, result.errors);
        return result.ok ? result.value : undefined;
      });
      const keys: (string | undefined)[] = rows.map((sent, index) => {
        const row = checked[index] ?? sent; // as validated: one-line text trimmed
        for (const field of keyFields) {
          const value = row[field.name];
          if (value === null || value === undefined || value === '') addError(errors, index, field.name, `Required: ${field.label} is how an imported row finds its stored row`);
        }
        const key = groupKey(keyFields, row);
        if (key === undefined || keyFields.some((f) => errors.get(index)?.[f.name])) return undefined;
        const first = firstByKey.get(key);
        if (first === undefined) firstByKey.set(key, index);
        else for (const field of keyFields) addError(errors, index, field.name, `Duplicate of row ${first + 1} in this file`);
        return key;
      });

      const matchable = rows.flatMap((sent, index) => (keys[index] !== undefined ? [checked[index] ?? sent] : []));
      const stored = await rowsByKey(tx, schema, keyFields, matchable);
      const plan: ImportRowPlan[] = [];
      const candidates: Candidate[] = [];
      const candidateRow: number[] = [];
      const blank = defaultRow(schema);
      rows.forEach((_, index) => {
        const key = keys[index];
        const existing = key === undefined ? undefined : stored.get(key);
        const changes = checked[index];
        // A new row is checked as complete (required fields present), unless the dry run was sent partial rows.
        const adds = key !== undefined && !existing && request.mode !== 2;
        const values = adds && changes ? { ...blank, ...changes } : changes;
        if (adds && values && !request.partialRows) report(index, missingRequired(schema, values));
        // A row that is skipped is still checked above: every invalid cell of the file is reported.
        if (key === undefined || !values || errors.has(index)) return;
        if (existing && request.mode === 0) return plan.push({ index, action: 'skip', id: existing.id, reason: 'A row with this key already exists (this import only adds new rows)' });
        if (!existing && request.mode === 2) return plan.push({ index, action: 'skip', reason: 'No stored row has this key (this import only updates rows)' });
        plan.push(existing ? { index, action: 'update', id: existing.id } : { index, action: 'add' });
        candidates.push({ id: existing?.id, values });
        candidateRow.push(index);
      });

      const candidateErrors: CandidateErrors = new Map();
      // The key itself was checked above (once in the file; a stored key means an update, never a clash).
      await checkUnique(tx, schema, candidates, [], candidateErrors, (_label, first) => `Duplicate of row ${(candidateRow[first] ?? 0) + 1} in this file`, { exceptKey: true, request: 'import' });
      await checkLookups(tx, schema, candidates, candidateErrors);
      await checkMoneyCurrencies(tx, schema, candidates, candidateErrors);
      await checkTree(tx, schema, candidates, [], candidateErrors);
      for (const [slot, fields] of candidateErrors) report(candidateRow[slot] as number, fields);
      if (errors.size > 0) {
        const rowErrors: ImportErrors['rowErrors'] = [...errors.entries()].sort(([a], [b]) => a - b).map(([index, fields]) => ({ index, fields }));
        throw new AppError('validation_failed', plural(rowErrors.length), { rowErrors } satisfies ImportErrors);
      }

      const versions = new Map([...stored.values()].map((row) => [row.id, row.version]));
      const changes: RowChange[] = candidates.flatMap((c) => (c.id === undefined ? [] : [{ id: c.id, version: versions.get(c.id) as number, changes: c.values }]));
      const count = (action: ImportRowPlan['action']) => plan.filter((p) => p.action === action).length;
      if (request.dryRun) {
        // Complete rows can be compared with the stored ones (by id, the rows to update only); partial rows
        // cannot, so their plan says 'update' and the commit's answer tells how many were unchanged.
        const same = request.partialRows || changes.length === 0 ? new Set<number>() : await unchangedRows(tx, schema, changes);
        const clears = await clearedValues(tx, schema, changes);
        for (const [slot, step] of plan.entries()) {
          if (step.action !== 'update') continue;
          if (same.has(step.id as number)) plan[slot] = { ...step, action: 'unchanged', reason: 'Every value equals the stored one: the row is left as it is' };
          else if (clears.has(step.id as number)) plan[slot] = { ...step, clears: clears.get(step.id as number) };
        }
        return { added: count('add'), updated: count('update'), unchanged: count('unchanged'), skipped: count('skip'), plan: plan.sort((a, b) => a.index - b.index) };
      }

      // The import answers counts only, so the updated rows come back as small as they can. A row whose
      // values all equal the stored ones is not written (no version bump that others would take for a change).
      const { stale, unchanged } = await updateRows(tx, schema, changes, actor, 'changes', { skipUnchanged: true });
      if (stale.length > 0) await throwConflicts(tx, schema, stale.map((id) => ({ op: 'update', id })));
      await copyInsertRows(tx, schema, candidates.filter((c) => c.id === undefined).map((c) => c.values), actor);
      return { added: count('add'), updated: count('update') - unchanged.length, unchanged: unchanged.length, skipped: count('skip') };
    }),
  );
}
