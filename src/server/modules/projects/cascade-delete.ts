import type { DependencyDetails } from '../../../lib/entity-api';
import { containmentEdges } from '../../../schemas/registry';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { deleteWithContents as deleteRowsWithContents, type DeleteTarget } from '../../entities/delete-with-contents';
import { AppError } from '../../http/app-error';
import { deleteOne } from '../../entities/save-one';
import { schemaOf, type DocumentEntity } from './document-lists';

/**
 * The spec's delete calls of a project document's rows. Without `cascade` a row is deleted alone, refused
 * (409, with the rows referring to it) while anything refers to it. With `cascade` the row goes together
 * with what it contains (for a project, its whole document) through the engine's delete with contents
 * (src/server/entities/delete-with-contents.ts): one transaction, an audit row per deleted row.
 */

export type DeleteAnswer = { deleted: number; rows?: Partial<Record<string, number>> };

/** Deletes row `target` of `root` with what it contains; answers how many rows of each list went. */
export async function deleteWithContents(
  db: Db,
  root: DocumentEntity,
  target: DeleteTarget,
  actor: Actor,
): Promise<DeleteAnswer> {
  const answer = await deleteRowsWithContents(db, schemaOf(root), [target], actor);
  return { deleted: target.id, rows: Object.fromEntries(answer.lists.map((list) => [list.entity, list.count])) };
}

/** Deletes one row alone (legacy deleteOne): a 409 listing what refers to it also says how to delete it with its contents. */
export async function deleteAlone(
  db: Db,
  entity: DocumentEntity,
  target: DeleteTarget,
  actor: Actor,
): Promise<DeleteAnswer> {
  try {
    return await deleteOne(db, schemaOf(entity), target, actor);
  } catch (error) {
    const details =
      error instanceof AppError && error.code === 'conflict'
        ? (error.details as Partial<DependencyDetails> | undefined)
        : undefined;
    if (!(error instanceof AppError) || !details?.dependants?.length) throw error;
    throw new AppError(
      'conflict',
      `${error.message} Send "cascade": true to delete it with its contents (${contentsOf(entity)}).`,
      details,
    );
  }
}

/** What a cascade delete of a row of `entity` takes with it, in words. */
export function contentsOf(entity: DocumentEntity): string {
  if (entity === 'projects') return 'every row of the project';
  const children = [
    ...new Set(
      containmentEdges
        .filter((edge) => edge.parent === entity)
        .map((edge) => schemaOf(edge.child as DocumentEntity).labelPlural),
    ),
  ];
  return children.length > 0 ? `its ${children.join(', ')}, and theirs` : 'nothing else: it contains no rows';
}
