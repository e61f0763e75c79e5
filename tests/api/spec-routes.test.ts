import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '../../src/lib/category-tree';
import type { DependencyDetails, EntitySummary } from '../../src/lib/entity-api';
import type { EntityRow } from '../../src/schemas/schema-types';
import { signedInSuite } from '../support/test-app';

/** Spec §7's own route names for the engine's entities, answered by the same engine (and audited). */
const suite = signedInSuite();
const { get, post } = suite;

describe.each([
  {
    list: 'clients',
    remove: 'deleteclient',
    values: { name: 'Spec Route Client', country: 'Chile' },
    change: { country: 'Peru' },
  },
  {
    list: 'suppliers',
    remove: 'deletesupplier',
    values: { name: 'Spec Route Supplier', lead_time_weeks: 12 },
    change: { lead_time_weeks: 16 },
  },
  {
    list: 'lithiumprojects',
    remove: 'deletelithiumproject',
    values: {
      project: 'Spec Route Brine',
      owner: 'Route Owner',
      country: 'Argentina',
      deposit_type: 'brine',
      stage: 'pea',
      capacity_tpa_lce: '25000',
    },
    change: { stage: 'pfs' },
  },
  {
    list: 'parts',
    remove: 'deletepart',
    values: {
      part_no: 'SPEC-ROUTE-1',
      description: 'Spare impeller',
      category_id: 3,
      list_price: '1250.50',
      price_currency_id: 1,
    },
    change: { list_price: '1300.00' },
  },
])('GET/POST /$list and POST /$remove', ({ list, remove, values, change }) => {
  it('lists every row, creates (bare or in the envelope), updates by id and version, deletes', async () => {
    const before = await get(`/${list}`);
    expect(before.statusCode).toBe(200);
    const seeded = (before.json() as EntityRow[]).length;
    expect(seeded).toBeGreaterThan(0);

    const created = await post(`/${list}`, { param1: 'save', data: values });
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json() as EntityRow;
    expect(row).toMatchObject({ ...values, version: 1 });
    expect((await get(`/${list}`)).json()).toHaveLength(seeded + 1);

    const updated = await post(`/${list}`, { id: row.id, version: 1, ...change });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ ...change, version: 2 });

    const stale = await post(`/${list}`, { id: row.id, version: 1, ...values });
    expect(stale.statusCode).toBe(409);
    const noVersion = await post(`/${list}`, { id: row.id, ...values });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().message).toContain('version');

    expect((await post(`/${remove}`, { id: row.id }, suite.viewer)).statusCode).toBe(403);
    const deleted = await post(`/${remove}`, { data: { id: row.id, version: 2 } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: row.id });
    expect((await get(`/${list}`)).json()).toHaveLength(seeded);
  });

  it('answers a user mistake with a readable 4xx', async () => {
    const invalid = await post(`/${list}`, { ...values, id: 'seven' });
    expect(invalid.statusCode).toBe(400);
    const missing = await post(`/${remove}`, { id: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect((await post(`/${list}`, values, suite.viewer)).statusCode).toBe(403);
  });
});

describe('POST /part', () => {
  it('answers one part by id, in any of the call shapes, and 404 for an unknown id', async () => {
    const [first] = (await get('/parts')).json() as EntityRow[];
    for (const body of [{ id: first!.id }, { data: { id: first!.id } }, { param1: first!.id }]) {
      const one = await post('/part', body, suite.viewer);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toMatchObject({ id: first!.id, part_no: first!.part_no });
    }
    expect((await post('/part', { id: 987_654 }, suite.viewer)).statusCode).toBe(404);
    expect((await post('/part', { id: 'abc' }, suite.viewer)).statusCode).toBe(400);
  });
});

describe('POST /generallookup', () => {
  it('answers one list per flag set: clients, projects', async () => {
    const both = await post('/generallookup', { data: { clients: true, projects: true } }, suite.viewer);
    expect(both.statusCode).toBe(200);
    expect(Object.keys(both.json()).sort()).toEqual(['clients', 'projects']);
    expect(both.json().clients.length).toBeGreaterThan(0);
    expect(both.json().projects[0]).toHaveProperty('name');
    const clientsOnly = await post('/generallookup', { clients: true }, suite.viewer);
    expect(Object.keys(clientsOnly.json())).toEqual(['clients']);
    expect((await post('/generallookup', { suppliers: true }, suite.viewer)).statusCode).toBe(400);
  });
});

