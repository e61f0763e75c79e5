import { describe, expect, it } from 'vitest';
import { apiRoutes, projectRef } from '../../src/lib/api-routes';
import { API_ROUTE_TABLE } from '../../src/lib/api-route-table';
import { listPath, newViewPath, optionsPath, printPath, importPath, viewsPath } from '../../src/grids/document-paths';

describe('the entity API addresses', () => {
  it('encode names and ids, and carry the list query', () => {
    expect(apiRoutes.entityRow('mech_equipment', 12)).toBe('/api/entities/mech_equipment/12');
    expect(apiRoutes.entityBatch('a/b')).toBe('/api/entities/a%2Fb/batch');
    expect(
      apiRoutes.entityList('areas', {
        filters: [{ field: 'project_id', op: 'equals', value: 3 }],
        sort: [{ field: 'areacode', direction: 'asc' }],
        limit: 10,
      }),
    ).toBe(
      '/api/entities/areas?filters=%5B%7B%22field%22%3A%22project_id%22%2C%22op%22%3A%22equals%22%2C%22value%22%3A3%7D%5D&sort=areacode%3Aasc&limit=10',
    );
    expect(apiRoutes.entityList('clients')).toBe('/api/entities/clients');
  });
  it('scope the options of a per-project list', () => {
    expect(apiRoutes.documentOptions(projectRef(7), 'areas', { q: '20', limit: 50 })).toBe(
      '/api/projects/7/entities/areas/options?q=20&limit=50',
    );
    expect(optionsPath('areas', { q: '20', limit: 50 }, 7)).toBe(
      '/api/projects/7/entities/areas/options?q=20&limit=50',
    );
    // A target not kept per document ignores the grid's document.
    expect(optionsPath('currencies', {}, 7)).toBe('/api/entities/currencies/options');
    expect(apiRoutes.entityOptions('currencies')).toBe('/api/entities/currencies/options');
    expect(apiRoutes.entityHistory('instruments', 5)).toBe('/api/entities/instruments/5/history');
    expect(apiRoutes.entityDependencies('areas', 5)).toBe('/api/entities/areas/5/dependencies');
  });
});

describe('one document’s rows are asked for under the document', () => {
  const project3 = { field: 'project_id', op: 'equals' as const, value: 3 };
  const live = { field: 'deleteflag', op: 'equals' as const, value: false };
  it('lifts the root filter of a list kept per document into the address', () => {
    expect(listPath('areas', { filters: [project3, live], limit: 10 })).toBe(
      `/api/projects/3/entities/areas?filters=${encodeURIComponent(JSON.stringify([live]))}&limit=10`,
    );
    expect(listPath('quote_lines', { filters: [{ field: 'quote_id', op: 'equals', value: 9 }] })).toBe(
      '/api/quotes/9/entities/quote_lines',
    );
  });
  it('leaves other reads at the list’s own address', () => {
    // Not kept per document; a root filter that names no one document (in, not equals); no filter.
    expect(listPath('clients', {})).toBe('/api/entities/clients');
    const several = { field: 'project_id', op: 'in' as const, value: [1, 2] };
    expect(listPath('areas', { filters: [several] })).toBe(
      `/api/entities/areas?filters=${encodeURIComponent(JSON.stringify([several]))}`,
    );
  });
  it('prints, imports and keeps views under the document', () => {
    expect(printPath('areas', 'pdf', { filters: [project3] }, { columns: ['areacode'] })).toBe(
      '/api/projects/3/entities/areas/print.pdf?columns=areacode',
    );
    expect(printPath('clients', 'pdf', {}, { columns: ['name'] })).toBe('/api/entities/clients/print.pdf?columns=name');
    expect(importPath('instruments', 4)).toBe('/api/projects/4/entities/instruments/import');
    expect(importPath('clients', undefined)).toBe('/api/entities/clients/import');
    expect(viewsPath('racking', 4)).toBe('/api/projects/4/views?list=racking');
    expect(newViewPath('racking', 4)).toBe('/api/projects/4/views');
    expect(viewsPath('clients', undefined)).toBe('/api/views?list=clients');
  });
});

describe('the route table', () => {
  it('builds each address from its template, a project’s under /api/projects/{projectId}', () => {
    for (const [name, route] of Object.entries(API_ROUTE_TABLE)) {
      expect(route.path, name).toMatch(/^\/api\//);
      if (route.path.includes('project')) expect(route.path, name).not.toMatch(/\{(id|project_id|scope)\}/);
    }
    expect(apiRoutes.projectCapexQuotePrices(5)).toBe('/api/projects/5/capex/quote-prices');
    expect(apiRoutes.projectChanges(5, { from: 'A', entity: 'areas' })).toBe(
      '/api/projects/5/changes?from=A&entity=areas',
    );
    expect(apiRoutes.projectDocumentFile(5, 2, 'B', 'pdf')).toBe('/api/projects/5/documents/2/revisions/B.pdf');
    expect(apiRoutes.search('pump 101')).toBe('/api/search?q=pump+101');
  });
});
