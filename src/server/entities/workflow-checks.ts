import {
  fieldByName,
  workflowAllows,
  workflowMoveMessage,
  type EntitySchema,
  type FieldDef,
} from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { addError, storedValues, type Candidate, type CandidateErrors } from './row-checks';

/**
 * The schema's workflow (EntitySchema.workflow), on every save and import: a change of the workflow's
 * field from the stored state A to B is refused unless B is one of moves[A], with the reason on the field.
 * Only changes that send the field are read, in one query; a new row may start in any state (see the
 * declaration). Generic: proposals declare it today, packages will.
 */
export async function checkWorkflow(
  db: Db,
  schema: EntitySchema,
  candidates: readonly Candidate[],
  errors: CandidateErrors,
): Promise<void> {
  const workflow = schema.workflow;
  if (!workflow) return;
  const name = workflow.field;
  const changing = candidates.filter((c) => c.id !== undefined && name in c.values);
  if (changing.length === 0) return;
  const stored = await storedValues(
    db,
    schema,
    [fieldByName(schema, name) as FieldDef],
    changing.map((c) => c.id as number),
  );
  candidates.forEach((candidate, slot) => {
    if (candidate.id === undefined || !(name in candidate.values)) return;
    // A row gone meanwhile is the write's 409, not a workflow error.
    const row = stored.get(candidate.id);
    if (!row) return;
    const from = (row[name] ?? null) as string | null;
    const to = (candidate.values[name] ?? null) as string | null;
    if (!workflowAllows(workflow, from, to))
      addError(errors, slot, name, workflowMoveMessage(schema, from as string, to));
  });
}
