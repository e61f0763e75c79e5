import { describe, expect, it } from 'vitest';
import type { ViewState } from '../../src/lib/saved-views';
import { showsView } from '../../src/grids/views/grid-view-state';
import { projectDefaults, withProjectDefault } from '../../src/grids/project-default';
import { getEntitySchema } from '../../src/schemas/registry';

const saved: ViewState = {
  columns: [
    { colId: '__status', hide: false, pinned: 'left' },
    { colId: 'name', width: 240, hide: false, pinned: 'left' },
    { colId: 'city', width: 140, hide: false, pinned: null },
    { colId: 'contact_name', width: 160, hide: true, pinned: null },
  ],
  sort: [{ colId: 'city', sort: 'desc' }],
  filter: { name: { filterType: 'text', type: 'srv_contains', filter: 'Mining' } },
};

describe('showsView: whether the grid still shows a saved view ("(modified)" otherwise)', () => {
  it('is true for the same state with keys in another order, as jsonb hands it back', () => {
    const fromDatabase = JSON.parse(
      '{"sort":[{"sort":"desc","colId":"city"}],"filter":{"name":{"filter":"Mining","filterType":"text","type":"srv_contains"}},"columns":[{"pinned":"left","hide":false,"colId":"__status"},{"hide":false,"width":240,"colId":"name","pinned":"left"},{"width":140,"colId":"city","pinned":null,"hide":false},{"colId":"contact_name","pinned":null,"hide":true,"width":160}]}',
    ) as ViewState;
    expect(showsView(saved, fromDatabase)).toBe(true);
  });

  it('ignores a column the view does not list (added to the list since)', () => {
    expect(
      showsView(
        { ...saved, columns: [...saved.columns, { colId: 'phone', width: 140, hide: false, pinned: null }] },
        saved,
      ),
    ).toBe(true);
  });

  it('is false after a change of width, order, hiding, pinning, sort or filter', () => {
    const [status, name, city, contact] = saved.columns as [
      ViewState['columns'][number],
      ViewState['columns'][number],
      ViewState['columns'][number],
      ViewState['columns'][number],
    ];
    const changed: ViewState[] = [
      { ...saved, columns: [status, name, { ...city, width: 141 }, contact] },
      { ...saved, columns: [status, city, name, contact] },
      { ...saved, columns: [status, name, city, { ...contact, hide: false }] },
      { ...saved, columns: [status, name, { ...city, pinned: 'right' }, contact] },
      { ...saved, sort: [{ colId: 'city', sort: 'asc' }] },
      { ...saved, sort: [] },
      { ...saved, filter: {} },
      { ...saved, filter: { name: { filterType: 'text', type: 'srv_contains', filter: 'Minin' } } },
    ];
    for (const state of changed) expect(showsView(state, saved)).toBe(false);
  });
});

describe('the current project as the project of new rows and new documents', () => {
  const quotes = getEntitySchema('quotes');
  const clients = getEntitySchema('clients');
  const instruments = getEntitySchema('instruments');

  it("fills a list's lookup to projects, not a scoped list's root nor a list without one", () => {
    expect(projectDefaults(quotes, 7)).toEqual({ project_id: 7 });
    expect(projectDefaults(quotes, null)).toEqual({});
    expect(projectDefaults(clients, 7)).toEqual({});
    expect(projectDefaults(instruments, 7, 'project_id')).toEqual({});
  });

  it("gives a new document's form the project as its default, one schema object per project", () => {
    const withSeven = withProjectDefault(quotes, 7);
    expect(withSeven.fields.find((f) => f.name === 'project_id')?.default).toBe(7);
    expect(withProjectDefault(quotes, 7)).toBe(withSeven);
    expect(withProjectDefault(quotes, undefined)).toBe(quotes);
    expect(withProjectDefault(clients, 7)).toBe(clients);
  });
});
