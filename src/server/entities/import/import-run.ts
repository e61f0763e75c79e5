import { sql } from 'drizzle-orm';
import {
  MAX_LISTED_SOFT_DELETES,
  type ImportErrors,
  type ImportMode,
  type SoftDeletedRow,
} from '../../../lib/entity-api';
import {
  fieldByName,
  groupErrorFields,
  groupLabel,
  hasSoftDelete,
  META_FIELDS,
  SOFT_DELETE_FIELD,
  uniqueGroups,
  type EntitySchema,
  type FieldDef,
} from '../../../schemas/schema-types';
import { defaultRow, missingRequired, validateRow } from '../../../schemas/validators';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { throwConflicts } from '../conflicts';
import { mappingDbErrors, unchangedRows, updateRows, type RowChange } from '../bulk-write';
import { copyInsertRows } from '../copy-insert';
import { numberNewRows } from '../numbering';
import { col, ident, jsonRecordset, queryRows, selectRowsById, wireExpression } from '../entity-sql';
import {
  addError,
  checkLookups,
  checkMoneyCurrencies,
  checkUnique,
  groupKey,
  type Candidate,
  type CandidateErrors,
} from '../row-checks';
import { refuseRows, RowErrorList } from '../row-refusals';
import { checkTree } from '../tree-checks';
import { checkWorkflow } from '../workflow-checks';
import { checkRowRules, deriveComputedFields } from '../derived-fields';
import { rederiveReaders } from '../dependent-fields';
import { assertUnlocked } from '../locks/document-locks';
import { runSaveHooks } from '../save-hooks';
import { checkScope, stampRootsFromParents } from '../scope-checks';
import { importModeOf, saveDocumentMode } from './import-mode';
import type { ImportOptions } from './import-options';
import { ImportPlan, type ImportOutcome } from './import-plan';
import { openImportRun, recordImportRun, verifyImportRun, type ImportLedger } from './import-readback';

export type { ImportOptions } from './import-options';

const META = new Set<string>(META_FIELDS);

/** Meta columns of an exported workbook (id, version, ...) are not the importer's to set. */
function withoutMeta(row: Record<string, unknown>): Record<string, unknown> {
  for (const name in row)
    if (META.has(name)) return Object.fromEntries(Object.entries(row).filter(([field]) => !META.has(field)));
  return row;
}

/** A stored row found by key; `deleted`: soft-deleted (lists with a deleteflag), so the import restores it. */
type StoredKey = { id: number; version: number; deleted: boolean };

/** Id, version and soft delete of the stored rows whose key matches one of `rows`, by key. */
async function rowsByKey(
  tx: Db,
  schema: EntitySchema,
  keyFields: FieldDef[],
  rows: Record<string, unknown>[],
): Promise<Map<string, StoredKey>> {
  if (rows.length === 0) return new Map();
  const probe = JSON.stringify(rows.map((row) => Object.fromEntries(keyFields.map((f) => [f.name, row[f.name]]))));
  const join = sql.join(
    keyFields.map((f) => sql`${col('t', f.name)} = ${col('v', f.name)}`),
    sql` and `,
  );
  const keyColumns = sql.join(
    keyFields.map((f) => sql`${wireExpression(f, 't')} as ${ident(f.name)}`),
    sql`, `,
  );
  const deleted = hasSoftDelete(schema) ? col('t', SOFT_DELETE_FIELD) : sql`false`;
  const found = await queryRows<StoredKey & Record<string, unknown>>(
    tx,
    sql`select t.id, t.version, ${deleted} as deleted, ${keyColumns} from ${ident(schema.name)} t join ${jsonRecordset(
      schema,
      probe,
      keyFields.map((f) => f.name),
    )} on ${join}`,
  );
  return new Map(
    found.map((row) => [
      groupKey(keyFields, row) as string,
      { id: row.id, version: row.version, deleted: row.deleted },
    ]),
  );
}

/**
 * The stored values an update will clear: fields a row sends empty (a blank cell of a column the file
 * has) whose stored value is not, by row id. Only rows that send an empty value are read.
 */
