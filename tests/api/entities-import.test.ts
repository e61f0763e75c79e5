import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRequest, ListResponse } from '../../src/lib/entity-api';
import { getEntitySchema } from '../../src/schemas/registry';
import type { EntityRow } from '../../src/schemas/schema-types';
import { auditLog } from '../../src/server/db/tables';
import { updateRows } from '../../src/server/entities/bulk-write';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let engineer: string;
let viewer: string;
const P = 'Im';

const importRows = (payload: ImportRequest, token = engineer) =>
  t.call({ method: 'POST', url: '/api/entities/clients/import', token, payload });

async function ownClients(): Promise<ListResponse['rows']> {
  const filters = encodeURIComponent(JSON.stringify([{ field: 'name', op: 'startsWith', value: P }]));
  const response = await t.call({ url: `/api/entities/clients?filters=${filters}&sort=name:asc`, token: viewer });
  return (response.json() as ListResponse).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  [engineer, viewer] = await Promise.all([t.tokenFor('engineer'), t.tokenFor('viewer')]);
  const seeded = await t.call({
    method: 'POST',
    url: '/api/entities/clients/batch',
    token: engineer,
    payload: {
      creates: [
        { clientKey: 'a', values: { name: `${P} Alpha`, city: 'Lima', short_name: 'ALP' } },
        { clientKey: 'b', values: { name: `${P} Beta`, city: 'Quito' } },
      ],
    },
  });
  expect(seeded.statusCode, seeded.body).toBe(200);
});
afterAll(async () => t?.close());

