import { describe, expect, it } from 'vitest';
import {
  ACTION_PHASES,
  importActionAllowed,
  importDialogReducer,
  initialImportState,
  type ImportActionType,
  type ImportPhase,
} from '../../src/grids/excel/import-dialog-state';
import {
  check,
  done,
  headers,
  importing,
  inPhase,
  match,
  messages,
  parsing,
  previewing,
  rows,
  run,
  sample,
  summary,
} from '../support/import-dialog-states';

// The import dialog's steps as a pure state machine (issue #32 item 5): every transition, and every action
// a step refuses (the state comes back as the same object, so nothing renders). The preview's own
// transitions (dry runs, edits, mode changes, stored rows): import-dialog-preview.test.ts.

/** The steps each action is taken in, written out here so a change to the machine's table is a change to this test. */
const EXPECTED: Record<ImportActionType, readonly ImportPhase[]> = {
  closed: ['choose', 'parsing', 'preview', 'done'],
  fileChosen: ['choose', 'preview', 'done'],
  parseProgressed: ['parsing'],
  lookupsUnavailable: ['parsing'],
  parsed: ['parsing'],
  parseFailed: ['parsing'],
  modeChanged: ['preview'],
  cellEdited: ['preview'],
  checkStarted: ['preview'],
  checked: ['preview'],
  checkRefused: ['preview'],
  checkFailed: ['preview'],
  compareStarted: ['preview'],
  storedRowsRead: ['preview', 'importing', 'done'],
  compareFailed: ['preview', 'importing', 'done'],
  compareSettled: ['preview', 'importing', 'done'],
  commitStarted: ['preview'],
  imported: ['importing'],
  importWarned: ['importing'],
  importRefused: ['importing'],
  importFailed: ['importing'],
  downloadFailed: ['done'],
};

describe('import dialog state: which step takes which action', () => {
  const phases = Object.keys(inPhase) as ImportPhase[];
  it('the machine’s table is the one written here', () => expect(ACTION_PHASES).toEqual(EXPECTED));
  for (const type of Object.keys(EXPECTED) as ImportActionType[]) {
    const refusedIn = phases.filter((phase) => !EXPECTED[type].includes(phase));
    const title = `${type}: taken in ${EXPECTED[type].join(', ')}${refusedIn.length ? `; refused in ${refusedIn.join(', ')}` : ''}`;
    it(title, () => {
      for (const phase of phases) {
        const state = inPhase[phase];
        const next = importDialogReducer(state, sample(type, state));
        expect(importActionAllowed(state, type)).toBe(!refusedIn.includes(phase));
        if (refusedIn.includes(phase)) expect(next, `${type} in ${phase}`).toBe(state);
        else expect(next, `${type} in ${phase}`).not.toBe(state);
      }
    });
  }

  it('closing is refused only while importing: one transaction is under way', () => {
    expect(ACTION_PHASES.closed).not.toContain('importing');
    expect(importActionAllowed(importing, 'closed')).toBe(false);
  });
});

describe('import dialog state: reading the file', () => {
  it('a file chosen starts from nothing, in a new round, with its name', () => {
    expect(parsing).toMatchObject({ phase: 'parsing', fileName: 'clients.xlsx', rows: [], round: 1 });
    const again = run(
      previewing,
      { type: 'cellEdited', index: 1, field: 'city', text: 'X', check: check() },
      { type: 'importFailed', error: 'x' },
      { type: 'fileChosen', fileName: 'second.csv' },
    );
    expect(again).toEqual({ ...initialImportState, phase: 'parsing', fileName: 'second.csv', round: 2 });
  });

  it('progress and a lookup notice are kept while parsing; the parsed file is previewed', () => {
    const progress = { stage: 'checking' as const, done: 2, total: 3 };
    const state = run(
      parsing,
      { type: 'parseProgressed', progress },
      { type: 'lookupsUnavailable', notice: 'lists not loaded' },
    );
    expect(state).toMatchObject({ parseProgress: progress, notice: 'lists not loaded' });
    expect(run(state, sample('parsed', state))).toMatchObject({
      phase: 'preview',
      match,
      headers,
      rows,
      notice: 'lists not loaded',
    });
  });

  it('a file that cannot be read goes back to choosing, with the error and the name (to choose another)', () => {
    expect(run(parsing, { type: 'parseFailed', error: 'x.xlsx: bad zip' })).toMatchObject({
      phase: 'choose',
      error: 'x.xlsx: bad zip',
      fileName: 'clients.xlsx',
    });
  });

  it('closing forgets the file, and begins a new round so late answers are dropped', () => {
    expect(run(previewing, { type: 'closed' })).toEqual({ ...initialImportState, round: previewing.round + 1 });
    expect(run(done, { type: 'closed' }).summary).toBeNull();
  });
});

describe('import dialog state: the commit', () => {
  const failedBefore = { ...previewing, error: 'Import failed: x', notice: 'refused' };

  it('starts from the preview, clearing the last error and notice', () => {
    expect(run(failedBefore, { type: 'commitStarted' })).toMatchObject({
      phase: 'importing',
      error: null,
      notice: null,
    });
  });

  it('done: the summary and the rows left behind', () => {
    const rejected = [{ row: rows[1]!, errors: { city: 'bad' } }];
    expect(run(importing, { type: 'imported', summary, rejected })).toMatchObject({ phase: 'done', summary, rejected });
  });

  it('warnings to confirm, refused rows and a failure go back to the preview, saying so', () => {
    const warned = run(importing, { type: 'importWarned', warnings: messages([[1, 'odd']]), notice: 'check them' });
    expect(warned).toMatchObject({ phase: 'preview', notice: 'check them' });
    expect(warned.warnings.get(1)).toEqual({ city: 'odd' });
    const refused = run(importing, { type: 'importRefused', errors: messages([[2, 'taken']]), notice: 'fix them' });
    expect(refused).toMatchObject({ phase: 'preview', notice: 'fix them' });
    expect(refused.serverErrors.get(2)).toEqual({ city: 'taken' });
    expect(run(importing, { type: 'importFailed', error: 'Import failed: offline' })).toMatchObject({
      phase: 'preview',
      error: 'Import failed: offline',
    });
  });

  it('a rejected-rows workbook that cannot be written is said in the done step', () => {
    expect(run(done, { type: 'downloadFailed', error: 'no disk' })).toMatchObject({ phase: 'done', error: 'no disk' });
  });
});
