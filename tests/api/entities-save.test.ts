import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchRequest, BatchResponse, ListResponse } from '../../src/lib/entity-api';
import { getEntitySchema } from '../../src/schemas/registry';
import { defaultRow } from '../../src/schemas/validators';
import { auditLog } from '../../src/server/db/tables';
import { insertRows, mappingDbErrors } from '../../src/server/entities/bulk-write';
import { createTestApp, roleTokens, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: string;
let engineer: string;
let viewer: string;
const P = 'Sv';

const batch = (entity: string, payload: BatchRequest, token = engineer) =>
  t.call({ method: 'POST', url: `/api/entities/${entity}/batch`, token, payload });

async function saved(entity: string, payload: BatchRequest, token = engineer): Promise<BatchResponse> {
  const response = await batch(entity, payload, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function countOwn(entity: string, field = 'name'): Promise<number> {
  const filters = encodeURIComponent(JSON.stringify([{ field, op: 'startsWith', value: P }]));
  const response = await t.call({ url: `/api/entities/${entity}?filters=${filters}`, token: viewer });
  return (response.json() as ListResponse).total;
}

const auditOf = (table: string, id: number) =>
  t.database.db
    .select({
      field: auditLog.fieldName,
      old: auditLog.oldValue,
      new: auditLog.newValue,
      action: auditLog.action,
      username: auditLog.username,
      sub: auditLog.userSub,
    })
    .from(auditLog)
    .where(and(eq(auditLog.tableName, table), eq(auditLog.recordId, String(id))))
    .orderBy(asc(auditLog.id));

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, engineer, viewer } = await roleTokens(t));
});
afterAll(async () => t?.close());

