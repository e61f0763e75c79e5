import { sql, type SQL } from 'drizzle-orm';
import type { DependencyDetails } from '../../../lib/entity-api';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { throwConflicts } from '../../entities/batch-save';
import { deleteRows, mappingDbErrors } from '../../entities/bulk-write';
import { assertNoDependants } from '../../entities/dependants';
import { col, ident, jsonValues, queryRows } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';
import { deleteOne } from '../legacy/save-one';
import { CONTENTS, DELETE_ORDER, DOCUMENT_LISTS, schemaOf, type DocumentEntity } from './document-lists';

/**
 * Deletes of a project document's rows. Without `cascade` a row is deleted alone, refused (409, with the
 * rows referring to it) while anything refers to it. With `cascade` the row goes together with what it
 * contains (document-lists.ts CONTENTS; for a project, every row of its document), in ONE transaction,
 * through the engine's delete path: each list's rows are deleted by deleteRows (one audit row per deleted
 * row, holding its last values) after assertNoDependants has checked that nothing outside the deleted rows
 * still refers to them. Lists go children first (DELETE_ORDER), so the rows of the document never block
 * each other; a row outside it that still refers to one of them (a standby backing up deleted equipment,
 * an instrument of another area on a deleted line) refuses the whole delete with 409, and nothing is deleted.
 */

export type DeleteAnswer = { deleted: number; rows?: Partial<Record<DocumentEntity, number>> };
export type DeleteTarget = { id: number; version?: number };

type Found = Map<DocumentEntity, Map<number, number>>;

/** Id and version of the rows of `entity` matching `where` (over alias t), locked until the transaction ends. */
async function lockRows(tx: Db, entity: DocumentEntity, where: SQL): Promise<{ id: number; version: number }[]> {
  return queryRows<{ id: number; version: number }>(tx, sql`select t.id, t.version from ${ident(entity)} t where ${where} order by t.id for update`);
}

function add(found: Found, entity: DocumentEntity, rows: readonly { id: number; version: number }[]): void {
  const ids = found.get(entity) ?? new Map<number, number>();
  for (const row of rows) ids.set(row.id, row.version);
  found.set(entity, ids);
}

/** The rows of every list of the project's document. */
async function documentRows(tx: Db, projectId: number, found: Found): Promise<void> {
  for (const list of DOCUMENT_LISTS) add(found, list, await lockRows(tx, list, sql`t.project_id = ${projectId}`));
}

/** The rows a row of `root` contains, at any depth (CONTENTS lists parents before their children). */
async function contentRows(tx: Db, found: Found): Promise<void> {
  for (const { parent, child, field } of CONTENTS) {
    const parents = found.get(parent);
    if (!parents || parents.size === 0) continue;
    add(found, child, await lockRows(tx, child, sql`${col('t', field)} in ${jsonValues([...parents.keys()], 'int')}`));
  }
}

function describeRow(entity: DocumentEntity, label: unknown): string {
  const schema = schemaOf(entity);
  return label === null || label === undefined || label === '' ? `the ${schema.label.toLowerCase()}` : `${schema.label} ${String(label)}`;
}

/** A 409 of rows referring to the ones deleted, reworded for a delete with contents; other errors unchanged. */
function outsideReference(error: unknown, what: string): unknown {
  const details = error instanceof AppError && error.code === 'conflict' ? (error.details as Partial<DependencyDetails> | undefined) : undefined;
  const first = details?.dependants?.[0];
  if (!first) return error;
  const more = (details?.total ?? 1) > 1 ? ` (and ${(details?.total ?? 1) - 1} more)` : '';
  return new AppError('conflict', `Cannot delete ${what} with its contents: ${first.entityLabel} '${first.label}' (${first.field}) is not part of it and still refers to it${more}. Change or delete that first.`, details);
}

/**
 * Deletes row `target` of `root` and what it contains (or, for a project, its whole document), in one
 * transaction; answers how many rows of each list went. 404 for a missing row; 409 when `version` is given
 * and no longer the row's, or when a row outside what is deleted refers to it.
 */
export async function deleteWithContents(db: Db, root: DocumentEntity, target: DeleteTarget, actor: Actor): Promise<DeleteAnswer> {
  const schema = schemaOf(root);
  return mappingDbErrors(schema, () =>
    db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number; version: number; label: unknown }>(
        tx,
        sql`select t.id, t.version, ${col('t', schema.labelField)} as label from ${ident(root)} t where t.id = ${target.id} for update`,
      );
      if (target.version !== undefined && row?.version !== target.version) await throwConflicts(tx, schema, [{ op: 'delete', id: target.id }]);
      if (!row) throw new AppError('not_found', `No ${schema.label} with id ${target.id}.`);
      const found: Found = new Map([[root, new Map([[row.id, row.version]])]]);
      if (root === 'projects') await documentRows(tx, row.id, found);
      else await contentRows(tx, found);
      const what = describeRow(root, row.label);
      const counts: Partial<Record<DocumentEntity, number>> = {};
      for (const entity of DELETE_ORDER) {
        const rows = found.get(entity);
        if (!rows || rows.size === 0) continue;
        const list = schemaOf(entity);
        await assertNoDependants(tx, list, [...rows.keys()]).catch((error: unknown) => Promise.reject(outsideReference(error, what)));
        const { stale } = await deleteRows(tx, list, [...rows].map(([id, version]) => ({ id, version })), actor);
        if (stale.length > 0) await throwConflicts(tx, list, stale.map((id) => ({ op: 'delete', id })));
        counts[entity] = rows.size;
      }
      return { deleted: row.id, rows: counts };
    }),
  );
}

/** Deletes one row alone (legacy deleteOne): a 409 listing what refers to it also says how to delete it with its contents. */
export async function deleteAlone(db: Db, entity: DocumentEntity, target: DeleteTarget, actor: Actor): Promise<DeleteAnswer> {
  try {
    return await deleteOne(db, schemaOf(entity), target, actor);
  } catch (error) {
    const details = error instanceof AppError && error.code === 'conflict' ? (error.details as Partial<DependencyDetails> | undefined) : undefined;
    if (!(error instanceof AppError) || !details?.dependants?.length) throw error;
    throw new AppError('conflict', `${error.message} Send "cascade": true to delete it with its contents (${contentsOf(entity)}).`, details);
  }
}

/** What a cascade delete of a row of `entity` takes with it, in words. */
export function contentsOf(entity: DocumentEntity): string {
  if (entity === 'projects') return 'every row of the project';
  const children = [...new Set(CONTENTS.filter((edge) => edge.parent === entity).map((edge) => schemaOf(edge.child).labelPlural))];
  return children.length > 0 ? `its ${children.join(', ')}, and theirs` : 'nothing else: it contains no rows';
}

