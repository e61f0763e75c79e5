import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchRequest, BatchResponse, ListResponse } from '../../src/lib/entity-api';
import type { EntityRow } from '../../src/schemas/schema-types';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Input an outside checker sent that once lost data, wrote the wrong thing or answered 500: each must
 * now be a readable 4xx naming the row and field, with nothing written, or (for swaps) simply work.
 */
let t: TestApp;
let admin: string;
let engineer: string;
const P = 'Bi';

const batch = (entity: string, payload: BatchRequest, token = engineer) =>
  t.call({ method: 'POST', url: `/api/entities/${entity}/batch`, token, payload });
const get = (url: string) => t.call({ url, token: engineer });
const list = (entity: string, query: string) => get(`/api/entities/${entity}?${query}`);
const filters = (value: unknown) => `filters=${encodeURIComponent(JSON.stringify(value))}`;

async function saved(entity: string, payload: BatchRequest, token = engineer): Promise<BatchResponse> {
  const response = await batch(entity, payload, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const createClients = async (...names: string[]) =>
  (await saved('clients', { creates: names.map((name, i) => ({ clientKey: String(i), values: { name } })) })).created;
const row = async (entity: string, id: number) => (await get(`/api/entities/${entity}/${id}`)).json() as EntityRow;
const rowErrors = (body: string) =>
  (JSON.parse(body) as { details: { rowErrors: { fields: Record<string, string> }[] } }).details.rowErrors;

beforeAll(async () => {
  t = await createTestApp();
  [admin, engineer] = await Promise.all([t.tokenFor('admin'), t.tokenFor('engineer')]);
});
afterAll(async () => t?.close());

describe('unknown fields', () => {
  it('refuses a field named like a built-in property (constructor) instead of saving an empty change', async () => {
    const [client] = await createClients(`${P} Proto`);
    const response = await batch('clients', {
      updates: [{ id: client!.id, version: 1, changes: { city: 'Lima', constructor: 1 } }],
    });
    expect(response.statusCode).toBe(422);
    expect(rowErrors(response.body)[0]?.fields).toEqual({ constructor: 'Unknown field' });
    expect(await row('clients', client!.id)).toMatchObject({ version: 1, city: null });
  });

  it('names each unknown field on its own', async () => {
    const [client] = await createClients(`${P} Two unknown`);
    const response = await batch('clients', { updates: [{ id: client!.id, version: 1, changes: { foo: 1, bar: 2 } }] });
    expect(rowErrors(response.body)[0]?.fields).toEqual({ foo: 'Unknown field', bar: 'Unknown field' });
  });

  it('makes an import row with an unknown field an error, not a silently skipped row', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/entities/clients/import',
      token: engineer,
      payload: { mode: 0, rows: [{ name: `${P} Imported`, hasOwnProperty: 'x' }] },
    });
    expect(response.statusCode).toBe(422);
    expect(rowErrors(response.body)[0]?.fields).toEqual({ hasOwnProperty: 'Unknown field' });
  });
});

