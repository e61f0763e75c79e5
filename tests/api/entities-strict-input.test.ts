import { describe, expect, it } from 'vitest';
import type { BatchRequest, BatchResponse, ImportRequest, ListResponse } from '../../src/lib/entity-api';
import type { EntityRow } from '../../src/schemas/schema-types';
import { signedInSuite } from '../support/test-app';

/**
 * What a second outside API check found: requests that answered 200 having done something else than
 * asked, read ids the caller never wrote, or failed late with no row named. Each is now refused up
 * front with a readable 4xx, or does what was meant.
 */
const suite = signedInSuite();
const P = 'Si';

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = suite.engineer) =>
  suite.t.call({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
const batch = (entity: string, payload: unknown, token = suite.engineer) =>
  call('POST', `/api/entities/${entity}/batch`, payload, token);
const importRows = (entity: string, payload: ImportRequest | Record<string, unknown>) =>
  call('POST', `/api/entities/${entity}/import`, payload);
async function saved(entity: string, payload: BatchRequest, token = suite.engineer): Promise<BatchResponse> {
  const response = await batch(entity, payload, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const byName = async (entity: string, field: string, value: string) =>
  (
    (
      await call(
        'GET',
        `/api/entities/${entity}?filters=${encodeURIComponent(JSON.stringify([{ field, op: 'startsWith', value }]))}&sort=${field}:asc`,
      )
    ).json() as ListResponse
  ).rows;
const rowErrors = (body: string) =>
  (JSON.parse(body) as { details: { rowErrors: { index: number; fields: Record<string, string> }[] } }).details
    .rowErrors;

describe('request bodies are read strictly', () => {
  it("refuses a misspelt import key ('dryrun') instead of committing what was meant as a preview", async () => {
    const response = await importRows('clients', { mode: 1, dryrun: true, rows: [{ name: `${P} Preview only` }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('dryrun');
    expect(await byName('clients', 'name', `${P} Preview only`)).toEqual([]);
  });

  it("refuses a batch with unknown keys (a typo, or the spec routes' envelope) instead of answering 200 for nothing", async () => {
    for (const payload of [
      { create: [{ clientKey: 'a', values: { name: `${P} Typo` } }] },
      { param1: 'save', data: { creates: [{ clientKey: 'a', values: { name: `${P} Envelope` } }] } },
    ]) {
      const response = await batch('clients', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/create|param1/);
    }
    expect(await byName('clients', 'name', P)).toEqual([]);
  });

  it('reads a row id in the address as digits only: 0xe, 1e0 and " 1" name no row', async () => {
    const [client] = (await saved('clients', { creates: [{ clientKey: 'v', values: { name: `${P} Hex victim` } }] }))
      .created;
    for (const id of [`0x${client!.id.toString(16)}`, `${client!.id}e0`, `%20${client!.id}`]) {
      const response = await call('DELETE', `/api/entities/clients/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message).toContain('A row id is digits only');
    }
    expect((await call('GET', `/api/entities/clients/${client!.id}`)).statusCode).toBe(200);
  });
});

describe('values a save or import must check before writing', () => {
  it('flags unique values swapped between rows in the import dry run and the commit, on the rows, with nothing written', async () => {
    const { created } = await saved('suppliers', {
      creates: [
        { clientKey: 'a', values: { name: `${P} Supplier A`, vendor_code: 'SI-A' } },
        { clientKey: 'b', values: { name: `${P} Supplier B`, vendor_code: 'SI-B' } },
      ],
    });
    const rows = [
      { name: `${P} Supplier A`, vendor_code: 'SI-B' },
      { name: `${P} Supplier B`, vendor_code: 'SI-A' },
    ];
    for (const dryRun of [true, false]) {
      const response = await importRows('suppliers', { mode: 1, dryRun, rows });
      expect(response.statusCode, response.body).toBe(422);
      expect(rowErrors(response.body)).toEqual(
        [0, 1].map((index) => ({
          index,
          fields: { vendor_code: expect.stringContaining('until this import changes or deletes it') },
        })),
      );
    }
    expect((await byName('suppliers', 'name', `${P} Supplier`)).map((r) => [r.vendor_code, r.version])).toEqual([
      ['SI-A', 1],
      ['SI-B', 1],
    ]);
    // A new row may take the value of a row the same save renames: new rows are written last.
    const renamed = await saved('suppliers', {
      updates: [{ id: created[0]!.id, version: 1, changes: { vendor_code: 'SI-A2' } }],
      creates: [{ clientKey: 'c', values: { name: `${P} Supplier C`, vendor_code: 'SI-A' } }],
    });
    expect(renamed.created[0]).toMatchObject({ vendor_code: 'SI-A' });
  });

  it('refuses a new category under a parent the same save deletes, on the parent cell', async () => {
    const [parent] = (
      await saved(
        'item_categories',
        { creates: [{ clientKey: 'p', values: { code: 'SI-P', name: `${P} Parent`, tier: 1 } }] },
        suite.admin,
      )
    ).created;
    const response = await batch(
      'item_categories',
      {
        creates: [{ clientKey: 'c', values: { code: 'SI-C', name: `${P} Child`, tier: 2, parent_id: parent!.id } }],
        deletes: [{ id: parent!.id, version: 1 }],
      },
      suite.admin,
    );
    expect(response.statusCode).toBe(422);
    expect(rowErrors(response.body)).toEqual([
      expect.objectContaining({ fields: { parent_id: `Item category ${parent!.id} is deleted by this same save` } }),
    ]);
  });

  it('refuses the year 0000 on the cell, in a save, a dry run and a filter, before the database sees it', async () => {
    const [usd] = (await call('GET', '/api/entities/currencies/options?q=USD')).json() as {
      id: number;
      label: string;
    }[];
    const rate = { currency_id: usd!.id, rate_date: '0000-01-01', rate_to_usd: '1' };
    const saveResponse = await batch('currency_rates', { creates: [{ clientKey: 'r', values: rate }] }, suite.admin);
    expect(rowErrors(saveResponse.body)).toEqual([
      expect.objectContaining({ fields: { rate_date: 'Must be a date (YYYY-MM-DD)' } }),
    ]);
    const dryRun = await call(
      'POST',
      '/api/entities/currency_rates/import',
      { mode: 0, dryRun: true, rows: [rate] },
      suite.admin,
    );
    expect(rowErrors(dryRun.body)).toEqual([{ index: 0, fields: { rate_date: 'Must be a date (YYYY-MM-DD)' } }]);
    const filtered = await call(
      'GET',
      `/api/entities/currency_rates?filters=${encodeURIComponent(JSON.stringify([{ field: 'rate_date', op: 'gte', value: '0000-01-01' }]))}`,
    );
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json().message).toContain('a date (YYYY-MM-DD)');
  });

  it('trims one-line text sent by an API client, so an import keyed " X " updates X', async () => {
    const [client] = (
      await saved('clients', {
        creates: [{ clientKey: 't', values: { name: `  ${P} Trimmed  `, city: ' Lima ', notes: '  kept as typed\n' } }],
      })
    ).created;
    expect(client).toMatchObject({ name: `${P} Trimmed`, city: 'Lima', notes: '  kept as typed\n' });
    const response = await importRows('clients', { mode: 1, rows: [{ name: ` ${P} Trimmed `, city: 'Cusco' }] });
    expect(response.json()).toMatchObject({ added: 0, updated: 1, unchanged: 0, skipped: 0 });
    expect((await byName('clients', 'name', `${P} Trimmed`)).map((r: EntityRow) => [r.name, r.city])).toEqual([
      [`${P} Trimmed`, 'Cusco'],
    ]);
  });

  it('tells an API client sending a decimal as a JSON number to send it as text', async () => {
    const response = await batch('lithium_projects', {
      creates: [
        {
          clientKey: 'n',
          values: {
            project: `${P} Number`,
            owner: 'O',
            deposit_type: 'brine',
            stage: 'pfs',
            country: 'Chile',
            capacity_tpa_lce: 5,
          },
        },
      ],
    });
    expect(rowErrors(response.body)[0]?.fields).toEqual({
      capacity_tpa_lce:
        'Must be a number written as text, e.g. "1250.50" (decimals travel as text, so no digit is lost)',
    });
  });
});
