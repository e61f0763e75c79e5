import { sql } from 'drizzle-orm';
import { IMPORT_MODE_LABELS, type ImportMode } from '../../../lib/entity-api';
import { getEntitySchema } from '../../../schemas/registry';
import { fieldByName, hasSoftDelete, type EntitySchema } from '../../../schemas/schema-types';
import { validateRow } from '../../../schemas/validators';
import type { Actor } from '../../audit/audit-writer';
import { hasRole, type Role } from '../../auth/roles';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { updateRows } from '../bulk-write';
import { throwConflicts } from '../conflicts';
import { ident, queryRows } from '../entity-sql';
import type { ImportOptions } from './import-options';

/**
 * The import mode: the one place it is read. A document whose schema names an import mode field (a
 * project's import_mode) sets the mode of imports into its lists; the engine's import (importModeOf) and the
 * DEXPI import (which states the mode in its answer) both read it through readImportMode.
 */

/** Document `id`'s import mode (its importModeField) and version; undefined when there is no such row. */
export async function readImportMode(
  tx: Db,
  document: EntitySchema,
  id: number,
): Promise<{ mode: ImportMode; version: number } | undefined> {
  const field = document.importModeField;
  if (!field) throw new Error(`${document.name} sets no import mode (importModeField)`);
  const [row] = await queryRows<{ mode: number | null; version: number }>(
    tx,
    sql`select ${ident(field)} as mode, version from ${ident(document.name)} where id = ${id}`,
  );
  return row && { mode: (row.mode ?? 0) as ImportMode, version: row.version };
}

/** The document (a project) whose field sets the mode of imports into `schema`'s rows of one of them, if any. */
export function modeDocumentOf(schema: EntitySchema): EntitySchema | undefined {
  const root = schema.scope && fieldByName(schema, schema.scope.root);
  const document = root?.kind === 'lookup' ? getEntitySchema(root.entity) : undefined;
  return document?.importModeField ? document : undefined;
}

/** The mode an import runs in, and the document setting it saves (saveMode), if any. */
export type ModeDecision = {
  mode: ImportMode;
  save?: { document: EntitySchema; id: number; version: number; field: string };
};

/**
 * The mode an import runs in. Into a document whose schema names an import mode field (a project's
 * import_mode), that field's value: the mode sent, if any, must be the same (a settings change in another
 * tab must not leave a dialog importing in the old mode), unless it is sent with overrideMode or saveMode
 * (the engineer chose another mode for this import). Else the mode sent, 0 when none. Mode 2 needs a list
 * with a soft delete, and a list kept per project is replaced one project at a time.
 */
export async function importModeOf(
  tx: Db,
  schema: EntitySchema,
  options: ImportOptions,
  actor: Actor,
): Promise<ModeDecision> {
  const document = modeDocumentOf(schema);
  const chosen = options.overrideMode || options.saveMode;
  let mode = options.mode ?? 0;
  let save: ModeDecision['save'];
  const intoDocument = document?.importModeField && options.scope !== undefined;
  if (chosen && !intoDocument)
    throw new AppError(
      'bad_request',
      `overrideMode and saveMode are for an import into a document that sets its own import mode (a project's lists, with scope); ${schema.labelPlural.toLowerCase()} import in the mode sent.`,
    );
  if (chosen && options.mode === undefined)
    throw new AppError('bad_request', 'overrideMode and saveMode need the mode to import in (mode: 0, 1, 2 or 3).');
  if (document?.importModeField && intoDocument) {
    const field = document.importModeField;
    const label = document.label.toLowerCase();
    const row = await readImportMode(tx, document, options.scope as number);
    if (!row) throw new AppError('not_found', `There is no ${label} ${options.scope} to import into.`);
    const set = row.mode;
    if (options.mode !== undefined && options.mode !== set && !chosen) {
      throw new AppError(
        'conflict',
        `This ${label} imports in mode ${IMPORT_MODE_LABELS[set]}, not ${IMPORT_MODE_LABELS[options.mode]}: its settings say so (they may have changed since this import began). Import again in mode ${set}, or choose mode ${options.mode} for this import (overrideMode).`,
        { importMode: set },
      );
    }
    if (!chosen) mode = set;
    if (options.saveMode && mode !== set) {
      // An actor without roles is the server's own (seed, DEXPI): never a user lacking one.
      if (actor.roles !== undefined && !hasRole(actor.roles as readonly Role[], document.writeRole))
        throw new AppError(
          'forbidden',
          `Saving the ${label}'s import mode needs the ${document.writeRole} role; import in mode ${mode} for this import only instead.`,
        );
      const checked = validateRow(document, { [field]: mode }, 'update');
      if (!checked.ok)
        throw new AppError(
          'bad_request',
          `Mode ${IMPORT_MODE_LABELS[mode]} cannot be the ${label}'s setting (${checked.errors[field] ?? 'not one of its modes'}): import in it for this import only (overrideMode), without saveMode.`,
        );
      save = { document, id: options.scope as number, version: row.version, field };
    }
  }
  if (mode === 2 && !hasSoftDelete(schema))
    throw new AppError(
      'bad_request',
      `${schema.labelPlural} have no soft delete (deleteflag), so an import cannot replace the list: import in mode 1 (add and update) instead.`,
    );
  if (mode === 2 && schema.scope && options.scope === undefined)
    throw new AppError(
      'bad_request',
      `${schema.labelPlural} are kept per ${document?.label.toLowerCase() ?? 'document'}: a replacing import (mode 2) names the one it replaces the list of (scope).`,
    );
  return { mode, ...(save ? { save } : {}) };
}

/** saveMode: the document's import mode becomes the one this import ran in, audited as any change of it. */
export async function saveDocumentMode(
  tx: Db,
  save: NonNullable<ModeDecision['save']>,
  mode: ImportMode,
  actor: Actor,
): Promise<void> {
  const { stale } = await updateRows(
    tx,
    save.document,
    [{ id: save.id, version: save.version, changes: { [save.field]: mode } }],
    actor,
    'changes',
  );
  if (stale.length > 0)
    await throwConflicts(
      tx,
      save.document,
      stale.map((id) => ({ op: 'update', id })),
    );
}