describe('GET /appframework/categories, /tree, /stats', () => {
  it('answers the flat list, the 3-tier tree and per-node counts that include descendants', async () => {
    const flat = (await get('/appframework/categories')).json() as {
      id: number;
      code: string;
      tier: number;
      parent_id: number | null;
    }[];
    expect(flat.length).toBeGreaterThan(10);
    expect(new Set(flat.map((c) => c.tier))).toEqual(new Set([1, 2, 3]));

    const tree = (await get('/appframework/categories/tree')).json() as CategoryNode[];
    expect(tree.every((root) => root.tier === 1)).toBe(true);
    const root = tree[0]!;
    const child = root.children[0]!;
    expect(child.children.every((grandchild) => grandchild.tier === 3 && grandchild.parent_id === child.id)).toBe(true);
    const count = (node: CategoryNode): number => node.children.reduce((sum, c) => sum + 1 + count(c), 0);
    expect(root.stats.descendants).toBe(count(root));

    // Items are the rows classified under a category (parts and project equipment): a tier-1 node counts
    // every item below it.
    const parts = (await get('/parts')).json() as EntityRow[];
    const equipment = ((await get('/entities/mech_equipment?limit=10000')).json() as { rows: EntityRow[] }).rows.filter(
      (e) => e.category_id !== null,
    );
    const items = [...parts, ...equipment];
    const underRoot = (node: CategoryNode): number[] => [node.id, ...node.children.flatMap(underRoot)];
    const rootIds = new Set(underRoot(root));
    expect(root.stats.itemsBelow).toBe(items.filter((p) => rootIds.has(p.category_id as number)).length);
    expect(tree.reduce((sum, r) => sum + r.stats.itemsBelow, 0)).toBe(items.length);
    expect(parts.length).toBeGreaterThan(20);
    expect(equipment.length).toBeGreaterThan(0);

    const stats = (await get('/appframework/categories/stats')).json() as {
      id: number;
      descendants: number;
      itemsBelow: number;
    }[];
    expect(stats).toHaveLength(flat.length);
    expect(stats.find((s) => s.id === root.id)).toMatchObject({
      descendants: root.stats.descendants,
      itemsBelow: root.stats.itemsBelow,
    });
  });
});

describe('ManageTables: /admin/tables and the legacy /admintable calls', () => {
  it('lists every reference table with its row count', async () => {
    const tables = (await get('/admin/tables')).json() as EntitySummary[];
    const byName = Object.fromEntries(tables.map((s) => [s.name, s.rowCount]));
    expect(byName).toMatchObject({
      request_types: 8,
      request_modules: 12,
      request_statuses: 8,
      request_priorities: 10,
    });
    expect(byName.currencies).toBeGreaterThan(5);
    expect((await get('/admin/tables/request_statuses')).json().map((r: EntityRow) => r.name)).toContain(
      'Under Review',
    );
    expect((await get('/admin/tables/nonsense')).statusCode).toBe(404);
  });

  it('creates, updates and deletes a row (admins only), and refuses to delete a row in use, naming its dependants', async () => {
    expect(
      (await post('/admin/tables/units', { code: 'kWh/t', name: 'Kilowatt-hours per tonne' }, suite.engineer))
        .statusCode,
    ).toBe(403);
    const created = await post(
      '/admin/tables/units',
      { data: { code: 'kWh/t', name: 'Kilowatt-hours per tonne', quantity: 'other', active: true } },
      suite.admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    const unit = created.json() as EntityRow;
    const put = await suite.t.call({
      method: 'PUT',
      url: `/api/admin/tables/units/${unit.id}`,
      token: suite.admin,
      payload: { version: 1, name: 'kWh per tonne' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'kWh per tonne', version: 2 });
    expect(
      (
        await suite.t.call({
          method: 'PUT',
          url: `/api/admin/tables/units/${unit.id}`,
          token: suite.admin,
          payload: { version: 1, name: 'x' },
        })
      ).statusCode,
    ).toBe(409);

    const usd = ((await get('/admin/tables/currencies')).json() as EntityRow[]).find((c) => c.code === 'USD')!;
    const dependencies = (await get(`/admin/tables/currencies/${usd.id}/dependencies`)).json() as DependencyDetails;
    expect(dependencies.total).toBeGreaterThan(0);
    const refused = await suite.t.call({
      method: 'DELETE',
      url: `/api/admin/tables/currencies/${usd.id}`,
      token: suite.admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details.total).toBe(dependencies.total);

    const deleted = await suite.t.call({
      method: 'DELETE',
      url: `/api/admin/tables/units/${unit.id}?version=2`,
      token: suite.admin,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(`/admin/tables/units/${unit.id}/dependencies`)).statusCode).toBe(404);
  });

  it('answers the legacy envelope calls: param1 names the table', async () => {
    const listed = await post('/admintable', { param1: 'disciplines' }, suite.viewer);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().length).toBeGreaterThan(3);
    const created = await post(
      '/admintableupdate',
      { param1: 'disciplines', data: { code: 'GEO', name: 'Geotechnical', active: true } },
      suite.admin,
    );
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json() as EntityRow;
    const updated = await post(
      '/admintableupdate',
      { param1: 'disciplines', data: { id: row.id, version: 1, name: 'Geotechnics' } },
      suite.admin,
    );
    expect(updated.json()).toMatchObject({ name: 'Geotechnics', version: 2 });
    expect(
      (await post('/admintabledelete', { param1: 'disciplines', param2: row.id }, suite.engineer)).statusCode,
    ).toBe(403);
    const deleted = await post('/admintabledelete', { param1: 'disciplines', param2: row.id }, suite.admin);
    expect(deleted.json()).toEqual({ deleted: row.id });
    expect((await post('/admintable', { param1: 'users' }, suite.viewer)).statusCode).toBe(404);
  });
});
