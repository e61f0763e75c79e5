import { describe, expect, it } from 'vitest';
import { changedKeys, PendingChangesStore } from '../../src/grids/pending-changes-store';
import { lithiumProjects } from '../../src/schemas/entities/business-entities';
import { currencyRates } from '../../src/schemas/entities/reference-tables';
import type { EntityRow } from '../../src/schemas/schema-types';

const meta = { created_at: '2026-01-01', created_by: 'a', updated_at: '2026-01-01', updated_by: 'a' };
const rows = new Map<string, EntityRow>([
  [
    '1',
    {
      id: 1,
      version: 3,
      ...meta,
      project: 'Alpha',
      owner: 'Acme',
      deposit_type: 'brine',
      stage: 'pfs',
      country: 'Chile',
      start_year: 2028,
    },
  ],
  [
    '2',
    {
      id: 2,
      version: 1,
      ...meta,
      project: 'Beta',
      owner: 'Beta Co',
      deposit_type: 'clay',
      stage: 'pea',
      country: 'USA',
      start_year: null,
    },
  ],
]);
const make = () => new PendingChangesStore(lithiumProjects, (k) => rows.get(k));

describe('PendingChangesStore', () => {
  it('tracks an edit, drops it when the value returns to the original, and builds an update with only the changed fields', () => {
    const store = make();
    store.setCells([{ rowKey: '1', field: 'owner', value: 'Acme Ltd' }]);
    expect(store.displayRow('1')).toMatchObject({ owner: 'Acme Ltd', __status: 'changed', __changed: { owner: true } });
    expect(store.buildBatch().request).toEqual({ updates: [{ id: 1, version: 3, changes: { owner: 'Acme Ltd' } }] });
    store.setCells([{ rowKey: '1', field: 'owner', value: 'Acme' }]);
    expect(store.displayRow('1')?.__status).toBe('clean');
    expect(store.summary().total).toBe(0);
  });

  it('counts a decimal typed with other zeros as no change, and a text that only looks like the same number as one', () => {
    const store = new PendingChangesStore(lithiumProjects, (k) =>
      k === '3' ? { id: 3, version: 1, ...meta, project: '1.50', capacity_tpa_lce: '25000.000000' } : undefined,
    );
    store.setCells([{ rowKey: '3', field: 'capacity_tpa_lce', value: '25000' }]);
    expect(store.summary().total).toBe(0);
    store.setCells([{ rowKey: '3', field: 'project', value: '1.5' }]);
    expect(store.buildBatch().request).toEqual({ updates: [{ id: 3, version: 1, changes: { project: '1.5' } }] });
  });

  it('undoes and redoes edits', () => {
    const store = make();
    store.setCells([{ rowKey: '1', field: 'owner', value: 'X' }]);
    store.setCells([{ rowKey: '1', field: 'owner', value: 'Y' }]);
    store.undo();
    expect(store.displayRow('1')?.owner).toBe('X');
    store.undo();
    expect(store.displayRow('1')?.owner).toBe('Acme');
    expect(store.canUndo).toBe(false);
    store.redo();
    expect(store.displayRow('1')?.owner).toBe('X');
    store.setCells([{ rowKey: '2', field: 'owner', value: 'Z' }]);
    expect(store.canRedo).toBe(false);
  });

  it('records a paste with added rows as one undo step', () => {
    const store = make();
    const keys = [store.newKey(), store.newKey()];
    const before = store.state;
    store.setCells(
      [
        { rowKey: '2', field: 'owner', value: 'P' },
        { rowKey: keys[0]!, field: 'project', value: 'Gamma' },
        { rowKey: keys[1]!, field: 'project', value: 'Delta' },
      ],
      keys,
    );
    expect(store.summary()).toMatchObject({ changed: 1, created: 2, deleted: 0, total: 3 });
    expect([...changedKeys(before, store.state)].sort()).toEqual(['2', ...keys].sort());
    store.undo();
    expect(store.summary().total).toBe(0);
    expect(store.displayRow(keys[0]!)).toBeUndefined();
    store.redo();
    expect(store.displayRow(keys[1]!)).toMatchObject({ project: 'Delta', __status: 'new' });
  });

  it('keeps invalid values with their error and validates fields', () => {
    const store = make();
    store.setCells([{ rowKey: '1', field: 'start_year', value: 'soon', error: '"soon" is not a whole number' }]);
    store.setCells([{ rowKey: '2', field: 'start_year', value: 1800 }]);
    expect(store.displayRow('1')).toMatchObject({
      start_year: 'soon',
      __errors: { start_year: '"soon" is not a whole number' },
    });
    expect(store.state.errors['2']).toEqual({ start_year: 'Must be between 1950 and 2100' });
    store.setCells([{ rowKey: '2', field: 'start_year', value: 2030 }]);
    expect(store.state.errors['2']).toBeUndefined();
    expect(store.validateForSave()).toBe(false);
  });

  it('refuses, on Save, an amount typed into a row whose stored currency is empty, or a currency emptied under a stored amount', () => {
    const withMoney = new Map<string, EntityRow>([
      ['5', { id: 5, version: 1, ...meta, project: 'No currency', capex_usd: null, capex_currency_id: null }],
      ['6', { id: 6, version: 1, ...meta, project: 'In euros', capex_usd: '100.00', capex_currency_id: 2 }],
    ]);
    const store = new PendingChangesStore(lithiumProjects, (k) => withMoney.get(k));
    store.setCells([
      { rowKey: '5', field: 'capex_usd', value: '250000' },
      { rowKey: '6', field: 'capex_currency_id', value: null },
    ]);
    expect(store.validateForSave()).toBe(false);
    expect(store.state.errors).toEqual({
      '5': {
        capex_usd: 'No currency: choose the CAPEX currency',
        capex_currency_id: 'Required while CAPEX has an amount',
      },
      '6': {
        capex_usd: 'No currency: choose the CAPEX currency',
        capex_currency_id: 'Required while CAPEX has an amount',
      },
    });
    // Fixing either half clears the mark on both cells at once, not only at the next Save.
    store.setCells([{ rowKey: '5', field: 'capex_currency_id', value: 2 }]);
    store.setCells([{ rowKey: '6', field: 'capex_usd', value: null }]);
    expect(store.state.errors).toEqual({});
    expect(store.validateForSave()).toBe(true);
  });

  it("marks a copy's unique values (each unique field, a composite key on all its fields) until one of them changes", () => {
    const store = make();
    const { keys } = store.duplicateRows([
      { project: 'Alpha', owner: 'Acme' },
      { project: null, owner: 'Nameless' },
    ]);
    expect(store.state.errors).toEqual({ [keys[0]!]: { project: 'A copy needs its own Project' } });
    store.setCells([{ rowKey: keys[0]!, field: 'project', value: 'Alpha 2' }]);
    expect(store.state.errors).toEqual({});
    store.undo();
    expect(store.state.errors[keys[0]!]).toEqual({ project: 'A copy needs its own Project' });

    const rates = new PendingChangesStore(currencyRates, () => undefined);
    const [rate] = rates.duplicateRows([{ currency_id: 3, rate_date: '2026-01-01', rate_to_usd: '1.1' }]).keys;
    const both = {
      currency_id: 'A copy needs its own Currency + Rate date',
      rate_date: 'A copy needs its own Currency + Rate date',
    };
    expect(rates.state.errors).toEqual({ [rate!]: both });
    rates.setCells([{ rowKey: rate!, field: 'rate_date', value: '2026-02-01' }]);
    expect(rates.state.errors).toEqual({});
  });

  it('adds, duplicates and deletes rows undoably; deletes win over edits in the batch', () => {
    const store = make();
    const { keys } = store.addRows(0, [
      { project: 'Copy', owner: 'O', deposit_type: 'brine', stage: 'pfs', country: 'Peru' },
    ]);
    store.setCells([{ rowKey: '1', field: 'owner', value: 'Changed' }]);
    store.toggleDelete(['1', '2']);
    expect(store.displayRow('1')?.__status).toBe('deleted');
    expect(store.validateForSave()).toBe(true);
    const { request, createKeys } = store.buildBatch();
    expect(createKeys).toEqual(keys);
    expect(request.creates?.[0]).toMatchObject({
      clientKey: keys[0],
      values: { project: 'Copy', country: 'Peru', latitude: null },
    });
    expect(request.updates).toBeUndefined();
    expect(request.deletes).toEqual([
      { id: 1, version: 3 },
      { id: 2, version: 1 },
    ]);
    store.toggleDelete(['1', '2']);
    expect(store.displayRow('1')?.__status).toBe('changed');
    store.undo();
    expect(store.displayRow('1')?.__status).toBe('deleted');
    store.undo();
    expect(store.displayRow('1')?.__status).toBe('changed');
  });

  it('takes a row saved in its dialog: the saved fields stop pending, other edits stay against the new version, the row leaves the undo history', () => {
    const saved = new Map(rows);
    const store = new PendingChangesStore(lithiumProjects, (k) => saved.get(k));
    // One paste step over both rows, then a typed edit of row 1 (a second step), then an unreadable year.
    store.setCells([
      { rowKey: '1', field: 'owner', value: 'Grid owner' },
      { rowKey: '2', field: 'owner', value: 'Other owner' },
    ]);
    store.setCells([{ rowKey: '1', field: 'country', value: 'Peru' }]);
    store.setCells([{ rowKey: '1', field: 'start_year', value: 'soon', error: '"soon" is not a whole number' }]);
    store.update((draft) => {
      draft.errors['1'] = { ...draft.errors['1'], _row: 'Changed by someone else since you loaded it' };
    });

    // The dialog showed owner and start_year (a partial form), fixed the year and changed the stage, and saved.
    saved.set('1', {
      ...rows.get('1')!,
      version: 4,
      owner: 'Grid owner',
      start_year: 2031,
      stage: 'dfs',
      updated_by: 'Erin Engineer',
    });
    const before = store.state;
    store.rowSaved('1', ['owner', 'start_year', 'stage']);
    expect([...changedKeys(before, store.state)]).toEqual(['1']);
    expect(store.state.edits['1']).toEqual({ country: 'Peru' });
    expect(store.state.errors['1']).toBeUndefined();
    expect(store.displayRow('1')).toMatchObject({
      version: 4,
      owner: 'Grid owner',
      start_year: 2031,
      stage: 'dfs',
      country: 'Peru',
      __status: 'changed',
      __changed: { country: true },
    });
    expect(store.buildBatch().request.updates).toEqual([
      { id: 1, version: 4, changes: { country: 'Peru' } },
      { id: 2, version: 1, changes: { owner: 'Other owner' } },
    ]);

    // Undo reaches only the other row's part of the paste; row 1's pending edit stays (nothing left to undo of it).
    expect(store.canUndo).toBe(true);
    store.undo();
    expect(store.displayRow('2')?.owner).toBe('Beta Co');
    expect(store.displayRow('1')).toMatchObject({ owner: 'Grid owner', country: 'Peru', __status: 'changed' });
    expect(store.canUndo).toBe(false);
    store.redo();
    expect(store.displayRow('2')?.owner).toBe('Other owner');
    expect(store.state.edits['1']).toEqual({ country: 'Peru' });
  });

  it('drops every edit of a row whose dialog saved them all, and keeps its delete mark', () => {
    const saved = new Map(rows);
    const store = new PendingChangesStore(lithiumProjects, (k) => saved.get(k));
    store.setCells([{ rowKey: '2', field: 'owner', value: 'Dialog owner' }]);
    store.toggleDelete(['2']);
    saved.set('2', { ...rows.get('2')!, version: 2, owner: 'Dialog owner' });
    store.rowSaved('2', ['owner']);
    expect(store.displayRow('2')).toMatchObject({
      version: 2,
      owner: 'Dialog owner',
      __status: 'deleted',
      __changed: null,
    });
    expect(store.buildBatch().request).toEqual({ deletes: [{ id: 2, version: 2 }] });
    expect(store.summary()).toMatchObject({ changed: 0, deleted: 1, total: 1 });
    expect(store.canUndo).toBe(false);
    expect(store.canRedo).toBe(false);
  });

  it('flags missing required fields of new rows on save and discards everything', () => {
    const store = make();
    store.addRows(1);
    expect(store.validateForSave()).toBe(false);
    expect(Object.values(store.state.errors)[0]).toMatchObject({ project: 'Required' });
    store.discard();
    expect(store.summary().total).toBe(0);
    expect(store.canUndo).toBe(false);
  });
});