async function clearedValues(
  tx: Db,
  schema: EntitySchema,
  changes: readonly RowChange[],
): Promise<Map<number, Record<string, unknown>>> {
  const blanks = changes.filter((c) => Object.values(c.changes).some((value) => value === null));
  const stored = await selectRowsById(
    tx,
    schema,
    blanks.map((c) => c.id),
  );
  const result = new Map<number, Record<string, unknown>>();
  for (const change of blanks) {
    const row = stored.get(change.id);
    const cleared = Object.fromEntries(
      Object.entries(change.changes)
        .filter(([field, value]) => value === null && row?.[field] !== null && row?.[field] !== undefined)
        .map(([field]) => [field, row?.[field]]),
    );
    if (Object.keys(cleared).length > 0) result.set(change.id, cleared);
  }
  return result;
}

type Planned = { slot: number; action: 'add' | 'update' | 'skip' | 'restore'; id?: number };

/** What a row of the file does, by mode and the stored row its key found (lib/entity-api ImportMode). */
function plannedAction(mode: ImportMode, existing: StoredKey | undefined): Planned['action'] {
  if (existing?.deleted) return 'restore';
  if (!existing) return mode === 3 ? 'skip' : 'add';
  return mode === 0 ? 'skip' : 'update';
}

/**
 * Mode 2, once the whole file is read: the stored rows of the list (in the scope), not soft-deleted, whose key
 * the file did not send, soft-deleted with an audit row each (a dry run only finds them). Rows the file sent
 * with errors keep their stored row: an import of the valid rows only never deletes what it failed to read.
 */
async function softDeleteMissing(
  tx: Db,
  schema: EntitySchema,
  options: ImportOptions,
  sent: ReadonlyMap<string, number>,
  actor: Actor,
  dryRun: boolean,
): Promise<{ total: number; listed: SoftDeletedRow[] }> {
  const keyFields = schema.key.map((name) => fieldByName(schema, name) as FieldDef);
  const label = fieldByName(schema, schema.labelField) as FieldDef;
  const keyColumns = sql.join(
    keyFields.map((f) => sql`${wireExpression(f, 't')} as ${ident(f.name)}`),
    sql`, `,
  );
  const { scope, replaceWithin: within } = options;
  const inScope = sql.join(
    [
      ...(schema.scope && scope !== undefined ? [sql` and ${col('t', schema.scope.root)} = ${scope}`] : []),
      ...(within
        ? [sql` and ${col('t', (fieldByName(schema, within.field) as FieldDef).name)} = ${within.value}`]
        : []),
    ],
    sql``,
  );
  const stored = await queryRows<{ id: number; version: number; label: unknown } & Record<string, unknown>>(
    tx,
    sql`select t.id, t.version, ${wireExpression(label, 't')} as label, ${keyColumns} from ${ident(schema.name)} t where not ${col('t', SOFT_DELETE_FIELD)}${inScope} order by t.id`,
  );
  const missing = stored.filter((row) => !sent.has(groupKey(keyFields, row) as string));
  if (!dryRun && missing.length > 0) {
    const { stale } = await updateRows(
      tx,
      schema,
      missing.map((row) => ({ id: row.id, version: row.version, changes: { [SOFT_DELETE_FIELD]: true } })),
      actor,
      'changes',
    );
    if (stale.length > 0)
      await throwConflicts(
        tx,
        schema,
        stale.map((id) => ({ op: 'update', id })),
      );
  }
  return {
    total: missing.length,
    listed: missing
      .slice(0, MAX_LISTED_SOFT_DELETES)
      .map((row) => ({ id: row.id, label: String(row.label ?? `#${row.id}`) })),
  };
}

/**
 * Imports rows that arrive in chunks (the upload's spool, or an array cut into chunks), in ONE transaction:
 * every invalid cell of the file is reported (422, nothing written); rows are matched to stored rows by the
 * schema's key and added, updated or skipped by mode; a row to update whose values all equal the stored
 * ones is left unwritten and counted as unchanged. A dry run answers the plan only.
 *
 * Chunk by chunk, so that the memory an import needs is bounded by the chunk, not the file: each chunk is
 * validated, checked against the database and written (set-based, audited in bulk) before the next is read.
 * What spans chunks is kept file-wide and small: the keys seen (a key twice in the file is an error), the
 * values of unique fields seen, the errors (listed up to a bound), and a dry run's plan (ImportPlan). Once a
 * chunk has errors nothing more is written (the transaction is rolled back at the end), but the later
 * chunks are still checked so the answer lists the file's errors.
 */
