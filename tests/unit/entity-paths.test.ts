import { describe, expect, it } from 'vitest';
import { entityPaths } from '../../src/lib/entity-paths';

describe('the entity API addresses', () => {
  it('encode names and ids, and carry the list query', () => {
    expect(entityPaths.row('mech_equipment', 12)).toBe('/api/entities/mech_equipment/12');
    expect(entityPaths.batch('a/b')).toBe('/api/entities/a%2Fb/batch');
    expect(
      entityPaths.list('areas', {
        filters: [{ field: 'project_id', op: 'equals', value: 3 }],
        sort: [{ field: 'areacode', direction: 'asc' }],
        limit: 10,
      }),
    ).toBe(
      '/api/entities/areas?filters=%5B%7B%22field%22%3A%22project_id%22%2C%22op%22%3A%22equals%22%2C%22value%22%3A3%7D%5D&sort=areacode%3Aasc&limit=10',
    );
    expect(entityPaths.list('clients')).toBe('/api/entities/clients');
  });
  it('scope the options of a per-project list', () => {
    expect(entityPaths.options('areas', { q: '20', limit: 50, scope: 7 })).toBe(
      '/api/entities/areas/options?q=20&limit=50&scope=7',
    );
    expect(entityPaths.options('currencies')).toBe('/api/entities/currencies/options');
    expect(entityPaths.history('instruments', 5)).toBe('/api/entities/instruments/5/history');
    expect(entityPaths.dependencies('areas', 5)).toBe('/api/entities/areas/5/dependencies');
  });
});