describe('POST /api/entities/:entity/import', () => {
  it('dryRun plans without writing', async () => {
    const response = await importRows({
      mode: 1,
      dryRun: true,
      rows: [
        { name: `${P} Alpha`, city: 'Cusco' },
        { name: `${P} Gamma`, city: 'Santiago' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ added: 1, updated: 1, unchanged: 0, skipped: 0 });
    expect(body.plan).toEqual([
      { index: 0, action: 'update', id: expect.any(Number) },
      { index: 1, action: 'add' },
    ]);
    expect((await ownClients()).map((r) => [r.name, r.city])).toEqual([
      [`${P} Alpha`, 'Lima'],
      [`${P} Beta`, 'Quito'],
    ]);
  });

  it("a dry run names the stored values a row's blank cells will clear, and only those", async () => {
    // Alpha has city Lima and short name ALP; Beta has city Quito and no short name.
    const rows = [
      { name: `${P} Alpha`, city: null, short_name: null },
      { name: `${P} Beta`, city: 'Quito', short_name: null },
    ];
    for (const partialRows of [false, true]) {
      const response = await importRows({ mode: 1, dryRun: true, partialRows, rows });
      expect(response.statusCode, response.body).toBe(200);
      const plan = response.json().plan as { action: string; clears?: Record<string, unknown> }[];
      expect(plan[0]).toMatchObject({ action: 'update', clears: { city: 'Lima', short_name: 'ALP' } });
      expect(plan[1]?.clears).toBeUndefined();
    }
    expect((await ownClients()).map((r) => [r.name, r.city, r.short_name])).toEqual([
      [`${P} Alpha`, 'Lima', 'ALP'],
      [`${P} Beta`, 'Quito', null],
    ]);
  });

  it('a dry run of partial rows (key, unique and lookup columns only) plans and checks them without asking for the rest; a commit never takes partial rows', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/entities/suppliers/import',
      token: engineer,
      payload: {
        mode: 0,
        dryRun: true,
        partialRows: true,
        rows: [
          { name: `${P} Partial one`, vendor_code: 'IMP1' },
          { name: `${P} Partial two`, currency_id: 525252 },
        ],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().details.rowErrors).toEqual([
      { index: 1, fields: { currency_id: 'No Currency with id 525252' } },
    ]);
    const planned = await importRows({
      mode: 1,
      dryRun: true,
      partialRows: true,
      rows: [{ name: `${P} Alpha` }, { name: `${P} Omega` }],
    });
    expect(planned.json()).toMatchObject({ added: 1, updated: 1, skipped: 0 });
    // Owner, deposit type, stage and country are required of a new lithium project; a partial dry run does not ask for them.
    const lithium = (payload: ImportRequest) =>
      t.call({ method: 'POST', url: '/api/entities/lithium_projects/import', token: engineer, payload });
    expect(
      (await lithium({ mode: 0, dryRun: true, partialRows: true, rows: [{ project: `${P} Partial lithium` }] })).json(),
    ).toMatchObject({ added: 1 });
    expect(
      (await lithium({ mode: 0, dryRun: true, rows: [{ project: `${P} Partial lithium` }] })).json().details
        .rowErrors[0].fields,
    ).toMatchObject({ owner: 'Required' });
    const commit = await importRows({ mode: 0, partialRows: true, rows: [{ name: `${P} Omega` }] });
    expect(commit.statusCode).toBe(400);
    expect(commit.json().message).toContain('dry run only');
  });

  it('mode 0 adds new rows and skips rows whose key exists', async () => {
    const response = await importRows({
      mode: 0,
      rows: [
        { name: `${P} Alpha`, city: 'Nowhere' },
        { name: `${P} Gamma`, city: 'Santiago', sector: 'water' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ added: 1, updated: 0, unchanged: 0, skipped: 1 });
    const rows = await ownClients();
    expect(rows.map((r) => [r.name, r.city])).toEqual([
      [`${P} Alpha`, 'Lima'],
      [`${P} Beta`, 'Quito'],
      [`${P} Gamma`, 'Santiago'],
    ]);
    expect(rows[2]).toMatchObject({ sector: 'water', active: true, created_by: 'engineer' });
  });

  it('mode 1 updates rows found by key (only the columns given) and adds the others', async () => {
    const response = await importRows({
      mode: 1,
      rows: [
        { name: `${P} Alpha`, city: 'Cusco' },
        { name: `${P} Delta`, city: 'La Paz' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ added: 1, updated: 1, unchanged: 0, skipped: 0 });
    const rows = await ownClients();
    expect(rows.find((r) => r.name === `${P} Alpha`)).toMatchObject({ city: 'Cusco', short_name: 'ALP', version: 2 });
    expect(rows.find((r) => r.name === `${P} Delta`)).toMatchObject({ city: 'La Paz', version: 1 });
    const alphaId = String(rows.find((r) => r.name === `${P} Alpha`)?.id);
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'clients'), eq(auditLog.recordId, alphaId), eq(auditLog.action, 'update')));
    expect(trail.map((r) => [r.fieldName, r.oldValue, r.newValue, r.username])).toEqual([
      ['city', 'Lima', 'Cusco', 'engineer'],
    ]);
  });

  it('mode 3 only updates: rows whose key is not stored are skipped', async () => {
    const response = await importRows({
      mode: 3,
      rows: [
        { name: `${P} Beta`, city: 'Guayaquil' },
        { name: `${P} Epsilon`, city: 'Bogota' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ added: 0, updated: 1, unchanged: 0, skipped: 1 });
    const rows = await ownClients();
    expect(rows.find((r) => r.name === `${P} Beta`)?.city).toBe('Guayaquil');
    expect(rows.some((r) => r.name === `${P} Epsilon`)).toBe(false);
  });

  it('stores text as imported (quotes, commas, line breaks, control characters; empty text apart from no value; one-line text on one line) and audits each new row once', async () => {
    const awkward = 'He said "stop", then\nleft;\ttab \u0001 end';
    const notes = `${awkward}\r\na,b,"c"`;
    const response = await importRows({
      mode: 0,
      rows: [{ name: `${P} Awkward`, address: awkward, city: '', notes }, { name: `${P} Sparse` }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await ownClients();
    const stored = rows.find((r) => r.name === `${P} Awkward`);
    // Long text exactly; one-line text with each line break or tab made one space.
    expect(stored).toMatchObject({
      address: 'He said "stop", then left; tab \u0001 end',
      city: '',
      notes,
      country: null,
      active: true,
      version: 1,
      created_by: 'engineer',
    });
    expect(rows.find((r) => r.name === `${P} Sparse`)).toMatchObject({ city: null, address: null, active: true });
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'clients'), eq(auditLog.recordId, String(stored?.id))));
    expect(trail.map((r) => [r.action, r.fieldName, r.oldValue, r.newValue, r.username])).toEqual([
      ['insert', null, null, null, 'engineer'],
    ]);
  });

  it('answers 422 listing every invalid cell, and writes nothing', async () => {
    const before = await ownClients();
    const response = await importRows({
      mode: 1,
      rows: [
        { name: `${P} Zeta`, city: 'Ok' },
        { name: `${P} Eta`, contact_email: 'nope', sector: 'farming' },
        { name: '', city: 'No key' },
        { name: `${P} Zeta`, city: 'Again' },
        { name: `${P} Theta`, website: 'www.example.com' },
      ],
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe('4 rows have errors');
    expect(body.details.rowErrors).toEqual([
      {
        index: 1,
        fields: { contact_email: expect.stringContaining('email'), sector: expect.stringContaining('Must be one of') },
      },
      { index: 2, fields: { name: expect.stringContaining('Required') } },
      { index: 3, fields: { name: 'Duplicate of row 1 in this file' } },
      { index: 4, fields: { website: 'Must start with http:// or https://' } },
    ]);
    expect(await ownClients()).toEqual(before);
  });

  it('refuses rows carrying fields their schema does not have before checking anything else, listing only those', async () => {
    const before = await ownClients();
    const response = await importRows({
      mode: 1,
      rows: [
        { name: `${P} Iota`, contact_email: 'nope' },
        { name: `${P} Kappa`, colour: 'red' },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().details.rowErrors).toEqual([{ index: 1, fields: { colour: 'Unknown field' } }]);
    expect(await ownClients()).toEqual(before);
  });

  it('refuses a unique value clashing with a stored row, and a missing lookup', async () => {
    await t.call({
      method: 'POST',
      url: '/api/entities/suppliers/batch',
      token: engineer,
      payload: { creates: [{ clientKey: 's', values: { name: `${P} Supplier one`, vendor_code: 'IMV1' } }] },
    });
    const response = await t.call({
      method: 'POST',
      url: '/api/entities/suppliers/import',
      token: engineer,
      payload: {
        mode: 0,
        rows: [
          { name: `${P} Supplier two`, vendor_code: 'IMV1' },
          { name: `${P} Supplier three`, currency_id: 424242 },
        ],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().details.rowErrors).toEqual([
      { index: 0, fields: { vendor_code: 'Another row already has this Vendor code' } },
      { index: 1, fields: { currency_id: 'No Currency with id 424242' } },
    ]);
  });

  it('needs the write role and a valid body', async () => {
    expect((await importRows({ mode: 0, rows: [{ name: `${P} By viewer` }] }, viewer)).statusCode).toBe(403);
    const bad = await importRows({ mode: 5, rows: [] } as unknown as ImportRequest);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('mode');
  });

  it('imports thousands of rows in one request', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      name: `${P} Bulk ${String(i).padStart(4, '0')}`,
      city: `City ${i % 7}`,
    }));
    const response = await importRows({ mode: 1, rows });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ added: 3000, updated: 0, unchanged: 0, skipped: 0 });
    const again = await importRows({ mode: 1, rows: rows.map((row) => ({ ...row, city: 'Moved' })) });
    expect(again.json()).toMatchObject({ added: 0, updated: 3000, unchanged: 0, skipped: 0 });
    const filters = encodeURIComponent(
      JSON.stringify([
        { field: 'name', op: 'startsWith', value: `${P} Bulk` },
        { field: 'city', op: 'equals', value: 'moved' },
      ]),
    );
    expect(
      (await t.call({ url: `/api/entities/clients?filters=${filters}&limit=1`, token: viewer })).json().total,
    ).toBe(3000);
  });
});

describe('an import of rows that already hold their values', () => {
  const lithium = (payload: ImportRequest, token = engineer) =>
    t.call({ method: 'POST', url: '/api/entities/lithium_projects/import', token, payload });
  let usd: number;
  /** As created: decimals and money are stored with their column's scale ('-24.1234' becomes '-24.123400'). */
  const complete = (project: string) => ({
    project,
    owner: 'Salar Co',
    deposit_type: 'brine',
    stage: 'pfs',
    country: 'Argentina',
    region: null,
    latitude: '-24.1234',
    longitude: '-66.5',
    capacity_tpa_lce: '25000',
    capex_usd: '1850000000.5',
    capex_currency_id: usd,
    start_year: 2029,
    source: 'Company filing, "Q3"',
  });

  async function stored(names: string[]): Promise<EntityRow[]> {
    const filters = encodeURIComponent(JSON.stringify([{ field: 'project', op: 'in', value: names }]));
    const response = await t.call({
      url: `/api/entities/lithium_projects?filters=${filters}&sort=project:asc`,
      token: viewer,
    });
    return (response.json() as ListResponse).rows;
  }
  async function updateTrail(ids: number[]) {
    return t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tableName, 'lithium_projects'),
          inArray(auditLog.recordId, ids.map(String)),
          eq(auditLog.action, 'update'),
        ),
      );
  }
  async function create(names: string[]): Promise<EntityRow[]> {
    const response = await t.call({
      method: 'POST',
      url: '/api/entities/lithium_projects/batch',
      token: engineer,
      payload: {
        creates: names.map((name) => ({
          clientKey: name,
          values: { ...complete(name), latitude: '-24.123400', capex_usd: '1850000000.50' },
        })),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return stored(names);
  }
  const stamp = (row: EntityRow) => [row.id, row.version, row.updated_at, row.updated_by];

  beforeAll(async () => {
    const options = await t.call({ url: '/api/entities/currencies/options?q=USD&limit=20', token: viewer });
    usd = (options.json() as { id: number; label: string }[]).find((o) => o.label === 'USD')!.id;
  });

  it('mode 1: rows equal to the stored ones (decimals with fewer trailing zeros, nulls) are counted unchanged and not written: same version and stamp, no audit rows', async () => {
    const names = [`${P} Same one`, `${P} Same two`];
    const before = await create(names);
    expect(before.map((r) => [r.latitude, r.capex_usd, r.region])).toEqual(
      names.map(() => ['-24.123400', '1850000000.50', null]),
    );

    // The full dry run can compare, and says so; the preview's dry run (partial rows) cannot, and plans an update.
    const planned = await lithium({ mode: 1, dryRun: true, rows: names.map(complete) });
    expect(planned.json()).toEqual({
      mode: 1,
      restored: 0,
      softDeleted: 0,
      added: 0,
      updated: 0,
      unchanged: 2,
      skipped: 0,
      received: 2,
      stored: 2,
      plan: [0, 1].map((index) => ({ index, action: 'unchanged', id: before[index]!.id, reason: expect.any(String) })),
    });
    const partial = await lithium({
      mode: 1,
      dryRun: true,
      partialRows: true,
      rows: names.map((project) => ({ project, capex_currency_id: usd })),
    });
    expect(partial.json()).toMatchObject({ added: 0, updated: 2, unchanged: 0, skipped: 0 });

    const response = await lithium({ mode: 1, rows: names.map(complete) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ added: 0, updated: 0, unchanged: 2, skipped: 0, received: 2, stored: 2 });
    expect((await stored(names)).map(stamp)).toEqual(before.map(stamp));
    expect(await updateTrail(before.map((r) => r.id))).toEqual([]);
    // Mode 3 likewise; a row sending only its key holds nothing new either.
    expect((await lithium({ mode: 3, rows: [complete(names[0]!), { project: names[1] }] })).json()).toMatchObject({
      added: 0,
      updated: 0,
      unchanged: 2,
      skipped: 0,
    });
    expect((await stored(names)).map(stamp)).toEqual(before.map(stamp));
  });

  it('refuses an amount with no currency: a new row without one, and a stored row without one given only the amount (dry run and commit)', async () => {
    const name = `${P} Currency check`;
    const [created] = await create([name]);
    const changes = { capex_usd: null, capex_currency_id: null };
    const cleared = await t.call({
      method: 'POST',
      url: '/api/entities/lithium_projects/batch',
      token: engineer,
      payload: { updates: [{ id: created!.id, version: created!.version, changes }] },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const noCurrency = {
      capex_usd: 'No currency: choose the CAPEX currency',
      capex_currency_id: 'Required while CAPEX has an amount',
    };
    const rows = [
      { project: name, capex_usd: '7500000' },
      { ...complete(`${P} Currency new`), capex_currency_id: null },
    ];
    for (const payload of [
      { mode: 1 as const, dryRun: true, partialRows: true, rows: rows.slice(0, 1) },
      { mode: 1 as const, rows },
    ]) {
      const response = await lithium(payload);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().details.rowErrors).toEqual(
        payload.rows.map((_, index) => ({ index, fields: noCurrency })),
      );
    }
    expect((await stored([name, `${P} Currency new`])).map((r) => [r.project, r.capex_usd, r.version])).toEqual([
      [name, null, 2],
    ]);
  });

  it('mode 1, a mixed file: the changed row is updated (new version, audited), the unchanged one left as it is, the new one added', async () => {
    const names = [`${P} Mixed changed`, `${P} Mixed same`];
    const before = await create(names);
    const rows = [
      { ...complete(names[0]!), capex_usd: '1900000000', region: 'Salta' },
      complete(names[1]!),
      complete(`${P} Mixed new`),
    ];

    const planned = await lithium({ mode: 1, dryRun: true, rows });
    expect(planned.json()).toMatchObject({ added: 1, updated: 1, unchanged: 1, skipped: 0 });
    expect(planned.json().plan.map((p: { action: string }) => p.action)).toEqual(['update', 'unchanged', 'add']);

    const response = await lithium({ mode: 1, rows });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ added: 1, updated: 1, unchanged: 1, skipped: 0 });
    const after = await stored([...names, `${P} Mixed new`]);
    const [changed, added, same] = [
      after.find((r) => r.project === names[0])!,
      after.find((r) => r.project === `${P} Mixed new`)!,
      after.find((r) => r.project === names[1])!,
    ];
    expect(changed).toMatchObject({ version: 2, capex_usd: '1900000000.00', region: 'Salta' });
    expect(changed.updated_at).not.toBe(before[0]!.updated_at);
    expect(stamp(same)).toEqual(stamp(before[1]!));
    expect(added).toMatchObject({ version: 1, latitude: '-24.123400' });
    const trail = await updateTrail(before.map((r) => r.id));
    expect(trail.map((r) => [r.recordId, r.fieldName, r.oldValue, r.newValue]).sort()).toEqual([
      [String(before[0]!.id), 'capex_usd', '1850000000.50', '1900000000.00'],
      [String(before[0]!.id), 'region', null, 'Salta'],
    ]);
  });

  it('compares dates and booleans as stored too (currency rates, clients)', async () => {
    const admin = await t.tokenFor('admin');
    const rate = { currency_id: usd, rate_date: '1901-02-03', rate_to_usd: '1.5', source: null };
    const rates = (payload: ImportRequest) =>
      t.call({ method: 'POST', url: '/api/entities/currency_rates/import', token: admin, payload });
    expect((await rates({ mode: 1, rows: [rate] })).json()).toMatchObject({
      added: 1,
      updated: 0,
      unchanged: 0,
      skipped: 0,
    });
    expect((await rates({ mode: 1, rows: [{ ...rate, rate_to_usd: '1.50000000' }] })).json()).toMatchObject({
      added: 0,
      updated: 0,
      unchanged: 1,
      skipped: 0,
    });
    expect((await rates({ mode: 1, rows: [{ ...rate, rate_to_usd: '1.50000001' }] })).json()).toMatchObject({
      added: 0,
      updated: 1,
      unchanged: 0,
      skipped: 0,
    });

    const client = { name: `${P} Boolean`, active: false, city: '' };
    expect((await importRows({ mode: 1, rows: [client] })).json()).toMatchObject({ added: 1 });
    // Empty text is a value apart from no value: '' against '' is unchanged, null against '' is a change.
    expect((await importRows({ mode: 1, rows: [client] })).json()).toMatchObject({
      added: 0,
      updated: 0,
      unchanged: 1,
      skipped: 0,
    });
    expect((await importRows({ mode: 1, rows: [{ ...client, city: null }] })).json()).toMatchObject({
      added: 0,
      updated: 1,
      unchanged: 0,
      skipped: 0,
    });
    expect((await importRows({ mode: 1, rows: [{ ...client, active: true }] })).json()).toMatchObject({
      added: 0,
      updated: 1,
      unchanged: 0,
      skipped: 0,
    });
  });

  it('updateRows: a row left alone for holding its values is unchanged, one whose version moved on is stale, whatever its values', async () => {
    const names = [`${P} Rows changed`, `${P} Rows same`, `${P} Rows stale`];
    const [changed, same, stale] = await create(names);
    const schema = getEntitySchema('lithium_projects');
    const sent = (row: EntityRow, version: number, changes: Record<string, unknown>) => ({
      id: row.id,
      version,
      changes,
    });
    const result = await t.database.db.transaction((tx) =>
      updateRows(
        tx,
        schema,
        [
          sent(changed!, 1, { latitude: '-24.5' }),
          sent(same!, 1, { latitude: '-24.1234', region: null }),
          sent(stale!, 0, { latitude: '-24.1234', region: null }),
        ],
        { sub: 'test', username: 'test' },
        'changes',
        { skipUnchanged: true },
      ),
    );
    expect([...result.updated.ids]).toEqual([changed!.id]);
    expect(result.unchanged).toEqual([same!.id]);
    expect(result.stale).toEqual([stale!.id]);
    // Without the option (the batch route), a row sending its own values is still written.
    const batch = await t.database.db.transaction((tx) =>
      updateRows(tx, schema, [sent(same!, 1, { latitude: '-24.1234' })], { sub: 'test', username: 'test' }),
    );
    expect([...batch.updated.ids]).toEqual([same!.id]);
    expect(batch.unchanged).toEqual([]);
  });
});

describe('a workbook larger than the ordinary body limit', () => {
  it('is checked and refused in one request, all or nothing, while other routes keep their 10 MiB limit', async () => {
    // ~13 MB of JSON: more than BODY_LIMIT_BYTES, so a chunked upload would have been needed before.
    const rows = Array.from({ length: 50_000 }, (_, i) => ({
      name: `${P} Huge ${String(i).padStart(5, '0')}`,
      address: `${i} ${'Long Street Name '.repeat(12)}`,
    }));
    rows.push({ name: `${P} Huge bad`, address: 'x', contact_email: 'not an email' } as (typeof rows)[number]);
    const body = JSON.stringify({ mode: 0, rows });
    expect(body.length).toBeGreaterThan(t.config.bodyLimitBytes);

    const refused = await importRows({ mode: 0, rows } as ImportRequest);
    expect(refused.statusCode, refused.body.slice(0, 200)).toBe(422);
    expect(refused.json().details.rowErrors).toEqual([
      { index: 50_000, fields: { contact_email: expect.stringContaining('email') } },
    ]);
    const filters = encodeURIComponent(JSON.stringify([{ field: 'name', op: 'startsWith', value: `${P} Huge` }]));
    expect(
      (await t.call({ url: `/api/entities/clients?filters=${filters}&limit=1`, token: viewer })).json().total,
    ).toBe(0);

    const batch = await t.call({
      method: 'POST',
      url: '/api/entities/clients/batch',
      token: engineer,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(batch.statusCode).toBe(413);
  });
});

describe('GET /api/docs', () => {
  it('serves the OpenAPI document, without a token, listing the entity routes', async () => {
    const response = await t.app.inject({ url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/entities',
        '/api/entities/{entity}',
        '/api/entities/{entity}/batch',
        '/api/entities/{entity}/import',
        '/api/entities/{entity}/{id}/dependencies',
      ]),
    );
    expect(doc.paths['/api/entities/{entity}/batch'].post.requestBody).toBeDefined();
  });
});
