import { describe, expect, it } from 'vitest';
import type { ImportRowPlan } from '../../src/lib/entity-api';
import { buildImportRows, ROW_ERROR } from '../../src/grids/excel/import-rows';
import { clients } from '../../src/schemas/entities/business-entities';
import {
  check,
  headers,
  match,
  messages,
  parsing,
  previewing,
  rows,
  run,
  sample,
  stored,
} from '../support/import-dialog-states';

// The import dialog's preview step (import-dialog-state.ts): the server's dry run answers by position and
// only about rows not edited since; a retyped cell or another mode checks rows again; stored rows are read once.

describe('import dialog state: the preview', () => {
  /** Every row sent unedited, as the dry run of the whole file sends them. */
  const wholeFile = { round: previewing.round, sent: [0, 1, 2], sentEdits: new Map(rows.map((row) => [row.index, 0])) };
  const plan: ImportRowPlan[] = [
    { index: 0, action: 'add' },
    { index: 2, action: 'update', id: 12 },
  ];
  const planned = run(
    previewing,
    { type: 'checkStarted' },
    { type: 'checked', ...wholeFile, plan, warnings: messages([[2, 'odd']]) },
  );

  it('a dry run answers by position: its plan and warnings land on the rows sent; a row with no step is null', () => {
    expect(run(previewing, { type: 'checkStarted' }).planning).toBe(true);
    expect(planned.planning).toBe(false);
    expect([...planned.plan]).toEqual([
      [0, { index: 0, action: 'add' }],
      [1, null],
      [2, { index: 2, action: 'update', id: 12 }],
    ]);
    expect(planned.warnings.get(2)).toEqual({ city: 'odd' });
  });

  it('an answer about a row edited since it was sent leaves that row out (it is checked again)', () => {
    const edited = run(previewing, { type: 'cellEdited', index: 1, field: 'city', text: 'Loja', check: check() });
    const answered = run(edited, {
      type: 'checked',
      round: edited.round,
      sent: [1, 2],
      sentEdits: new Map([
        [1, 0],
        [2, 0],
      ]),
      plan: [
        { index: 0, action: 'add' },
        { index: 1, action: 'add' },
      ],
      warnings: messages([[0, 'odd']]),
    });
    expect([...answered.plan]).toEqual([[2, { index: 2, action: 'add' }]]);
    expect(answered.warnings.size).toBe(0);
    const refused = run(edited, {
      type: 'checkRefused',
      round: edited.round,
      sent: [1, 2],
      sentEdits: new Map([
        [1, 0],
        [2, 0],
      ]),
      errors: messages([
        [0, 'taken'],
        [1, 'unknown'],
      ]),
    });
    expect([...refused.serverErrors]).toEqual([[2, { city: 'unknown' }]]);
    expect(refused.planning).toBe(false);
  });

  it('an answer from an older round (another file, mode or close since) is dropped', () => {
    const started = run(previewing, { type: 'checkStarted' });
    const older = { round: previewing.round - 1 };
    for (const type of ['checked', 'checkRefused', 'checkFailed'] as const)
      expect(run(started, { ...sample(type, started), ...older })).toBe(started);
  });

  it('a dry run that fails is said once, and the checks stop', () => {
    expect(run(previewing, { type: 'checkStarted' }, sample('checkFailed', previewing))).toMatchObject({
      planning: false,
      planProblem: 'offline',
    });
  });

  it('a retyped cell is checked again here, and loses the server’s plan, errors and warnings for that row only', () => {
    const state = { ...planned, serverErrors: messages([[1, 'taken']]) };
    const edited = run(state, { type: 'cellEdited', index: 2, field: 'name', text: 'A', check: check() });
    expect(edited.rows[2]!.errors.name).toMatch(/row 2/i);
    expect(edited.edits.get(2)).toBe(1);
    expect(edited.plan.has(2)).toBe(false);
    expect(edited.warnings.has(2)).toBe(false);
    expect(edited.plan.has(0)).toBe(true);
    expect(edited.serverErrors.has(1)).toBe(true);
  });

  it('a mode change checks every row again in the new mode and starts a new round of dry runs', () => {
    const noKey = buildImportRows(clients, [['Lima']], ['city'], undefined, { mode: 0 });
    const state = run(parsing, { type: 'parsed', labels: {}, match, headers, rows: noKey });
    expect(state.rows[0]!.errors[ROW_ERROR]).toBeDefined();
    const changed = run(
      { ...state, plan: planned.plan, planning: true, planProblem: 'x' },
      { type: 'modeChanged', check: check(3) },
    );
    expect(changed.rows[0]!.errors).toEqual({});
    expect(changed).toMatchObject({ round: state.round + 1, planning: false, planProblem: null });
    expect(changed.plan.size + changed.serverErrors.size + changed.warnings.size).toBe(0);
  });

  it('the stored rows are read once per id, counted while under way, and a failure is said', () => {
    const asked = run(previewing, { type: 'compareStarted', ids: [10, 11] }, { type: 'compareStarted', ids: [12] });
    expect([...asked.requested]).toEqual([10, 11, 12]);
    expect(asked.comparing).toBe(2);
    const read = run(
      asked,
      { type: 'storedRowsRead', rows: [stored(10, 'A')] },
      { type: 'storedRowsRead', rows: [stored(12, 'C')] },
      { type: 'compareSettled' },
      { type: 'compareFailed', problem: 'offline' },
      { type: 'compareSettled' },
      { type: 'compareSettled' },
    );
    expect([...read.storedRows.keys()]).toEqual([10, 12]);
    expect(read).toMatchObject({ comparing: 0, compareProblem: 'offline' });
  });
});
