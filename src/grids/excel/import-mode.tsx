import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import {
  IMPORT_MODE_LABELS,
  IMPORT_MODE_VALUES,
  PROJECT_IMPORT_MODES,
  type EntityRow,
  type ImportMode,
} from '../../lib/entity-api';
import { apiRoutes } from '../../lib/api-routes';
import { findEntitySchema } from '../../schemas/registry';
import { fieldByName, hasSoftDelete, type EntitySchema } from '../../schemas/schema-types';
import type { Fetcher } from './entity-requests';

export { ReplaceNotice, useReplacePreview, type ReplacePreview } from './replace-preview';

/**
 * Which mode an import runs in (lib/entity-api ImportMode). Into a document that sets it (a project's
 * import_mode), the document's setting, read when the dialog opens and shown as the choice it starts from;
 * the engineer may choose another for this import only (sent with overrideMode: the server refuses a mode
 * other than the setting without it, so a setting changed in another tab is never silently ignored), and
 * save it as the document's setting when asked ("Save as the project's mode": saveMode, written with the
 * import in one transaction). Elsewhere the user chooses; each opening starts from 0, the safe mode.
 */
export type ImportModeState = {
  mode: ImportMode;
  /** The document whose setting it is ('project'), with that setting, or null when the user chooses. */
  setBy: { label: string; id: number; mode: ImportMode } | null;
  /** The modes the user may choose from. */
  choices: readonly ImportMode[];
  /** Into a document: the mode chosen differs from its setting (sent with overrideMode or saveMode). */
  overridden: boolean;
  /** Save the chosen mode as the document's setting with the import (only when overridden). */
  saveAsSetting: boolean;
  /** Why the mode chosen cannot become the document's setting (mode 3 is not a project setting), else null. */
  cannotSave: string | null;
  setSaveAsSetting: (save: boolean) => void;
  loading: boolean;
  problem: string | null;
  choose: (mode: ImportMode) => void;
  /** An import saved `mode` as the document's setting: it is the setting the dialog starts from now. */
  saved: (mode: ImportMode) => void;
};

/** The document schema whose field sets the mode of imports into `schema`'s rows of one document, if any. */
function modeDocument(schema: EntitySchema): { document: EntitySchema; field: string } | undefined {
  const root = schema.scope && fieldByName(schema, schema.scope.root);
  const document = root?.kind === 'lookup' ? findEntitySchema(root.entity) : undefined;
  return document?.importModeField ? { document, field: document.importModeField } : undefined;
}

export function useImportMode(
  schema: EntitySchema,
  scope: number | undefined,
  fetcher: Fetcher,
  open: boolean,
): ImportModeState {
  const setting = scope === undefined ? undefined : modeDocument(schema);
  const [chosen, setChosen] = useState<ImportMode | null>(null);
  const [saveAsSetting, setSaveAsSetting] = useState(false);
  const [read, setRead] = useState<{ mode: ImportMode } | { problem: string } | null>(null);
  const documentName = setting?.document.name;
  const field = setting?.field;
  useEffect(() => {
    if (!open) {
      setChosen(null);
      setSaveAsSetting(false);
      setRead(null);
      return;
    }
    if (!documentName || !field || scope === undefined) return;
    const controller = new AbortController();
    fetcher<EntityRow>(apiRoutes.entityRow(documentName, scope), { signal: controller.signal })
      .then((row) => setRead({ mode: (Number(row[field]) || 0) as ImportMode }))
      .catch((caught: unknown) => {
        if (!controller.signal.aborted)
          setRead({
            problem: `The import mode could not be read (${caught instanceof Error ? caught.message : String(caught)}); close and open the import again.`,
          });
      });
    return () => controller.abort();
  }, [open, documentName, field, scope, fetcher]);
  const choices = useMemo(() => IMPORT_MODE_VALUES.filter((mode) => mode !== 2 || hasSoftDelete(schema)), [schema]);
  const free = {
    setBy: null,
    choices,
    overridden: false,
    saveAsSetting: false,
    cannotSave: null,
    setSaveAsSetting: () => undefined,
    loading: false,
    problem: null,
    saved: () => undefined,
  };
  if (!setting || scope === undefined) return { ...free, mode: chosen ?? 0, choose: setChosen };
  const documentMode = read && 'mode' in read ? read.mode : 0;
  const mode = chosen ?? documentMode;
  const overridden = mode !== documentMode;
  const label = setting.document.label.toLowerCase();
  const cannotSave = (PROJECT_IMPORT_MODES as readonly ImportMode[]).includes(mode)
    ? null
    : `mode ${mode} is for one import, not a ${label} setting`;
  return {
    mode,
    setBy: { label, id: scope, mode: documentMode },
    choices,
    overridden,
    saveAsSetting: overridden && saveAsSetting && cannotSave === null,
    cannotSave,
    setSaveAsSetting,
    loading: read === null,
    problem: read && 'problem' in read ? read.problem : null,
    choose: (next) => setChosen(next === documentMode ? null : next),
    saved: (next) => {
      setRead({ mode: next });
      setChosen(null);
      setSaveAsSetting(false);
    },
  };
}

/**
 * The mode, always in view and always a choice. Into a document, it starts at the document's setting and
 * says so; another choice is said to be for this import only, with the box that saves it as the setting.
 */
export function ImportModeControl({ state, disabled }: { state: ImportModeState; disabled: boolean }) {
  const { setBy } = state;
  const helper = !setBy
    ? undefined
    : state.loading
      ? 'Reading the setting…'
      : state.overridden
        ? `For this import only: this ${setBy.label}'s setting is ${IMPORT_MODE_LABELS[setBy.mode]}`
        : `This ${setBy.label}'s setting`;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <TextField
        select
        label="Import mode"
        value={state.mode}
        onChange={(event) => state.choose(Number(event.target.value) as ImportMode)}
        disabled={disabled || state.loading}
        sx={{ minWidth: 340, maxWidth: 420 }}
        size="small"
        helperText={helper}
        slotProps={{
          formHelperText: {
            role: 'note',
            'aria-label': 'Import mode setting',
            sx: state.overridden ? { color: 'warning.dark', fontWeight: 600 } : undefined,
          },
        }}
      >
        {state.choices.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {IMPORT_MODE_LABELS[mode]}
            {setBy && mode === setBy.mode ? ` (the ${setBy.label}'s setting)` : ''}
          </MenuItem>
        ))}
      </TextField>
      {setBy && state.overridden && (
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={state.saveAsSetting}
              onChange={(event) => state.setSaveAsSetting(event.target.checked)}
              disabled={disabled || state.cannotSave !== null}
            />
          }
          label={
            <Typography variant="body2">
              Save as the {setBy.label}&apos;s mode{state.cannotSave ? ` (${state.cannotSave})` : ''}
            </Typography>
          }
        />
      )}
    </Box>
  );
}

/** What a document's mode means for this import, said under the control. */
export function importModeHelp(state: ImportModeState): string | null {
  if (!state.setBy) return null;
  if (state.overridden && state.saveAsSetting)
    return `Importing saves mode ${state.mode} as this ${state.setBy.label}'s setting: later Excel and DEXPI imports into it run in that mode too.`;
  if (state.overridden)
    return `Every other Excel and DEXPI import into this ${state.setBy.label} keeps running in mode ${state.setBy.mode}; tick the box to make mode ${state.mode} its setting, or change it in the ${state.setBy.label} header (Settings, Import mode).`;
  return `Every Excel and DEXPI import into this ${state.setBy.label} runs in the mode its settings say, unless you choose another here for this import; the setting is changed in the ${state.setBy.label} header (Settings, Import mode).`;
}