export async function runImport(
  db: Db,
  schema: EntitySchema,
  options: ImportOptions,
  rowCount: number,
  chunks: AsyncIterable<Record<string, unknown>[]>,
  actor: Actor,
): Promise<ImportOutcome> {
  if (options.partialRows && !options.dryRun)
    throw new AppError('bad_request', 'partialRows is for a dry run only: an import commits complete rows.');
  if (schema.key.length === 0)
    throw new AppError(
      'bad_request',
      `${schema.labelPlural} have no natural key to match imported rows by, so they cannot be imported.`,
    );
  return mappingDbErrors(schema, () =>
    db.transaction(async (tx) => {
      const { mode, save } = await importModeOf(tx, schema, options, actor);
      const ledger = options.dryRun ? undefined : await openImportRun(tx, schema, actor, mode, options.scope, rowCount);
      const run = new ImportRun(tx, schema, { ...options, mode }, rowCount, actor, ledger);
      for await (const chunk of chunks) await run.chunk(chunk);
      const outcome = await run.finish();
      // After the rows, so an import refused (422, warnings to confirm) leaves the setting unsaved too.
      if (save && !options.dryRun) await saveDocumentMode(tx, save, mode, actor);
      return { ...outcome, ...(save && !options.dryRun ? { modeSaved: true } : {}) };
    }),
  );
}

class ImportRun {
  private readonly mode: ImportMode;
  private readonly keyFields: FieldDef[];
  /** Unique groups other than the key: their in-file duplicates across chunks are found here. */
  private readonly otherUniqueGroups: FieldDef[][];
  private readonly firstByKey = new Map<string, number>();
  private readonly firstByUnique = new Map<string, Map<string, number>>();
  private readonly errors = new RowErrorList<ImportErrors['rowErrors'][number]>();
  /** Rows with warnings (a tag off its template): a dry run lists them; a commit needs acceptWarnings. */
  private readonly warnings = new RowErrorList<ImportErrors['rowErrors'][number]>();
  private readonly plan: ImportPlan | undefined;
  private readonly counts = { added: 0, updated: 0, unchanged: 0, skipped: 0, restored: 0 };
  /** Numbers given to rows that left a numbered key empty, per parent: the next one (numbering.ts). */
  private readonly numbersGiven = new Map<number, number>();
  private readonly blank: Record<string, unknown>;
  /** The actor the file's own writes are audited as: tagged with the run's id (the ledger), read back at the end. */
  private readonly writer: Actor;
  private next = 0;

  constructor(
    private readonly tx: Db,
    private readonly schema: EntitySchema,
    private readonly options: ImportOptions & { mode: ImportMode },
    private readonly rowCount: number,
    private readonly actor: Actor,
    private readonly ledger: ImportLedger | undefined,
  ) {
    this.mode = options.mode;
    this.writer = ledger ? { ...actor, changeSet: ledger.id } : actor;
    this.keyFields = schema.key.map((name) => fieldByName(schema, name) as FieldDef);
    const isKey = (group: readonly FieldDef[]) =>
      group.length === schema.key.length && group.every((f) => schema.key.includes(f.name));
    this.otherUniqueGroups = uniqueGroups(schema).filter((group) => !isKey(group));
    this.plan = options.dryRun ? new ImportPlan(rowCount, this.mode) : undefined;
    this.blank = defaultRow(schema);
  }

