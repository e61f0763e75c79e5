import type { GridApi } from 'ag-grid-community';
import Button from '@mui/material/Button';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { createElement, useEffect, useRef, useState } from 'react';
import type { Dependant } from '../lib/entity-api';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import type { ConflictChoice } from './conflict-dialog';
import { commitOpenEditor, revealColumnsWithErrors, syncRows } from './grid-sync';
import type { Fetcher } from './lookup-cache';
import type { GridRow, PendingChangesStore, PendingState } from './pending-changes-store';
import { deletesWithDependants, saveBatch, type Conflict, type SaveOutcome } from './save-batch';
import { deleteWithContents, describeCounts, removeDeletedRows } from './delete-with-contents';
import { hasContents } from '../schemas/registry';
import { applyRows } from './large-list/apply-rows';

/** The toast's note on hidden columns a refused Save has just shown. */
function shown(headers: readonly string[]): string {
  return headers.length === 0
    ? ''
    : `; now showing the hidden ${headers.length === 1 ? 'column' : 'columns'} ${headers.join(', ')}`;
}

type Options = {
  api: GridApi<GridRow> | null;
  schema: EntitySchema;
  store: PendingChangesStore;
  base: Map<string, EntityRow>;
  fetcher: Fetcher;
  onChange: () => void;
  onSaved?: () => void;
  /** Rows the list holds now that it did not (negative: rows deleted), for its row count. */
  onRowsAdded?: (delta: number) => void;
};

export function rowsText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;
}

/**
 * Save, and what follows a refusal: errors on cells (422), warnings to confirm (422 warnings_to_confirm:
 * marked on their cells, "Save anyway" resends with acceptWarnings), the conflict dialog or the
 * dependants dialog (409).
 */