describe('POST /api/entities/:entity/batch', () => {
  it('creates rows, filling defaults, and answers them with their client keys', async () => {
    const result = await saved('clients', {
      creates: [{ clientKey: 'new-1', values: { name: `${P} Andes Mining`, sector: 'mining' } }],
    });
    expect(result.created).toHaveLength(1);
    expect(result.created[0]).toMatchObject({
      clientKey: 'new-1',
      name: `${P} Andes Mining`,
      sector: 'mining',
      active: true,
      notes: null,
      version: 1,
      created_by: 'engineer',
    });
    expect(result.created[0]?.id).toBeGreaterThan(0);
  });

  it('is all or nothing: one bad row among good ones answers 422 per row and field, and writes nothing', async () => {
    const [existing] = (await saved('clients', { creates: [{ clientKey: 'a', values: { name: `${P} Existing` } }] }))
      .created;
    const response = await batch('clients', {
      creates: [
        { clientKey: 'good-1', values: { name: `${P} Good one` } },
        { clientKey: 'bad-1', values: { name: `${P} Bad one`, contact_email: 'not-an-email', sector: 'farming' } },
        { clientKey: 'good-2', values: { name: `${P} Good two` } },
      ],
      updates: [{ id: existing!.id, version: 1, changes: { name: '   ', website: 'ftp://x' } }],
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body).toMatchObject({ error: 'validation_failed', message: '2 rows have errors' });
    expect(body.details.rowErrors).toEqual([
      {
        op: 'create',
        index: 1,
        clientKey: 'bad-1',
        fields: { contact_email: expect.stringContaining('email'), sector: expect.stringContaining('Mining') },
      },
      {
        op: 'update',
        index: 0,
        id: existing!.id,
        fields: { name: 'Required', website: 'Must start with http:// or https://' },
      },
    ]);
    const names = await t.call({ url: `/api/entities/clients?q=${encodeURIComponent(`${P} Good`)}`, token: viewer });
    expect(names.json().total).toBe(0);
    expect((await t.call({ url: `/api/entities/clients/${existing!.id}`, token: viewer })).json()).toMatchObject({
      version: 1,
      name: `${P} Existing`,
    });
  });

  it('refuses a unique value used twice in the batch or already stored', async () => {
    await saved('clients', { creates: [{ clientKey: 'a', values: { name: `${P} Taken` } }] });
    const response = await batch('clients', {
      creates: [
        { clientKey: 'x', values: { name: `${P} Twin` } },
        { clientKey: 'y', values: { name: `${P} Twin` } },
        { clientKey: 'z', values: { name: `${P} Taken` } },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().details.rowErrors).toEqual([
      { op: 'create', index: 1, clientKey: 'y', fields: { name: 'Another row already has this Client name' } },
      { op: 'create', index: 2, clientKey: 'z', fields: { name: 'Another row already has this Client name' } },
    ]);
    expect(await countOwn('clients')).toBe(3); // Andes, Existing, Taken: nothing of this batch
  });

  it('allows a unique value freed by another row of the same batch', async () => {
    const { created } = await saved('clients', { creates: [{ clientKey: 'a', values: { name: `${P} Old name` } }] });
    const result = await saved('clients', {
      updates: [{ id: created[0]!.id, version: 1, changes: { name: `${P} New name` } }],
      creates: [{ clientKey: 'b', values: { name: `${P} Old name` } }],
    });
    expect(result.updated[0]).toMatchObject({ name: `${P} New name`, version: 2 });
    expect(result.created[0]).toMatchObject({ name: `${P} Old name` });
  });

  it('updates rows that change different fields in one save, keeping the fields each row does not send', async () => {
    const { created } = await saved('clients', {
      creates: [
        { clientKey: 'a', values: { name: `${P} Mixed A`, city: 'Lima', country: 'Peru' } },
        { clientKey: 'b', values: { name: `${P} Mixed B`, city: 'Quito', country: 'Ecuador' } },
      ],
    });
    const [a, b] = created;
    const result = await saved('clients', {
      updates: [
        { id: a!.id, version: 1, changes: { city: 'Cusco' } },
        { id: b!.id, version: 1, changes: { country: null, short_name: 'MB' } },
      ],
    });
    expect(result.updated.map((r) => [r.id, r.city, r.country, r.short_name, r.version])).toEqual([
      [a!.id, 'Cusco', 'Peru', null, 2],
      [b!.id, 'Quito', null, 'MB', 2],
    ]);
  });

  it('updates rows sending a dozen different sets of fields (merged into one statement): each keeps what it does not send, and only what it sends is audited', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `${P} Scattered ${i}`);
    const { created } = await saved('clients', {
      creates: names.map((name, i) => ({
        clientKey: `k${i}`,
        values: { name, city: 'Lima', country: 'Peru', phone: `+51 ${i}` },
      })),
    });
    // Twelve different field sets (one or two of four fields, and an emptied one), more than get a statement each.
    const fields = ['city', 'country', 'phone', 'short_name'] as const;
    const changes = created.map((_, i) =>
      i < 4
        ? { [fields[i]!]: `New ${i}` }
        : i < 10
          ? { [fields[i % 4]!]: `New ${i}`, [fields[(i + 1) % 4]!]: null }
          : { [fields[i % 4]!]: `N${i}`, short_name: `S${i}`, [fields[(i + 2) % 4]!]: `M${i}` },
    );
    const result = await saved('clients', {
      updates: created.map((row, i) => ({ id: row.id, version: 1, changes: changes[i]! })),
    });
    expect(result.updated).toHaveLength(12);
    for (const [i, row] of created.entries()) {
      const now = result.updated.find((r) => r.id === row.id)!;
      const expected = { city: 'Lima', country: 'Peru', phone: `+51 ${i}`, short_name: null, ...changes[i] };
      expect(
        fields.map((f) => now[f]),
        `row ${i}`,
      ).toEqual(fields.map((f) => expected[f]));
      const trail = (await auditOf('clients', row.id)).filter((entry) => entry.action === 'update');
      const changed = Object.entries(changes[i]!)
        .filter(([field, value]) => value !== (row as Record<string, unknown>)[field])
        .map(([field]) => field);
      expect(trail.map((entry) => entry.field).sort(), `row ${i}`).toEqual(changed.sort());
    }
  });

  it("answers only what each update changed under 'Prefer: return=minimal', storing the whole row as usual", async () => {
    const currency = (
      await saved(
        'currencies',
        { creates: [{ clientKey: 'c', values: { code: 'QMN', name: 'Minimal money' } }] },
        admin,
      )
    ).created[0]!;
    const { created } = await saved('lithium_projects', {
      creates: [
        {
          clientKey: 'a',
          values: {
            project: `${P} Minimal`,
            owner: 'Andes Lithium',
            deposit_type: 'brine',
            stage: 'pfs',
            country: 'Chile',
            capacity_tpa_lce: '20000',
            capex_currency_id: currency.id,
          },
        },
      ],
    });
    const id = created[0]!.id;
    const response = await t.call({
      method: 'POST',
      url: '/api/entities/lithium_projects/batch',
      token: engineer,
      headers: { prefer: 'return=minimal' },
      payload: { updates: [{ id, version: 1, changes: { capex_usd: '1250000.5', stage: 'dfs' } }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['preference-applied']).toBe('return=minimal');
    const [answered] = (response.json() as BatchResponse).updated;
    // The decimal comes back as stored (the column's scale), so the grid shows what the database holds.
    expect(answered).toEqual({
      id,
      capex_usd: '1250000.50',
      stage: 'dfs',
      version: 2,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_by: 'engineer',
    });
    expect((await t.call({ url: `/api/entities/lithium_projects/${id}`, token: viewer })).json()).toMatchObject({
      project: `${P} Minimal`,
      owner: 'Andes Lithium',
      capacity_tpa_lce: '20000',
      capex_usd: '1250000.50',
      stage: 'dfs',
      version: 2,
    });

    const whole = await saved('lithium_projects', { updates: [{ id, version: 2, changes: { stage: 'production' } }] });
    expect(whole.updated[0]).toMatchObject({
      project: `${P} Minimal`,
      owner: 'Andes Lithium',
      stage: 'production',
      version: 3,
      created_by: 'engineer',
    });
  });

  it('refuses an amount with no currency, also when a change sends only the amount or only an emptied currency', async () => {
    const currency = (
      await saved('currencies', { creates: [{ clientKey: 'c', values: { code: 'QNC', name: 'Pair money' } }] }, admin)
    ).created[0]!;
    const project = (name: string, values: Record<string, unknown>) => ({
      clientKey: name,
      values: {
        project: `${P} ${name}`,
        owner: 'Pair Owner',
        deposit_type: 'clay',
        stage: 'pea',
        country: 'Peru',
        ...values,
      },
    });
    const noCurrency = {
      capex_usd: 'No currency: choose the CAPEX currency',
      capex_currency_id: 'Required while CAPEX has an amount',
    };

    const refusedCreate = await batch('lithium_projects', {
      creates: [project('Bare amount', { capex_usd: '5000000' })],
    });
    expect(refusedCreate.statusCode).toBe(422);
    expect(refusedCreate.json().details.rowErrors).toEqual([
      { op: 'create', index: 0, clientKey: 'Bare amount', fields: noCurrency },
    ]);

    const { created } = await saved('lithium_projects', {
      creates: [project('No money', {}), project('Priced', { capex_usd: '100.00', capex_currency_id: currency.id })],
    });
    const [bare, priced] = created;
    const refused = await batch('lithium_projects', {
      updates: [
        { id: bare!.id, version: 1, changes: { capex_usd: '250000' } },
        { id: priced!.id, version: 1, changes: { capex_currency_id: null } },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details.rowErrors).toEqual([
      { op: 'update', index: 0, id: bare!.id, fields: noCurrency },
      { op: 'update', index: 1, id: priced!.id, fields: noCurrency },
    ]);
    // Nothing was written; sending the missing half, or emptying both, is accepted.
    const accepted = await saved('lithium_projects', {
      updates: [
        { id: bare!.id, version: 1, changes: { capex_usd: '250000', capex_currency_id: currency.id } },
        { id: priced!.id, version: 1, changes: { capex_currency_id: null, capex_usd: null } },
      ],
    });
    expect(accepted.updated.map((row) => [row.capex_usd, row.capex_currency_id])).toEqual([
      ['250000.00', currency.id],
      [null, null],
    ]);
  });

  it('checks a composite key when an update changes only one of its fields', async () => {
    const currency = (
      await saved('currencies', { creates: [{ clientKey: 'c', values: { code: 'QKR', name: 'Key money' } }] }, admin)
    ).created[0]!;
    const { created } = await saved(
      'currency_rates',
      {
        creates: [
          { clientKey: 'jan', values: { currency_id: currency.id, rate_date: '2026-01-01', rate_to_usd: '1.1' } },
          { clientKey: 'feb', values: { currency_id: currency.id, rate_date: '2026-02-01', rate_to_usd: '1.2' } },
        ],
      },
      admin,
    );
    const clash = await batch(
      'currency_rates',
      { updates: [{ id: created[1]!.id, version: 1, changes: { rate_date: '2026-01-01' } }] },
      admin,
    );
    expect(clash.statusCode).toBe(422);
    expect(clash.json().details.rowErrors[0].fields).toEqual({
      currency_id: 'Another row already has this Currency + Rate date',
      rate_date: 'Another row already has this Currency + Rate date',
    });
    // A date no other rate of the currency has is fine.
    const moved = await batch(
      'currency_rates',
      { updates: [{ id: created[1]!.id, version: 1, changes: { rate_date: '2026-03-01' } }] },
      admin,
    );
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('refuses a lookup id that names no row', async () => {
    const response = await batch('suppliers', {
      creates: [{ clientKey: 's', values: { name: `${P} Ghost supplier`, currency_id: 987654 } }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().details.rowErrors[0]).toMatchObject({
      op: 'create',
      clientKey: 's',
      fields: { currency_id: 'No Currency with id 987654' },
    });
  });

  it('refuses a number too large for its column on its cell (the database would overflow), never a 500', async () => {
    const response = await batch('lithium_projects', {
      creates: [
        {
          clientKey: 'big',
          values: {
            project: `${P} Huge`,
            owner: 'O',
            deposit_type: 'brine',
            stage: 'pfs',
            country: 'Chile',
            capacity_tpa_lce: '1'.padEnd(40, '0'),
          },
        },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().details.rowErrors[0].fields).toEqual({
      capacity_tpa_lce: expect.stringMatching(/^At most \d+ digits before the decimal point$/),
    });
  });

  it('maps a constraint the checks did not catch (e.g. a concurrent insert) to 409 with the field named', async () => {
    const clients = getEntitySchema('clients');
    await saved('clients', { creates: [{ clientKey: 'a', values: { name: `${P} Raced` } }] });
    // Straight to the writer, as if another request had inserted the name after this one's checks.
    const write = mappingDbErrors(clients, () =>
      insertRows(t.database.db, clients, [{ ...defaultRow(clients), name: `${P} Raced` }], { sub: 'x', username: 'x' }),
    );
    await expect(write).rejects.toMatchObject({ status: 409, message: 'Another row already has this Client name.' });
  });

  it('updates bump the version and stamp who; a stale version answers 409 with the current row', async () => {
    const { created } = await saved('clients', {
      creates: [{ clientKey: 'a', values: { name: `${P} Versioned`, city: 'Lima' } }],
    });
    const id = created[0]!.id;
    const first = await saved('clients', { updates: [{ id, version: 1, changes: { city: 'Cusco' } }] }, admin);
    expect(first.updated[0]).toMatchObject({
      id,
      city: 'Cusco',
      version: 2,
      updated_by: 'admin',
      created_by: 'engineer',
    });

    const stale = await batch('clients', { updates: [{ id, version: 1, changes: { city: 'Arequipa' } }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'conflict', message: 'Changed by someone else since you loaded it' });
    expect(stale.json().details.conflicts).toEqual([
      { op: 'update', id, current: expect.objectContaining({ id, version: 2, city: 'Cusco' }) },
    ]);

    const staleDelete = await batch('clients', { deletes: [{ id, version: 1 }] });
    expect(staleDelete.statusCode).toBe(409);
    const gone = await batch('clients', { updates: [{ id: 999999, version: 1, changes: { city: 'X' } }] });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().details.conflicts).toEqual([{ op: 'update', id: 999999, current: null }]);
    expect((await t.call({ url: `/api/entities/clients/${id}`, token: viewer })).json()).toMatchObject({
      city: 'Cusco',
      version: 2,
    });
  });

  it('audits a create as one row, an update as one row per changed field, a delete as one row holding the last values, with the actor', async () => {
    const { created } = await saved('clients', {
      creates: [{ clientKey: 'a', values: { name: `${P} Audited`, city: 'Quito', sector: 'energy' } }],
    });
    const id = created[0]!.id;
    const inserts = await auditOf('clients', id);
    expect(inserts.map((r) => [r.action, r.field, r.old, r.new])).toEqual([['insert', null, null, null]]);
    expect(inserts.every((r) => r.username === 'engineer' && r.sub === 'local|engineer')).toBe(true);

    await saved(
      'clients',
      { updates: [{ id, version: 1, changes: { city: 'Guayaquil', sector: 'energy', country: 'Ecuador' } }] },
      admin,
    );
    const updates = (await auditOf('clients', id)).filter((r) => r.action === 'update');
    // sector was sent unchanged: no row for it.
    expect(updates.map((r) => [r.field, r.old, r.new, r.username]).sort()).toEqual([
      ['city', 'Quito', 'Guayaquil', 'admin'],
      ['country', null, 'Ecuador', 'admin'],
    ]);

    await saved('clients', { deletes: [{ id, version: 2 }] }, admin);
    const deletes = (await auditOf('clients', id)).filter((r) => r.action === 'delete');
    expect(deletes.map((r) => [r.field, r.new])).toEqual([[null, null]]);
    expect(JSON.parse(deletes[0]!.old!)).toMatchObject({
      name: `${P} Audited`,
      city: 'Guayaquil',
      country: 'Ecuador',
      sector: 'energy',
    });
    expect((await t.call({ url: `/api/entities/clients/${id}`, token: viewer })).statusCode).toBe(404);
  });

  it('checks the entity write role: viewer 403, engineer 403 on admin tables, admin allowed', async () => {
    const viewerTry = await batch(
      'clients',
      { creates: [{ clientKey: 'v', values: { name: `${P} By viewer` } }] },
      viewer,
    );
    expect(viewerTry.statusCode).toBe(403);
    const engineerTry = await batch(
      'currencies',
      { creates: [{ clientKey: 'e', values: { code: 'QEE', name: 'Engineer money' } }] },
      engineer,
    );
    expect(engineerTry.statusCode).toBe(403);
    expect(engineerTry.json().message).toContain('admin');
    expect((await t.call({ method: 'DELETE', url: '/api/entities/currencies/1', token: engineer })).statusCode).toBe(
      403,
    );
    await saved('currencies', { creates: [{ clientKey: 'a', values: { code: 'QEA', name: 'Admin money' } }] }, admin);
    expect(await countOwn('clients')).not.toBe(0);
    const noXsrf = await t.call({
      method: 'POST',
      url: '/api/entities/clients/batch',
      token: engineer,
      xsrf: 'missing',
      payload: { creates: [] },
    });
    expect(noXsrf.statusCode).toBe(403);
  });

  it('answers 400 for a malformed body and 404 for an unknown entity', async () => {
    const malformed = await batch('clients', { creates: [{ values: { name: 'x' } }] } as unknown as BatchRequest);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('clientKey');
    const listOfValues = await batch('clients', {
      updates: [{ id: 1, version: 1, changes: ['Lima'] }],
    } as unknown as BatchRequest);
    expect(listOfValues.statusCode).toBe(400);
    expect(listOfValues.json().message).toBe('Invalid body: updates.0.changes: Expected an object of field values');
    // 5,000 deletes each without its version: the first ten named, and how many more (not 5,000 lines).
    const unversioned = await batch('clients', {
      deletes: Array.from({ length: 5000 }, (_, i) => ({ id: i + 1 })),
    } as unknown as BatchRequest);
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json().message).toMatch(
      /^Invalid body: deletes\.0\.version: .+; deletes\.9\.version: [^;]+; and 4,990 more$/,
    );
    expect((await batch('spaceships', { creates: [] })).statusCode).toBe(404);
  });
});

describe('deleting referenced rows', () => {
  it('refuses (409, listing the dependants) while a row is referenced, and deletes once the reference is gone', async () => {
    const currency = (
      await saved('currencies', { creates: [{ clientKey: 'c', values: { code: 'QDA', name: 'Dep money' } }] }, admin)
    ).created[0]!;
    const supplier = (
      await saved('suppliers', {
        creates: [{ clientKey: 's', values: { name: `${P} Dependent supplier`, currency_id: currency.id } }],
      })
    ).created[0]!;

    const listed = await t.call({ url: `/api/entities/currencies/${currency.id}/dependencies`, token: viewer });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      total: 1,
      dependants: [
        {
          entity: 'suppliers',
          entityLabel: 'Supplier',
          id: supplier.id,
          label: `${P} Dependent supplier`,
          field: 'Quote currency',
        },
      ],
    });

    const refused = await t.call({
      method: 'DELETE',
      url: `/api/entities/currencies/${currency.id}?version=1`,
      token: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`${P} Dependent supplier`);
    expect(refused.json().details).toEqual(listed.json());
    const refusedInBatch = await batch('currencies', { deletes: [{ id: currency.id, version: 1 }] }, admin);
    expect(refusedInBatch.statusCode).toBe(409);
    expect(refusedInBatch.json().details.total).toBe(1);

    await saved('suppliers', { updates: [{ id: supplier.id, version: 1, changes: { currency_id: null } }] });
    expect(
      (await t.call({ url: `/api/entities/currencies/${currency.id}/dependencies`, token: viewer })).json(),
    ).toEqual({ total: 0, dependants: [] });
    const stale = await t.call({
      method: 'DELETE',
      url: `/api/entities/currencies/${currency.id}?version=7`,
      token: admin,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details.conflicts[0]).toMatchObject({
      op: 'delete',
      id: currency.id,
      current: { code: 'QDA' },
    });
    const deleted = await t.call({
      method: 'DELETE',
      url: `/api/entities/currencies/${currency.id}?version=1`,
      token: admin,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: currency.id });
    const deleteAudit = (await auditOf('currencies', currency.id)).filter((r) => r.action === 'delete');
    expect(deleteAudit.map((r) => JSON.parse(r.old ?? '{}') as Record<string, string>)).toEqual([
      expect.objectContaining({ code: 'QDA', name: 'Dep money' }),
    ]);
    expect(
      (await t.call({ method: 'DELETE', url: `/api/entities/currencies/${currency.id}`, token: admin })).statusCode,
    ).toBe(404);
  });

  it('finds self-references (a category and its children) and allows deleting both together', async () => {
    const parent = (
      await saved(
        'item_categories',
        { creates: [{ clientKey: 'p', values: { code: 'QSV', name: `${P} Parent`, tier: 1 } }] },
        admin,
      )
    ).created[0]!;
    const child = (
      await saved(
        'item_categories',
        { creates: [{ clientKey: 'c', values: { code: 'QSV.A', name: `${P} Child`, tier: 2, parent_id: parent.id } }] },
        admin,
      )
    ).created[0]!;
    const listed = await t.call({ url: `/api/entities/item_categories/${parent.id}/dependencies`, token: viewer });
    expect(listed.json()).toEqual({
      total: 1,
      dependants: [
        {
          entity: 'item_categories',
          entityLabel: 'Item category',
          id: child.id,
          label: `${P} Child`,
          field: 'Parent category',
        },
      ],
    });
    expect((await batch('item_categories', { deletes: [{ id: parent.id, version: 1 }] }, admin)).statusCode).toBe(409);
    const both = await saved(
      'item_categories',
      {
        deletes: [
          { id: parent.id, version: 1 },
          { id: child.id, version: 1 },
        ],
      },
      admin,
    );
    expect(both.deleted).toEqual([parent.id, child.id]);
  });
});
