import type { ConflictDetails } from '../../lib/entity-api';
import type { EntitySchema } from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { selectRowsById } from './entity-sql';

export const CONFLICT_MESSAGE = 'Changed by someone else since you loaded it';

/** 409 with the current state of rows changed or deleted by someone else since the caller loaded them. */
export async function throwConflicts(
  db: Db,
  schema: EntitySchema,
  stale: readonly { op: 'update' | 'delete'; id: number }[],
): Promise<never> {
  const current = await selectRowsById(
    db,
    schema,
    stale.map((s) => s.id),
  );
  const conflicts: ConflictDetails['conflicts'] = stale.map(({ op, id }) => ({
    op,
    id,
    current: current.get(id) ?? null,
  }));
  throw new AppError('conflict', CONFLICT_MESSAGE, { conflicts } satisfies ConflictDetails);
}
