import type { EntitySchema } from '../../../schemas/schema-types';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import type { Candidate, CandidateErrors } from '../row-checks';

/**
 * What a save hook is handed (entities/save-hooks.ts runs them): the transaction, the list, the save's candidates,
 * where to put errors and warnings, and who saves. Here, not in save-hooks.ts, so the hooks and the table that
 * names them do not import each other.
 */
export type SaveContext = {
  db: Db;
  schema: EntitySchema;
  candidates: readonly Candidate[];
  errors: CandidateErrors;
  warnings: CandidateErrors;
  actor: Actor;
};
export type SaveHook = (context: SaveContext) => Promise<void>;
export type DeleteHook = (db: Db, schema: EntitySchema, ids: readonly number[], actor: Actor) => Promise<void>;