  async chunk(sent: readonly Record<string, unknown>[]): Promise<void> {
    const base = this.next;
    this.next += sent.length;
    const { schema, keyFields, options, tx } = this;
    const errors: CandidateErrors = new Map();
    const report = (slot: number, fields: Record<string, string>) => {
      for (const [field, message] of Object.entries(fields)) addError(errors, slot, field, message);
    };
    const rows = sent.map(withoutMeta);
    await this.placeInScope(rows, report);
    // An empty cell of a numbered key is a number to give (below), not a required value left out.
    const numbered = schema.fields.find((f) => f.numbered)?.name;
    if (numbered && this.mode !== 3)
      for (const row of rows) if (row[numbered] === null || row[numbered] === '') delete row[numbered];
    // Each row is validated once (the fields it has); a row that will be added is then checked for the
    // required fields it leaves empty (missingRequired), which together is validateRow's 'create'.
    const checked = rows.map((row, slot) => {
      const result = validateRow(schema, row, 'update');
      if (!result.ok) report(slot, result.errors);
      return result.ok ? result.value : undefined;
    });
    // A key made of computed fields (a line number) is derived before rows are matched by it.
    await deriveComputedFields(
      tx,
      schema,
      checked.flatMap((values) => (values ? [{ values }] : [])),
      { only: keyFields },
    );
    // A numbered key left empty (a minute added at the foot of an exported sheet) is numbered as a save
    // numbers it, so the row is added; an update-only import (mode 3) still needs the key to find its row.
    if (this.mode !== 3)
      await numberNewRows(
        tx,
        schema,
        checked.map((values) => ({ values: values ?? {} })),
        errors,
        this.numbersGiven,
      );
    const keys = rows.map((row, slot) => this.keyOf(checked[slot] ?? row, slot, base + slot, errors));

    const stored = await rowsByKey(
      tx,
      schema,
      keyFields,
      rows.flatMap((row, slot) => (keys[slot] !== undefined ? [checked[slot] ?? row] : [])),
    );
    const candidates: Candidate[] = [];
    const candidateSlot: number[] = [];
    const planned: Planned[] = [];
    rows.forEach((_, slot) => {
      const key = keys[slot];
      const existing = key === undefined ? undefined : stored.get(key);
      const changes = checked[slot];
      // A new row is checked as complete (required fields present), unless the dry run was sent partial rows.
      const adds = key !== undefined && !existing && this.mode !== 3;
      const values = adds && changes ? { ...this.blank, ...changes } : changes;
      if (adds && values && !options.partialRows) report(slot, missingRequired(schema, values));
      // A row that is skipped is still checked above: every invalid cell of the file is reported.
      if (key === undefined || !values || errors.has(slot)) return;
      const action = plannedAction(this.mode, existing);
      if (action === 'skip') return planned.push({ slot, action, id: existing?.id });
      planned.push({ slot, action, id: existing?.id });
      // A soft-deleted row found by key comes back, with the file's values.
      candidates.push({
        id: existing?.id,
        values: action === 'restore' ? { ...values, [SOFT_DELETE_FIELD]: false } : values,
      });
      candidateSlot.push(slot);
    });

    // A row of a locked document (an awarded adjudication's) refuses the whole import, as a save: 409, nothing
    // written; a row sent as it is stored passes (re-importing an export that holds locked rows).
    const storedVersions = new Map([...stored.values()].map((row) => [row.id, row.version]));
    await assertUnlocked(tx, schema, {
      creates: candidates.filter((c) => c.id === undefined).map((c) => c.values),
      updates: candidates.flatMap((c) =>
        c.id === undefined ? [] : [{ id: c.id, values: c.values, version: storedVersions.get(c.id) }],
      ),
    });
    const candidateErrors: CandidateErrors = new Map();
    this.checkUniqueAcrossChunks(
      candidates,
      (candidate) => base + (candidateSlot[candidate] as number),
      candidateErrors,
    );
    // The key itself was checked above (once in the file; a stored key means an update, never a clash).
    const fileRow = (candidate: number) => base + (candidateSlot[candidate] as number) + 1;
    await deriveComputedFields(tx, schema, candidates);
    await checkUnique(
      tx,
      schema,
      candidates,
      [],
      candidateErrors,
      (_label, first) => `Duplicate of row ${fileRow(first)} in this file`,
      { exceptKey: true, request: 'import' },
    );
    await checkLookups(tx, schema, candidates, candidateErrors);
    await checkScope(tx, schema, candidates, candidateErrors);
    await checkMoneyCurrencies(tx, schema, candidates, candidateErrors);
    await checkTree(tx, schema, candidates, [], candidateErrors);
    const candidateWarnings: CandidateErrors = new Map();
    await checkRowRules(tx, schema, candidates, candidateErrors, candidateWarnings);
    await checkWorkflow(tx, schema, candidates, candidateErrors);
    await runSaveHooks({
      db: tx,
      schema,
      candidates,
      errors: candidateErrors,
      warnings: candidateWarnings,
      actor: this.actor,
    });
    for (const [candidate, fields] of candidateErrors) report(candidateSlot[candidate] as number, fields);
    for (const [candidate, fields] of candidateWarnings)
      if (!candidateErrors.has(candidate))
        this.warnings.add({ index: base + (candidateSlot[candidate] as number), fields });
    for (const [slot, fields] of [...errors.entries()].sort(([a], [b]) => a - b))
      this.errors.add({ index: base + slot, fields });
    // Nothing more is written once a row has errors (the rest of the file is still checked), unless the
    // caller asked to import the valid rows and have the rejected ones handed back (skipInvalidRows).
    if (this.errors.total > 0 && !options.skipInvalidRows) return;
    const valid = candidates.filter((_, i) => !errors.has(candidateSlot[i] as number));
    const validPlan = planned.filter((p) => !errors.has(p.slot));

    const updates: RowChange[] = valid.flatMap((c) =>
      c.id === undefined ? [] : [{ id: c.id, version: storedVersions.get(c.id) as number, changes: c.values }],
    );
    this.counts.skipped += validPlan.filter((p) => p.action === 'skip').length;
    const restored = validPlan.filter((p) => p.action === 'restore').length;
    this.counts.restored += restored;
    if (this.plan) return this.planChunk(base, validPlan, updates);

    // The import answers counts only, so the updated rows come back as small as they can. A row whose
    // values all equal the stored ones is not written (no version bump that others would take for a change);
    // a restored row never is (its deleteflag changes).
    const { stale, unchanged } = await updateRows(tx, schema, updates, this.writer, 'changes', { skipUnchanged: true });
    if (stale.length > 0)
      await throwConflicts(
        tx,
        schema,
        stale.map((id) => ({ op: 'update', id })),
      );
    await rederiveReaders(tx, schema, updates, this.writer); // tagged with the import, as its own writes
    const added = valid.filter((c) => c.id === undefined).map((c) => c.values);
    await copyInsertRows(tx, schema, added, this.writer);
    this.counts.added += added.length;
    this.counts.updated += updates.length - unchanged.length - restored;
    this.counts.unchanged += unchanged.length;
  }

