import { describe, expect, it } from 'vitest';
import type { EntityRow } from '../../src/schemas/schema-types';
import { signedInSuite } from '../support/test-app';

/**
 * Quotes V1, the older records (field guide §9; spec GET /quote1/{id}, /quotes1, /fullquotes1, POST /quotes1,
 * DELETE /deletequote1/{id}): everyone reads them (list, one, all fields for export); only admins change or
 * delete them. The ten demo records are seeded.
 */
const suite = signedInSuite();
const { get, post } = suite;
const del = (url: string, token = suite.admin) => suite.t.call({ method: 'DELETE', url: `/api${url}`, token });

describe('quotes V1', () => {
  it('lists the demo records newest first (GET /quotes1), with every field for export (GET /fullquotes1)', async () => {
    const list = await get('/quotes1');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json() as Record<string, unknown>[];
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      quote_number: 'Q1-2023-009',
      supplier_name: 'ABB',
      quote_date: '2023-03-09',
      currency_code: 'CHF',
      total: '9650000.00',
      project_name: 'Cerro Azul prefeasibility',
    });
    expect(rows.map((row) => row.quote_date)).toEqual(
      [...rows.map((row) => row.quote_date as string)].sort().reverse(),
    );

    const full = await get('/fullquotes1');
    expect(full.statusCode).toBe(200);
    expect(full.headers['x-total-count']).toBe('10');
    const outotec = (full.json() as EntityRow[]).find((row) => row.quote_number === 'Q1-2022-026');
    expect(outotec).toMatchObject({
      supplier_name: 'Outotec (Finland)',
      description: 'High-rate thickener 18 m, mechanism and drive',
      notes: 'Supplier since renamed Metso Outotec.',
      version: 1,
    });
  });

  it('reads one by id (GET /quote1/:id): 404 for none, 400 for a malformed id', async () => {
    const [first] = (await get('/quotes1')).json() as { id: number }[];
    const one = await get(`/quote1/${first!.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: first!.id,
      quote_number: 'Q1-2023-009',
      notes: 'Superseded by the V2 quotes of the feasibility study.',
    });
    expect((await get('/quote1/999999')).statusCode).toBe(404);
    expect((await get('/quote1/abc')).statusCode).toBe(400);
  });

  it('is read-only to engineers and viewers; admins create, update and delete (POST /quotes1, DELETE /deletequote1/:id)', async () => {
    const record = {
      quote_number: 'Q1-2020-001',
      supplier_name: 'Warman',
      quote_date: '2020-11-02',
      currency_code: 'USD',
      total: '98000.00',
      description: 'Spare impellers',
    };
    expect((await post('/quotes1', record)).statusCode).toBe(403); // engineer
    expect((await post('/quotes1', record, suite.viewer)).statusCode).toBe(403);

    const created = await post('/quotes1', record, suite.admin);
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json() as EntityRow;
    expect(row).toMatchObject({ ...record, project_name: null });
    expect((await post('/quotes1', { ...record, supplier_name: 'Other' }, suite.admin)).statusCode).toBe(422); // the number is taken
    expect(
      (await post('/quotes1', { ...record, quote_number: 'Q1-X', currency_code: 'usd' }, suite.admin)).statusCode,
    ).toBe(422);

    const updated = await post('/quotes1', { id: row.id, version: row.version, total: '99000.50' }, suite.admin);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ total: '99000.50', version: 2 });
    expect((await post('/quotes1', { id: row.id, version: 1, total: '1.00' }, suite.admin)).statusCode).toBe(409);

    expect((await del(`/deletequote1/${row.id}`, suite.engineer)).statusCode).toBe(403);
    const gone = await del(`/deletequote1/${row.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ deleted: row.id });
    expect((await del(`/deletequote1/${row.id}`)).statusCode).toBe(404);
    expect((await get(`/quote1/${row.id}`)).statusCode).toBe(404);
  });

  it('documents its routes: a summary, one success answer, 403 on writes', async () => {
    const doc = (await suite.t.app.inject({ url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
    };
    for (const [path, method] of [
      ['/api/quotes1', 'get'],
      ['/api/fullquotes1', 'get'],
      ['/api/quote1/{id}', 'get'],
      ['/api/quotes1', 'post'],
      ['/api/deletequote1/{id}', 'delete'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, path).toBeTruthy();
      expect(
        Object.keys(op!.responses).filter((status) => /^2\d\d$/.test(status)),
        path,
      ).toHaveLength(1);
      expect(Object.keys(op!.responses), path).toContain('401');
      if (method !== 'get') expect(Object.keys(op!.responses), path).toContain('403');
    }
  });
});
