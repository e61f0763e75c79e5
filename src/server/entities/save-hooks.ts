import type { EntitySchema } from '../../schemas/schema-types';
import type { Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { documentDeclarations, rulesOf } from '../../schemas/documents/document-registry';
import { DELETE_HOOKS, SAVE_HOOKS } from './hooks/hook-catalogue';
import type { DeleteHook, SaveContext } from './hooks/hook-types';

/**
 * Domain rules that need the database or the caller, per entity, run by every save and import after the
 * engine's own checks (the pure ones are schema `rules`). A hook reports on the cell that breaks a rule
 * (an error, or a warning the user may accept), may set fields the server owns (a request's submitter),
 * and throws a 403 for what the caller may not do at all. It never writes: the pipeline writes only when
 * no candidate has an error. `beforeDelete` runs before rows are deleted, by the batch and by DELETE.
 */
export type { DeleteHook, SaveContext, SaveHook } from './hooks/hook-types';

/** The hooks of a kind an entity's declaration names (src/schemas/documents), in the declared order. */
function declared<Hook>(
  entity: string,
  kind: 'numbering' | 'save' | 'delete',
  catalogue: Readonly<Record<string, Hook>>,
): Hook[] {
  return (rulesOf(entity)[kind] ?? []).map((name) => {
    const hook = catalogue[name];
    if (!hook) throw new Error(`${entity}: the rule ${name} is not in server/entities/hooks/hook-catalogue.ts.`);
    return hook;
  });
}

/** Rule names the declarations use that the catalogue does not have (the start-up check refuses any). */
export function unknownRuleNames(): string[] {
  const names = documentDeclarations.flatMap((document) =>
    [document.headerRules, ...document.lists.map((list) => list.rules)].flatMap((rules) => [
      ...[...(rules?.numbering ?? []), ...(rules?.save ?? [])].filter((name) => !(name in SAVE_HOOKS)),
      ...(rules?.delete ?? []).filter((name) => !(name in DELETE_HOOKS)),
    ]),
  );
  return [...new Set(names)];
}

/**
 * Hooks that fill a new row's key before the key is checked (a register document's number from its project's
 * template): a declaration's `numbering` rules, run on a save's creates only, right after the engine numbers
 * `numbered` fields.
 */
export async function runNumberingHooks(context: SaveContext): Promise<void> {
  for (const hook of declared(context.schema.name, 'numbering', SAVE_HOOKS)) await hook(context);
}

export async function runSaveHooks(context: SaveContext): Promise<void> {
  for (const hook of declared(context.schema.name, 'save', SAVE_HOOKS)) await hook(context);
}

export async function runDeleteHooks(
  db: Db,
  schema: EntitySchema,
  ids: readonly number[],
  actor: Actor,
): Promise<void> {
  if (ids.length === 0) return;
  for (const hook of declared<DeleteHook>(schema.name, 'delete', DELETE_HOOKS)) await hook(db, schema, ids, actor);
}
