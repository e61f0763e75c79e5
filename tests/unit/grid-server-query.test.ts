import { describe, expect, it } from 'vitest';
import { filtersFromModel, sortFromColumns } from '../../src/grids/server-query';
import { listQueryString } from '../../src/lib/api-routes';
import { lithiumProjects } from '../../src/schemas/entities/business-entities';

describe('grid filter/sort -> ListQuery', () => {
  it('translates text, number, date and set models', () => {
    const filters = filtersFromModel(lithiumProjects, {
      project: { filterType: 'text', type: 'srv_contains', filter: 'sal' },
      capex_usd: { filterType: 'number', type: 'srv_between', filter: 10, filterTo: 20 },
      start_year: { filterType: 'number', type: 'srv_gte', filter: 2025 },
      owner: { filterType: 'text', type: 'srv_blank' },
      stage: { filterType: 'set', values: ['pfs', 'dfs'] },
    });
    expect(filters).toEqual([
      { field: 'project', op: 'contains', value: 'sal' },
      { field: 'capex_usd', op: 'between', value: '10', valueTo: '20' },
      { field: 'start_year', op: 'gte', value: 2025 },
      { field: 'owner', op: 'blank' },
      { field: 'stage', op: 'in', value: ['pfs', 'dfs'] },
    ]);
    expect(
      filtersFromModel(lithiumProjects, {
        x: { filterType: 'date', type: 'srv_between', dateFrom: '2026-01-01 00:00:00', dateTo: '2026-02-01 00:00:00' },
      }),
    ).toEqual([{ field: 'x', op: 'between', value: '2026-01-01', valueTo: '2026-02-01' }]);
  });

  it('sorts by the sorted columns or the default, with id last, and builds the query string', () => {
    expect(sortFromColumns(lithiumProjects, [])).toEqual([
      { field: 'project', direction: 'asc' },
      { field: 'id', direction: 'asc' },
    ]);
    const sort = sortFromColumns(lithiumProjects, [
      { colId: 'owner', sort: 'desc', sortIndex: 1 },
      { colId: 'stage', sort: 'asc', sortIndex: 0 },
      { colId: '__status', sort: 'asc', sortIndex: 2 },
    ]);
    expect(listQueryString({ sort, q: 'li', offset: 0, limit: 5000 })).toBe(
      'sort=stage%3Aasc%2Cowner%3Adesc%2Cid%3Aasc&q=li&offset=0&limit=5000',
    );
  });
});
