import { MAX_BATCH_OPERATIONS, type ConflictDetails, type ValidationDetails } from '../../../../lib/entity-api';
import {
  TAG_RENAME_LISTS,
  type TagProblem,
  type TagRenameAnswer,
  type TagRenameList,
} from '../../../../lib/tag-rename';
import { fieldByName } from '../../../../schemas/schema-types';
import type { Actor } from '../../../audit/audit-writer';
import type { Db } from '../../../db/client';
import { saveEntityBatch } from '../../../entities/entity-service';
import { chunks } from '../../../entities/entity-sql';
import { AppError } from '../../../http/app-error';
import { assertProject } from '../revisions/revisions';
import { checkPattern, type RenamePattern } from './rename-pattern';
import { planRename, type RenamePlan } from './rename-plan';

/**
 * The rename written: in one transaction, list by list (a list before the texts naming its tags), each list's
 * rows updated through the engine's save (saveEntityBatch): the same checks as any save (the tags' rules, the
 * cable ends and quote line tags against the renamed lists, the document locks), the same audit rows (one per
 * changed field), the same aggregates and listeners after the write. A line's number is derived anew from its
 * renamed area there too. Anything refused rolls the whole rename back.
 *
 * The preview runs the very same writes and rolls them back, so what it answers (a lock on a quote, a value a
 * hook refuses) is what the rename would meet.
 *
 * Rows under an awarded adjudication's lock (a quote evaluated in it, with its lines) refuse the rename with
 * the lock's 409: the bid tab pairs package items and quote lines by tag, so renaming the items and the
 * equipment while the locked lines kept the old tag would change what the award was decided on; skipping the
 * lines would leave them naming a tag that no longer exists. Withdraw the award, or leave its tags out of the
 * pattern.
 */

export type RenameRequest = RenamePattern & { lists: readonly TagRenameList[] };

class DryRunDone extends Error {
  constructor(readonly answer: TagRenameAnswer) {
    super('dry run');
  }
}

export async function renameTags(
  db: Db,
  projectId: number,
  request: RenameRequest,
  actor: Actor,
  dryRun: boolean,
): Promise<TagRenameAnswer> {
  checkPattern(request);
  const lists = request.lists.length > 0 ? request.lists : TAG_RENAME_LISTS;
  try {
    return await db.transaction(async (tx) => {
      // One rename of a project at a time: the second waits, then plans over the first's result.
      await assertProject(tx, projectId, true);
      const plan = await planRename(tx, projectId, request, lists);
      const answer: TagRenameAnswer = { ...plan.answer, applied: false, refusal: null };
      if (answer.clashes.length > 0 || answer.problems.length > 0) {
        if (dryRun) return answer;
        if (answer.clashes.length > 0)
          throw new AppError('conflict', clashMessage(answer), { clashes: answer.clashes, problems: answer.problems });
        throw new AppError('validation_failed', problemMessage(answer.problems), { problems: answer.problems });
      }
      try {
        await writePlan(tx, plan, actor);
      } catch (error) {
        const refused = explained(error, plan);
        if (!dryRun || !refused) throw refused?.error ?? error;
        throw new DryRunDone({ ...answer, problems: refused.problems, refusal: refused.refusal });
      }
      if (dryRun) throw new DryRunDone(answer);
      return { ...answer, applied: true };
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.answer;
    throw error;
  }
}

async function writePlan(tx: Db, plan: RenamePlan, actor: Actor): Promise<void> {
  for (const { schema, rows } of plan.writes) {
    // Tags follow the project's template or not as they did; the rename is the user's, confirmed in its preview.
    for (const part of chunks(rows, MAX_BATCH_OPERATIONS)) {
      await saveEntityBatch(tx, schema, { updates: part, acceptWarnings: true }, actor).catch((error: unknown) => {
        // Which list refused: its row errors name rows by id, read back as tags.
        throw error instanceof AppError
          ? new AppError(error.code, error.message, { ...(error.details as object | undefined), entity: schema.name })
          : error;
      });
    }
  }
}

function clashMessage(answer: Pick<TagRenameAnswer, 'clashes'>): string {
  const [first] = answer.clashes;
  const count = answer.clashes.length;
  return `Nothing was renamed: ${count === 1 ? 'a new tag clashes' : `${count} new tags clash`}${first ? ` (${first.message})` : ''}.`;
}

function problemMessage(problems: readonly TagProblem[]): string {
  const [first] = problems;
  return `Nothing was renamed: ${problems.length === 1 ? 'a new value is refused' : `${problems.length} new values are refused`}${first ? ` (${first.tag}, ${first.field}: ${first.message})` : ''}.`;
}

/**
 * An engine refusal met while writing, in the rename's words: a 422's rows named by their tags, a lock's 409 as
 * it is (it says who holds it and how to lift it), a row changed by someone since it was read.
 */
function explained(
  error: unknown,
  plan: RenamePlan,
): { error: AppError; problems: TagProblem[]; refusal: TagRenameAnswer['refusal'] } | undefined {
  if (!(error instanceof AppError)) return undefined;
  const failing = (error.details as { entity?: string } | undefined)?.entity;
  if (error.code === 'validation_failed' || error.code === 'warnings_to_confirm') {
    const rowErrors = (error.details as Partial<ValidationDetails> | undefined)?.rowErrors ?? [];
    const entity = failing ?? '';
    const schema = plan.writes.find((w) => w.schema.name === entity)?.schema;
    const problems: TagProblem[] = rowErrors.flatMap((row) =>
      Object.entries(row.fields).map(([field, message]) => ({
        list: schema?.labelPlural ?? entity,
        tag: row.id === undefined ? '?' : plan.tagOf(entity, row.id),
        field: schema ? (fieldByName(schema, field)?.label ?? field) : field,
        message,
      })),
    );
    return {
      error: new AppError('validation_failed', problemMessage(problems), { problems }),
      problems,
      refusal: null,
    };
  }
  if (error.code === 'conflict') {
    const heldBy = (error.details as { lockedBy?: string } | undefined)?.lockedBy ?? null;
    const stale = (error.details as Partial<ConflictDetails> | undefined)?.conflicts;
    const message = stale
      ? 'A row was changed by someone else while the rename was worked out: preview it again.'
      : error.message;
    return { error: new AppError('conflict', message, error.details), problems: [], refusal: { message, heldBy } };
  }
  return undefined;
}
