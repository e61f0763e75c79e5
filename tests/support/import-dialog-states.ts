import { matchColumns } from '../../src/grids/excel/column-matching';
import {
  importDialogReducer,
  initialImportState,
  type ImportActionType,
  type ImportDialogAction,
  type ImportDialogState,
  type ImportPhase,
  type RowCheck,
} from '../../src/grids/excel/import-dialog-state';
import { buildImportRows } from '../../src/grids/excel/import-rows';
import { createLookupResolver } from '../../src/grids/excel/lookup-index';
import type { EntityRow } from '../../src/lib/entity-api';
import { clients } from '../../src/schemas/entities/business-entities';

// The import dialog's state in each of its steps, for the reducer's tests: a three-row clients file.

export const headers = ['Client name', 'City'];
export const match = matchColumns(clients, headers);
export const rows = buildImportRows(
  clients,
  [
    ['A', 'Lima'],
    ['B', 'Quito'],
    ['C', 'Cusco'],
  ],
  match.mapping,
  undefined,
  { mode: 0 },
);
export const check = (mode: RowCheck['mode'] = 0): RowCheck => ({
  schema: clients,
  resolveLookup: createLookupResolver({}),
  mode,
});
export const summary = { added: 3, updated: 0, unchanged: 0, skipped: 0, mode: 0 as const };
export const stored = (id: number, name: string): EntityRow => ({
  id,
  name,
  version: 1,
  created_at: '2026-01-01T00:00:00Z',
  created_by: 'test',
  updated_at: '2026-01-01T00:00:00Z',
  updated_by: 'test',
});
export const messages = (entries: [number, string][]) =>
  new Map(entries.map(([index, text]) => [index, { city: text }] as [number, Record<string, string>]));

export const run = (state: ImportDialogState, ...actions: ImportDialogAction[]) =>
  actions.reduce(importDialogReducer, state);
export const choosing = initialImportState;
export const parsing = run(choosing, { type: 'fileChosen', fileName: 'clients.xlsx' });
export const previewing = run(parsing, { type: 'parsed', labels: {}, match, headers, rows });
export const importing = run(previewing, { type: 'commitStarted' });
export const done = run(importing, { type: 'imported', summary, rejected: [] });
export const inPhase: Record<ImportPhase, ImportDialogState> = {
  choose: choosing,
  parsing,
  preview: previewing,
  importing,
  done,
};

/** One action of each type, as the dialog would dispatch it in the round of `state`. */
export function sample(type: ImportActionType, state: ImportDialogState): ImportDialogAction {
  const answer = { round: state.round, sent: [0], sentEdits: new Map([[0, 0]]) };
  const samples: { [T in ImportActionType]: Extract<ImportDialogAction, { type: T }> } = {
    closed: { type: 'closed' },
    fileChosen: { type: 'fileChosen', fileName: 'other.csv' },
    parseProgressed: { type: 'parseProgressed', progress: { stage: 'checking', done: 1, total: 3 } },
    lookupsUnavailable: { type: 'lookupsUnavailable', notice: 'no lists' },
    parsed: { type: 'parsed', labels: {}, match, headers, rows },
    parseFailed: { type: 'parseFailed', error: 'bad file' },
    modeChanged: { type: 'modeChanged', check: check(1) },
    cellEdited: { type: 'cellEdited', index: 0, field: 'city', text: 'Arequipa', check: check() },
    checkStarted: { type: 'checkStarted' },
    checked: { type: 'checked', ...answer, plan: [{ index: 0, action: 'add' }], warnings: new Map() },
    checkRefused: { type: 'checkRefused', ...answer, errors: messages([[0, 'taken']]) },
    checkFailed: { type: 'checkFailed', round: state.round, problem: 'offline' },
    compareStarted: { type: 'compareStarted', ids: [10] },
    storedRowsRead: { type: 'storedRowsRead', rows: [stored(10, 'A')] },
    compareFailed: { type: 'compareFailed', problem: 'offline' },
    compareSettled: { type: 'compareSettled' },
    commitStarted: { type: 'commitStarted' },
    imported: { type: 'imported', summary, rejected: [] },
    importWarned: { type: 'importWarned', warnings: messages([[0, 'odd']]), notice: 'warned' },
    importRefused: { type: 'importRefused', errors: messages([[0, 'taken']]), notice: 'refused' },
    importFailed: { type: 'importFailed', error: 'Import failed: offline' },
    downloadFailed: { type: 'downloadFailed', error: 'no disk' },
  };
  return samples[type];
}
