import type { EntitySchema } from '../../schemas/schema-types';
import type { Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { deleteCheckedRows } from './batch-save';
import { throwConflicts } from './conflicts';
import { mappingDbErrors } from './bulk-write';
import { selectRowsById } from './entity-sql';

/**
 * Deletes one row: 404 if it is gone (409 instead when the caller named the version it saw), 409 if its
 * version moved on, 409 with the dependants if anything still references it. Audited with the row as it was.
 */
export async function deleteEntityRow(
  db: Db,
  schema: EntitySchema,
  id: number,
  version: number | undefined,
  actor: Actor,
): Promise<void> {
  await mappingDbErrors(schema, () =>
    db.transaction(async (tx) => {
      const row = (await selectRowsById(tx, schema, [id], true)).get(id);
      if (version !== undefined && row?.version !== version) await throwConflicts(tx, schema, [{ op: 'delete', id }]);
      if (!row) throw new AppError('not_found', `No ${schema.label} with id ${id}.`);
      await deleteCheckedRows(tx, schema, [{ id, version: row.version }], actor);
    }),
  );
}