export function useGridSave({ api, schema, store, base, fetcher, onChange, onSaved, onRowsAdded }: Options) {
  const context = { api, schema, store, base, fetcher };
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const [saving, setSaving] = useState(false);
  const [conflicts, setConflicts] = useState<Conflict[] | null>(null);
  /** Who changed the rows, when the conflicts are offered as another user's save arrives (not refused at Save). */
  const [offeredBy, setOfferedBy] = useState<string | null>(null);
  /** The deletes refused because other rows use them: what uses them, and the refused rows' keys. */
  const [dependants, setDependants] = useState<{ list: Dependant[]; total: number; keys: string[] } | null>(null);
  /** The list of the errors that blocked the last Save (save-errors.tsx), open above the grid. */
  const [errorsShown, setErrorsShown] = useState(false);
  /** The pending state the last warnings were answered for, and their toast. */
  const warned = useRef<{ state: PendingState; toast: SnackbarKey | null } | null>(null);

  /** How the save went (a replace that saves the grid first reads it: find-replace/save-first.ts); null: not run. */
  const save = async (options: { acceptWarnings?: boolean } = {}): Promise<SaveOutcome | null> => {
    if (!api || saving) return null;
    setSaving(true);
    try {
      await commitOpenEditor(api);
      if (warned.current?.toast != null) closeSnackbar(warned.current.toast);
      // Save anyway accepts the warnings the user has seen: after an edit since, the rows are checked again
      // first (an edited value may warn anew).
      const acceptWarnings = options.acceptWarnings === true && warned.current?.state === store.state;
      warned.current = null;
      const before = store.state;
      const outcome = await saveBatch({ schema, fetcher, store, base, api, acceptWarnings });
      if (outcome.kind !== 'saved') syncRows(api, store, before);
      switch (outcome.kind) {
        case 'saved':
          setErrorsShown(false);
          enqueueSnackbar(
            `Saved ${outcome.count.toLocaleString('en-US')} ${outcome.count === 1 ? 'change' : 'changes'}`,
            { variant: 'success' },
          );
          onRowsAdded?.(outcome.rowsAdded);
          onSaved?.();
          break;
        case 'invalid':
          setErrorsShown(true);
          enqueueSnackbar(
            `Nothing saved: fix the ${outcome.rows === 1 ? 'row' : `${outcome.rows} rows`} marked in red first${shown(revealColumnsWithErrors(api, store.state.errors))}`,
            { variant: 'error' },
          );
          break;
        case 'rejected':
          setErrorsShown(true);
          enqueueSnackbar(
            `Nothing saved: the server refused ${outcome.rows === 1 ? 'a row' : `${outcome.rows} rows`} (marked in red)${shown(revealColumnsWithErrors(api, store.state.errors))}`,
            { variant: 'error' },
          );
          break;
        case 'warnings': {
          const toast = enqueueSnackbar(
            `Nothing saved yet: ${outcome.rows === 1 ? '1 row has' : `${rowsText(outcome.rows)} have`} warnings (marked in amber). Check them, then Save anyway`,
            {
              variant: 'warning',
              persist: true,
              action: (key) =>
                createElement(
                  Button,
                  {
                    color: 'inherit',
                    size: 'small',
                    onClick: () => {
                      closeSnackbar(key);
                      void save({ acceptWarnings: true });
                    },
                  },
                  'Save anyway',
                ),
            },
          );
          warned.current = { state: store.state, toast };
          break;
        }
        case 'conflict':
          setOfferedBy(null);
          setConflicts(outcome.conflicts);
          break;
        case 'dependants': {
          const found = await deletesWithDependants(fetcher, schema, outcome.keys);
          const previous = store.update((draft) => {
            for (const key of found.keys) delete draft.deleted[key];
          });
          syncRows(api, store, previous);
          setDependants(
            outcome.dependants.length
              ? { list: outcome.dependants, total: outcome.total, keys: found.keys }
              : { list: found.dependants, total: found.total, keys: found.keys },
          );
          break;
        }
        case 'error':
          enqueueSnackbar(`Save failed: ${outcome.message}. Your changes are kept.`, { variant: 'error' });
          break;
        case 'nothing':
          break;
      }
      return outcome;
    } finally {
      setSaving(false);
      onChange();
    }
  };

  /** Keep mine: rebase onto their version (my edits stay) and save again. Take theirs: their row, my changes dropped. */
  const resolveConflicts = (choices: Map<string, ConflictChoice>) => {
    const list = conflicts ?? [];
    const offered = offeredBy !== null;
    setConflicts(null);
    setOfferedBy(null);
    if (!api) return;
    const previous = store.update((draft) => {
      for (const c of list) {
        const choice = choices.get(c.key) ?? 'theirs';
        const errors = draft.errors[c.key];
        if (errors) {
          delete errors._row;
          if (Object.keys(errors).length === 0) delete draft.errors[c.key];
        }
        if (choice === 'theirs') {
          delete draft.edits[c.key];
          delete draft.deleted[c.key];
          delete draft.errors[c.key];
        }
      }
    });
    const gone: GridRow[] = [];
    for (const c of list) {
      if (c.current) base.set(c.key, c.current);
      else {
        base.delete(c.key);
        gone.push({ __key: c.key } as GridRow);
      }
    }
    applyRows(api, store, { remove: gone.filter((r) => api.getRowNode(r.__key)) });
    syncRows(
      api,
      store,
      previous,
      list.filter((c) => c.current).map((c) => c.key),
    );
    onChange();
    // Refused at Save: Keep mine saves again. Offered as their save arrived: mine stays pending, for the user's Save.
    if (!offered && [...choices.values()].includes('mine')) void save();
  };

  // Every warning edited away or discarded: its toast (and its Save anyway) goes too.
  useEffect(() => {
    if (warned.current && Object.keys(store.state.warnings).length === 0) {
      if (warned.current.toast != null) closeSnackbar(warned.current.toast);
      warned.current = null;
    }
  });

  const saveAnyway = () => void save({ acceptWarnings: true });

  /** Another user's save changed rows with pending edits: the choice now, added to one already open. */
  const offerConflicts = (offered: Conflict[], by: string) => {
    // A choice refused at Save stays one (Keep mine saves); names already offered are not repeated.
    setOfferedBy(
      conflicts === null ? by : offeredBy === null || offeredBy.includes(by) ? offeredBy : `${offeredBy}, ${by}`,
    );
    setConflicts((open) => [...(open ?? []).filter((c) => !offered.some((o) => o.key === c.key)), ...offered]);
  };

  /** For the dependants dialog, where a refused row may hold the rows using it: delete it with them. */
  const contents =
    hasContents(schema.name) && dependants
      ? {
          preview: () => deleteWithContents(context, dependants.keys, true),
          commit: async () => {
            const done = await deleteWithContents(context, dependants.keys, false);
            removeDeletedRows(context, dependants.keys);
            onRowsAdded?.(-dependants.keys.length);
            setDependants(null);
            enqueueSnackbar(`Deleted ${rowsText(done.total)}: ${describeCounts(done)}`, { variant: 'success' });
            onChange();
            onSaved?.();
          },
        }
      : undefined;

  return {
    save,
    saveAnyway,
    saving,
    errorsShown,
    showErrors: () => setErrorsShown(true),
    hideErrors: () => setErrorsShown(false),
    conflicts,
    setConflicts,
    resolveConflicts,
    offeredBy,
    offerConflicts,
    dependants,
    contents,
    closeDependants: () => setDependants(null),
  };
}