  /**
   * An import into a document (options.scope) stamps every row with it; a row naming another document is
   * refused, so an import can never touch another project's rows (the key starts with the root). Without
   * a scope, new child rows take their parent's root (stampRootsFromParents).
   */
  private async placeInScope(
    rows: Record<string, unknown>[],
    report: (slot: number, fields: Record<string, string>) => void,
  ): Promise<void> {
    const root = this.schema.scope?.root;
    if (!root) {
      if (this.options.scope !== undefined)
        throw new AppError(
          'bad_request',
          `${this.schema.labelPlural} are not kept per project: import them without a scope.`,
        );
      return;
    }
    const scope = this.options.scope;
    if (scope === undefined) return stampRootsFromParents(this.tx, this.schema, rows);
    rows.forEach((row, slot) => {
      const named = row[root];
      if (named !== undefined && named !== null && named !== '' && named !== scope)
        report(slot, {
          [root]: `This row names another ${root === 'project_id' ? 'project' : 'document'}; this import is into ${scope}`,
        });
      // Stamped in place (the rows are this chunk's own parse): a copy with a computed key per row cost
      // ~10 ms of a 10,000-row import and left objects slower to read in every later check.
      else row[root] = scope;
    });
  }

  /**
   * The answer once every chunk is in: the counts (and a dry run's plan), or the 422 of the file's errors.
   * A replacing import (mode 2) then soft-deletes the rows of the list (in the scope) the file did not name.
   */
  async finish(): Promise<ImportOutcome> {
    if (this.errors.total > 0 && !this.options.skipInvalidRows) refuseRows(this.errors);
    // Every row received is accounted for, counted in the database (a commit) before anything else is written.
    const tally = { ...this.counts, rejected: this.options.skipInvalidRows ? this.errors.total : 0 };
    const stored = await verifyImportRun(this.tx, this.schema, this.ledger, this.rowCount, this.next, tally);
    const replaced =
      this.mode === 2
        ? await softDeleteMissing(this.tx, this.schema, this.options, this.firstByKey, this.writer, !!this.plan)
        : undefined;
    const warned = this.warnings.total > 0;
    if (warned && !this.plan && !this.options.acceptWarnings) {
      const { listed, total } = this.warnings;
      throw new AppError(
        'warnings_to_confirm',
        `${total === 1 ? '1 row has' : `${total.toLocaleString('en-US')} rows have`} warnings: import again with acceptWarnings to accept them`,
        { rowWarnings: listed },
      );
    }
    if (this.ledger) await recordImportRun(this.tx, this.ledger, stored, tally, replaced?.total ?? 0);
    return {
      mode: this.mode,
      ...this.counts,
      received: this.rowCount,
      stored,
      ...(this.ledger ? { importId: this.ledger.id } : {}),
      softDeleted: replaced?.total ?? 0,
      ...(replaced ? { softDeletedRows: replaced.listed } : {}),
      ...(this.options.skipInvalidRows ? { rejected: this.errors.total, rejectedRows: this.errors.listed } : {}),
      ...(warned ? { warnedRows: this.warnings.listed } : {}),
      ...(this.plan ? { plan: this.plan } : {}),
    };
  }

