import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { IMPORT_MODE_LABELS, IMPORT_MODE_VALUES, type EntityRow, type ImportMode, type SoftDeletedRow } from '../../lib/entity-api';
import { entityPaths } from '../../lib/entity-paths';
import { findEntitySchema } from '../../schemas/registry';
import { fieldByName, hasSoftDelete, type EntitySchema } from '../../schemas/schema-types';
import { postImport, type Fetcher } from './entity-requests';
import type { ImportRow } from './import-rows';

/**
 * Which mode an import runs in (lib/entity-api ImportMode). Into a document that sets it (a project's
 * import_mode), the document's setting, read when the dialog opens and shown, not chosen: the server runs
 * the import in that mode and refuses another. Elsewhere the user chooses; each opening starts from 0, the
 * safe mode.
 */
export type ImportModeState = {
  mode: ImportMode;
  /** The document whose setting it is ('project'), or null when the user chooses. */
  setBy: { label: string; id: number } | null;
  /** The modes the user may choose from (none when setBy). */
  choices: readonly ImportMode[];
  loading: boolean;
  problem: string | null;
  choose: (mode: ImportMode) => void;
};

/** The document schema whose field sets the mode of imports into `schema`'s rows of one document, if any. */
function modeDocument(schema: EntitySchema): { document: EntitySchema; field: string } | undefined {
  const root = schema.scope && fieldByName(schema, schema.scope.root);
  const document = root?.kind === 'lookup' ? findEntitySchema(root.entity) : undefined;
  return document?.importModeField ? { document, field: document.importModeField } : undefined;
}

export function useImportMode(schema: EntitySchema, scope: number | undefined, fetcher: Fetcher, open: boolean): ImportModeState {
  const setting = scope === undefined ? undefined : modeDocument(schema);
  const [chosen, setChosen] = useState<ImportMode>(0);
  const [read, setRead] = useState<{ mode: ImportMode } | { problem: string } | null>(null);
  const documentName = setting?.document.name;
  const field = setting?.field;
  useEffect(() => {
    if (!open) {
      setChosen(0);
      setRead(null);
      return;
    }
    if (!documentName || !field || scope === undefined) return;
    const controller = new AbortController();
    fetcher<EntityRow>(entityPaths.row(documentName, scope), { signal: controller.signal })
      .then((row) => setRead({ mode: (Number(row[field]) || 0) as ImportMode }))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted) setRead({ problem: `The import mode could not be read (${caught instanceof Error ? caught.message : String(caught)}); close and open the import again.` });
      });
    return () => controller.abort();
  }, [open, documentName, field, scope, fetcher]);
  const choices = useMemo(() => IMPORT_MODE_VALUES.filter((mode) => mode !== 2 || hasSoftDelete(schema)), [schema]);
  if (!setting || scope === undefined) return { mode: chosen, setBy: null, choices, loading: false, problem: null, choose: setChosen };
  return {
    mode: read && 'mode' in read ? read.mode : 0,
    setBy: { label: setting.document.label.toLowerCase(), id: scope },
    choices: [],
    loading: read === null,
    problem: read && 'problem' in read ? read.problem : null,
    choose: () => undefined,
  };
}

/** The mode, always in view: a choice, or the document's setting said in words. */
export function ImportModeControl({ state, disabled }: { state: ImportModeState; disabled: boolean }) {
  if (!state.setBy) {
    return (
      <TextField select label="Import mode" value={state.mode} onChange={(event) => state.choose(Number(event.target.value) as ImportMode)} disabled={disabled} sx={{ minWidth: 340 }} size="small">
        {state.choices.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {IMPORT_MODE_LABELS[mode]}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <Box aria-label="Import mode" role="note" sx={{ minWidth: 340, px: 1.5, py: 0.75, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        Import mode (this {state.setBy.label}&apos;s setting)
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {state.loading ? 'Reading…' : IMPORT_MODE_LABELS[state.mode]}
      </Typography>
    </Box>
  );
}

/** Where a document's mode is changed, said under the control. */
export function importModeHelp(state: ImportModeState): string | null {
  if (!state.setBy) return null;
  return `Every Excel and DEXPI import into this ${state.setBy.label} runs in the mode its settings say; change it in the ${state.setBy.label} header (Settings, Import mode).`;
}

/** The fields a row's key is made of: the key's own, or those a computed key (a line number) is derived from. */
function keySourceFields(schema: EntitySchema): string[] {
  return [...new Set(schema.key.flatMap((name) => {
    const field = fieldByName(schema, name);
    return field?.computed ? [name, ...field.computed.from] : [name];
  }))];
}

export type ReplacePreview = { total: number; rows: SoftDeletedRow[] } | { problem: string } | null;

/**
 * Mode 2: the stored rows the file does not hold, which the import would soft-delete, asked of the server
 * (a dry run of every row's key, whatever else is wrong with the row) and read again as the rows change.
 */
export function useReplacePreview(schema: EntitySchema, rows: readonly ImportRow[], mode: ImportMode, active: boolean, scope: number | undefined, fetcher: Fetcher): ReplacePreview {
  const [preview, setPreview] = useState<ReplacePreview>(null);
  const keys = useMemo(() => {
    if (mode !== 2 || !active) return null;
    const fields = keySourceFields(schema);
    return rows.map((row) => Object.fromEntries(fields.filter((name) => name in row.values).map((name) => [name, row.values[name]])));
  }, [schema, rows, mode, active]);
  useEffect(() => {
    if (!keys) {
      setPreview(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      postImport(fetcher, schema.name, 2, keys, { dryRun: true, partialRows: true, skipInvalidRows: true, scope, signal: controller.signal })
        .then((outcome) => setPreview(outcome.ok ? { total: outcome.softDeleted, rows: outcome.softDeletedRows } : { problem: 'the server refused the file; importing shows why' }))
        .catch((caught: unknown) => {
          if (!controller.signal.aborted) setPreview({ problem: caught instanceof Error ? caught.message : String(caught) });
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keys, fetcher, schema.name, scope]);
  return preview;
}

/** What replacing the list deletes, listed before anything is written. */
export function ReplaceNotice({ schema, preview }: { schema: EntitySchema; preview: ReplacePreview }) {
  const what = schema.labelPlural.toLowerCase();
  if (!preview) return <Alert severity="info">Replacing the list: finding the {what} the file does not hold…</Alert>;
  if ('problem' in preview) return <Alert severity="warning">The {what} this import would delete could not be listed: {preview.problem}.</Alert>;
  if (preview.total === 0) return <Alert severity="info" role="status" aria-label="Rows to delete">Replacing the list: every stored row is in the file, so none will be deleted.</Alert>;
  const more = preview.total - preview.rows.length;
  return (
    <Alert severity="warning" role="status" aria-label="Rows to delete">
      Replacing the list: {preview.total.toLocaleString('en-US')} {preview.total === 1 ? `row of ${what} is` : `rows of ${what} are`} not in the file and will be deleted (soft-deleted: shown again with Show deleted rows, and restored by unticking Deleted):
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, maxHeight: 120, overflow: 'auto', columns: '4 120px' }}>
        {preview.rows.map((row) => (
          <li key={row.id}>{row.label}</li>
        ))}
      </Box>
      {more > 0 && ` and ${more.toLocaleString('en-US')} more.`}
    </Alert>
  );
}
