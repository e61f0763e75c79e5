import type { ImportMode } from '../../../lib/entity-api';

/**
 * What an import is asked to do (the body's options, receive-import-body.ts). `scope`: the document (project
 * id) a scoped list's import is into, from its address (or the body's scope, an alias): every row is stamped
 * with it, and may name no other. `skipInvalidRows`: rows with errors are left out and listed in the answer
 * (rejectedRows) instead of refusing the whole file. `acceptWarnings`: commit although rows have warnings (a
 * dry run lists them).
 */
export type ImportOptions = {
  mode?: ImportMode;
  dryRun?: boolean;
  partialRows?: boolean;
  scope?: number;
  skipInvalidRows?: boolean;
  acceptWarnings?: boolean;
  /**
   * Into a document that sets the mode (a project's import_mode): `overrideMode` runs this import in the
   * `mode` sent although the document says another (the engineer chose it in the dialog, for this import
   * only); `saveMode` also makes it the document's setting, written (audited) in the import's own
   * transaction, so a refused import leaves the setting as it was. A dry run saves nothing.
   */
  overrideMode?: boolean;
  saveMode?: boolean;
  /**
   * Callers inside the server only (never the HTTP body). `replaceWithin`: mode 2 replaces only the stored
   * rows with this value (a DEXPI file replaces the rows on its P&ID, not the project's whole list).
   */
  replaceWithin?: { field: string; value: number };
};