describe('values the database cannot hold', () => {
  it('refuses NUL and broken Unicode in text on the cell, and in searches with a 400', async () => {
    const response = await batch('clients', {
      creates: [
        { clientKey: 'n', values: { name: `${P} a\u0000b` } },
        { clientKey: 's', values: { name: `${P} \ud800x` } },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(rowErrors(response.body).map((e) => e.fields.name)).toEqual([
      expect.stringContaining('cannot be stored'),
      expect.stringContaining('cannot be stored'),
    ]);
    for (const url of [
      '/api/entities/clients?q=%00',
      '/api/entities/clients/options?q=%00',
      `/api/entities/clients?${filters([{ field: 'name', op: 'contains', value: '\u0000' }])}`,
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().message, url).toContain('cannot be stored');
    }
  });

  it('refuses a decimal with more whole digits than its column, and a lookup id beyond any row, per field', async () => {
    const response = await batch('lithium_projects', {
      creates: [
        {
          clientKey: 'x',
          values: { project: `${P} Too big`, capex_usd: '9'.repeat(40), capex_currency_id: 3_000_000_000 },
        },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(rowErrors(response.body)[0]?.fields).toMatchObject({
      capex_usd: 'At most 16 digits before the decimal point',
      capex_currency_id: 'Must reference an existing row',
    });
  });

  it('answers 400, not 500, for ids and numbers beyond an integer column, and for dates PostgreSQL cannot read', async () => {
    const urls = [
      '/api/entities/clients/2147483648',
      '/api/entities/currencies/2147483648/dependencies',
      `/api/entities/clients?${filters([{ field: 'id', op: 'equals', value: 3_000_000_000 }])}`,
      `/api/entities/lithium_projects?${filters([{ field: 'start_year', op: 'lte', value: -1e20 }])}`,
      `/api/entities/lithium_projects?${filters([{ field: 'capex_currency_id', op: 'in', value: [1, 99_999_999_999] }])}`,
      `/api/entities/clients?${filters([{ field: 'updated_at', op: 'lte', value: '2024' }])}`,
      `/api/entities/clients?${filters([{ field: 'created_at', op: 'equals', value: '2024-02-30' }])}`,
      '/api/entities/lithium_projects?sort=project:asc:desc',
    ];
    for (const url of urls) expect((await get(url)).statusCode, url).toBe(400);
    expect(
      (await list('clients', filters([{ field: 'updated_at', op: 'gte', value: '2024-05-31T14:30:00Z' }]))).statusCode,
    ).toBe(200);
  });

  it('answers 404 for the dependencies of a row that does not exist', async () => {
    const response = await get('/api/entities/currencies/999999/dependencies');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No Currency with id 999999.');
  });
});

describe('unique values moved between rows of one save', () => {
  const twoSaves = expect.stringContaining('takes two saves');

  it('refuses a swap of two unique names on the rows, and writes nothing', async () => {
    const [a, b] = await createClients(`${P} Swap A`, `${P} Swap B`);
    const response = await batch('clients', {
      updates: [
        { id: a!.id, version: 1, changes: { name: `${P} Swap B` } },
        { id: b!.id, version: 1, changes: { name: `${P} Swap A` } },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(rowErrors(response.body).some((e) => e.fields.name === undefined)).toBe(false);
    expect(rowErrors(response.body)[0]?.fields).toEqual({ name: twoSaves });
    expect([(await row('clients', a!.id)).name, (await row('clients', b!.id)).name]).toEqual([
      `${P} Swap A`,
      `${P} Swap B`,
    ]);
  });

  it('refuses a rename to the name of a row the same save deletes on that row, and keeps both rows', async () => {
    const [keep, gone] = await createClients(`${P} Keep`, `${P} Gone`);
    const response = await batch('clients', {
      updates: [{ id: keep!.id, version: 1, changes: { name: `${P} Gone` } }],
      deletes: [{ id: gone!.id, version: 1 }],
    });
    expect(response.statusCode).toBe(422);
    expect(rowErrors(response.body)).toEqual([
      expect.objectContaining({ op: 'update', id: keep!.id, fields: { name: twoSaves } }),
    ]);
    expect((await row('clients', gone!.id)).name).toBe(`${P} Gone`);
  });

  it('refuses a name another row keeps, on the row and field', async () => {
    const [a] = await createClients(`${P} Taken A`, `${P} Taken B`);
    const response = await batch('clients', {
      updates: [{ id: a!.id, version: 1, changes: { name: `${P} Taken B` } }],
    });
    expect(response.statusCode).toBe(422);
    expect(rowErrors(response.body)[0]?.fields).toEqual({ name: 'Another row already has this Client name' });
  });
});

describe('the item category tree', () => {
  const categories = async () => {
    const all = (await list('item_categories', 'limit=1000')).json() as ListResponse;
    const tier = (n: number) => all.rows.find((r) => r.tier === n) as EntityRow;
    return {
      t1: tier(1),
      t2: all.rows.find((r) => r.tier === 2 && all.rows.some((c) => c.parent_id === r.id)) as EntityRow,
      t3: tier(3),
    };
  };
  const create = (values: Record<string, unknown>) =>
    batch('item_categories', { creates: [{ clientKey: 'c', values: { name: `${P} Category`, ...values } }] }, admin);

  it('refuses a row whose parent is not one tier up, or that has none below tier 1', async () => {
    const { t1, t3 } = await categories();
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'BI-1', tier: 3 }, 'Required for Tier 3: pick one of Tier 2'],
      [{ code: 'BI-2', tier: 1, parent_id: t3.id }, 'Tier 1 rows have no parent category: leave it empty'],
      [{ code: 'BI-3', tier: 2, parent_id: t3.id }, 'Must be of Tier 1; this one is Tier 3'],
    ];
    for (const [values, message] of cases) {
      const response = await create(values);
      expect(response.statusCode, JSON.stringify(values)).toBe(422);
      expect(rowErrors(response.body)[0]?.fields).toEqual({ parent_id: message });
    }
    expect((await create({ code: 'BI-4', tier: 2, parent_id: t1.id })).statusCode).toBe(200);
  });

  it('refuses a row as its own parent, and a new tier for a row with rows below it', async () => {
    const { t2 } = await categories();
    const self = await batch(
      'item_categories',
      { updates: [{ id: t2.id, version: t2.version, changes: { parent_id: t2.id } }] },
      admin,
    );
    expect(rowErrors(self.body)[0]?.fields).toEqual({ parent_id: 'Must be of Tier 1; this one is Tier 2' });
    const releveled = await batch(
      'item_categories',
      { updates: [{ id: t2.id, version: t2.version, changes: { tier: 1, parent_id: null } }] },
      admin,
    );
    expect(releveled.statusCode).toBe(422);
    expect(rowErrors(releveled.body)[0]?.fields.tier).toMatch(/below this one (is|are) Tier 3: move (it|them) first/);
    expect(await row('item_categories', t2.id)).toMatchObject({ tier: 2, version: t2.version });
  });
});