  /**
   * The row's key, reporting it missing or already sent by an earlier row of the file (`slot` is the row's
   * place in its chunk, `index` in the file); undefined when it has none.
   */
  private keyOf(
    row: Record<string, unknown>,
    slot: number,
    index: number,
    errors: CandidateErrors,
  ): string | undefined {
    for (const field of this.keyFields) {
      const value = row[field.name];
      if (value === null || value === undefined || value === '')
        addError(errors, slot, field.name, `Required: ${field.label} is how an imported row finds its stored row`);
    }
    const key = groupKey(this.keyFields, row);
    if (key === undefined || this.keyFields.some((f) => errors.get(slot)?.[f.name])) return undefined;
    const first = this.firstByKey.get(key);
    if (first === undefined) this.firstByKey.set(key, index);
    else
      for (const field of groupErrorFields(this.keyFields, this.schema))
        addError(errors, slot, field.name, `Duplicate of row ${first + 1} in this file`);
    return key;
  }

  /** A unique value (other than the key) sent twice in the file, also when the two rows are in different chunks. */
  private checkUniqueAcrossChunks(
    candidates: readonly Candidate[],
    indexOf: (candidate: number) => number,
    errors: CandidateErrors,
  ): void {
    for (const group of this.otherUniqueGroups) {
      const label = groupLabel(group, this.schema);
      let first = this.firstByUnique.get(label);
      if (!first) this.firstByUnique.set(label, (first = new Map()));
      candidates.forEach((candidate, slot) => {
        if (!group.every((f) => f.name in candidate.values)) return;
        const key = groupKey(group, candidate.values);
        if (key === undefined) return;
        const earlier = first.get(key);
        if (earlier === undefined) first.set(key, indexOf(slot));
        else
          for (const field of groupErrorFields(group, this.schema))
            addError(errors, slot, field.name, `Duplicate of row ${earlier + 1} in this file`);
      });
    }
  }

  private async planChunk(base: number, planned: readonly Planned[], updates: readonly RowChange[]): Promise<void> {
    const plan = this.plan as ImportPlan;
    // Complete rows can be compared with the stored ones (by id, the rows to update only); partial rows
    // cannot, so their plan says 'update' and the commit's answer tells how many were unchanged.
    const same =
      this.options.partialRows || updates.length === 0
        ? new Set<number>()
        : await unchangedRows(this.tx, this.schema, updates);
    const clears = await clearedValues(this.tx, this.schema, updates);
    for (const { slot, action, id } of planned) {
      const index = base + slot;
      if (action === 'restore') plan.set(index, 'restore', id, clears.get(id as number));
      else if (action === 'update' && same.has(id as number)) {
        plan.set(index, 'unchanged', id);
        this.counts.unchanged++;
      } else {
        plan.set(index, action, id, action === 'update' ? clears.get(id as number) : undefined);
        if (action === 'add') this.counts.added++;
        if (action === 'update') this.counts.updated++;
      }
    }
  }
}
