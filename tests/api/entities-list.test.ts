import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse, ColumnFilter, ListResponse } from '../../src/lib/entity-api';
import { createTestApp, roleTokens, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: string;
let engineer: string;
let viewer: string;
/** Every row this file creates has a name starting with this, so rows seeded by others never interfere. */
const P = 'Lq';
const ids: Record<string, number> = {};

async function save(entity: string, creates: Record<string, unknown>[], token = admin): Promise<BatchResponse> {
  const response = await t.call({
    method: 'POST',
    url: `/api/entities/${entity}/batch`,
    token,
    payload: { creates: creates.map((values, i) => ({ clientKey: `k${i}`, values })) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function list(
  entity: string,
  params: { filters?: ColumnFilter[]; sort?: string; offset?: number; limit?: number; q?: string; after?: number },
  ownRowsOnly = true,
): Promise<ListResponse> {
  const filters = [
    ...(ownRowsOnly ? [{ field: 'name', op: 'startsWith', value: P } as ColumnFilter] : []),
    ...(params.filters ?? []),
  ];
  const search = new URLSearchParams();
  if (filters.length > 0) search.set('filters', JSON.stringify(filters));
  if (params.sort) search.set('sort', params.sort);
  if (params.offset !== undefined) search.set('offset', String(params.offset));
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (params.q !== undefined) search.set('q', params.q);
  if (params.after !== undefined) search.set('after', String(params.after));
  const response = await t.call({ url: `/api/entities/${entity}?${search.toString()}`, token: viewer });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const names = (response: ListResponse) => response.rows.map((row) => row.name);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, engineer, viewer } = await roleTokens(t));
  const currencies = await save('currencies', [
    { code: 'QXA', name: 'Quux dollar' },
    { code: 'QXB', name: 'Zorkmid' },
  ]);
  ids.QXA = currencies.created[0]?.id ?? 0;
  ids.QXB = currencies.created[1]?.id ?? 0;
  await save(
    'suppliers',
    [
      {
        name: `${P} Alpha pumps`,
        vendor_code: 'A1',
        lead_time_weeks: 4,
        rating: 'preferred',
        currency_id: ids.QXA,
        country: 'Chile',
        scope: '100% stainless_steel',
      },
      {
        name: `${P} Beta valves`,
        vendor_code: 'B1',
        lead_time_weeks: 12,
        rating: 'approved',
        currency_id: ids.QXB,
        country: 'Peru',
      },
      {
        name: `${P} Gamma motors`,
        vendor_code: 'C1',
        lead_time_weeks: 12,
        rating: 'conditional',
        currency_id: ids.QXA,
        country: 'chile',
      },
      {
        name: `${P} Delta cables`,
        vendor_code: null,
        lead_time_weeks: null,
        rating: 'not_approved',
        currency_id: null,
        country: '',
      },
      {
        name: `${P} Epsilon gears`,
        vendor_code: 'E1',
        lead_time_weeks: 30,
        rating: 'approved',
        currency_id: ids.QXB,
        country: 'Australia',
        scope: '100 percent',
      },
    ],
    engineer,
  );
  await save('lithium_projects', [
    {
      project: `${P} Salar one`,
      owner: 'Owner A',
      deposit_type: 'brine',
      stage: 'production',
      country: 'Chile',
      capex_usd: '1500000.50',
      capex_currency_id: ids.QXA,
      latitude: '-23.5',
      start_year: 2020,
    },
    {
      project: `${P} Hard rock two`,
      owner: 'Owner B',
      deposit_type: 'hard_rock',
      stage: 'pfs',
      country: 'Australia',
      capex_usd: '250000.00',
      capex_currency_id: ids.QXB,
      start_year: 2027,
    },
    {
      project: `${P} Clay three`,
      owner: 'Owner C',
      deposit_type: 'clay',
      stage: 'exploration',
      country: 'USA',
      capex_usd: null,
      start_year: 2031,
    },
  ]);
});
afterAll(async () => t?.close());

describe('GET /api/entities/:entity (list)', () => {
  it('answers rows with wire values, total and paging', async () => {
    const page = await list('suppliers', { sort: 'name:asc' });
    expect(page.total).toBe(5);
    expect(page).toMatchObject({ offset: 0, limit: 100 });
    expect(names(page)).toEqual([
      `${P} Alpha pumps`,
      `${P} Beta valves`,
      `${P} Delta cables`,
      `${P} Epsilon gears`,
      `${P} Gamma motors`,
    ]);
    const alpha = page.rows[0];
    expect(alpha).toMatchObject({
      vendor_code: 'A1',
      lead_time_weeks: 4,
      rating: 'preferred',
      currency_id: ids.QXA,
      version: 1,
      created_by: 'engineer',
      updated_by: 'engineer',
    });
    expect(alpha?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const second = await list('suppliers', { sort: 'name:asc', offset: 2, limit: 2 });
    expect(second).toMatchObject({ total: 5, offset: 2, limit: 2 });
    expect(names(second)).toEqual([`${P} Delta cables`, `${P} Epsilon gears`]);
  });

  it('answers decimals as strings and dates as YYYY-MM-DD', async () => {
    const page = await list(
      'lithium_projects',
      { filters: [{ field: 'project', op: 'startsWith', value: P }], sort: 'project:asc' },
      false,
    );
    const salar = page.rows.find((row) => row.project === `${P} Salar one`);
    expect(salar).toMatchObject({ capex_usd: '1500000.50', latitude: '-23.500000', start_year: 2020 });
  });

  it('filters text: contains, equals and startsWith case-insensitively, with % and _ taken literally', async () => {
    expect(names(await list('suppliers', { filters: [{ field: 'name', op: 'contains', value: 'PUMPS' }] }))).toEqual([
      `${P} Alpha pumps`,
    ]);
    expect(
      names(
        await list('suppliers', { filters: [{ field: 'country', op: 'equals', value: 'CHILE' }], sort: 'name:asc' }),
      ),
    ).toEqual([`${P} Alpha pumps`, `${P} Gamma motors`]);
    expect(
      names(
        await list('suppliers', { filters: [{ field: 'country', op: 'notEquals', value: 'chile' }], sort: 'name:asc' }),
      ),
    ).toEqual([`${P} Beta valves`, `${P} Delta cables`, `${P} Epsilon gears`]);
    expect(names(await list('suppliers', { filters: [{ field: 'scope', op: 'contains', value: '100%' }] }))).toEqual([
      `${P} Alpha pumps`,
    ]);
    expect(
      names(await list('suppliers', { filters: [{ field: 'scope', op: 'contains', value: 'stainless_' }] })),
    ).toEqual([`${P} Alpha pumps`]);
    expect(
      (await list('suppliers', { filters: [{ field: 'scope', op: 'contains', value: 'stainless%steel' }] })).total,
    ).toBe(0);
    expect(
      names(
        await list('suppliers', {
          filters: [{ field: 'country', op: 'in', value: ['peru', 'AUSTRALIA'] }],
          sort: 'name:asc',
        }),
      ),
    ).toEqual([`${P} Beta valves`, `${P} Epsilon gears`]);
  });

  it('filters blank and notBlank (empty text counts as blank)', async () => {
    expect(names(await list('suppliers', { filters: [{ field: 'country', op: 'blank' }] }))).toEqual([
      `${P} Delta cables`,
    ]);
    expect((await list('suppliers', { filters: [{ field: 'country', op: 'notBlank' }] })).total).toBe(4);
    expect(names(await list('suppliers', { filters: [{ field: 'lead_time_weeks', op: 'blank' }] }))).toEqual([
      `${P} Delta cables`,
    ]);
    expect(names(await list('suppliers', { filters: [{ field: 'currency_id', op: 'blank' }] }))).toEqual([
      `${P} Delta cables`,
    ]);
  });

  it('filters numbers: equals, between, gte, lte', async () => {
    expect(
      names(
        await list('suppliers', { filters: [{ field: 'lead_time_weeks', op: 'equals', value: 12 }], sort: 'name:asc' }),
      ),
    ).toEqual([`${P} Beta valves`, `${P} Gamma motors`]);
    expect(
      names(
        await list('suppliers', {
          filters: [{ field: 'lead_time_weeks', op: 'between', value: 5, valueTo: 30 }],
          sort: 'name:asc',
        }),
      ),
    ).toEqual([`${P} Beta valves`, `${P} Epsilon gears`, `${P} Gamma motors`]);
    expect(names(await list('suppliers', { filters: [{ field: 'lead_time_weeks', op: 'gte', value: 30 }] }))).toEqual([
      `${P} Epsilon gears`,
    ]);
    expect(names(await list('suppliers', { filters: [{ field: 'lead_time_weeks', op: 'lte', value: 4 }] }))).toEqual([
      `${P} Alpha pumps`,
    ]);
  });

  it('filters money and decimals given as decimal strings, and dates', async () => {
    const own = { field: 'project', op: 'startsWith', value: P } as ColumnFilter;
    const projects = async (filter: ColumnFilter) =>
      (await list('lithium_projects', { filters: [own, filter], sort: 'project:asc' }, false)).rows.map(
        (row) => row.project,
      );
    expect(await projects({ field: 'capex_usd', op: 'gte', value: '1000000' })).toEqual([`${P} Salar one`]);
    expect(await projects({ field: 'capex_usd', op: 'between', value: '100000', valueTo: '250000.00' })).toEqual([
      `${P} Hard rock two`,
    ]);
    expect(await projects({ field: 'capex_usd', op: 'equals', value: '250000' })).toEqual([`${P} Hard rock two`]);
    expect(await projects({ field: 'capex_usd', op: 'blank' })).toEqual([`${P} Clay three`]);
    expect(await projects({ field: 'start_year', op: 'lte', value: 2027 })).toEqual([
      `${P} Hard rock two`,
      `${P} Salar one`,
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await projects({ field: 'created_at', op: 'gte', value: `${today}T00:00:00Z` })).toHaveLength(3);
  });

  it('filters dates on a date field', async () => {
    const rates = await save('currency_rates', [
      { currency_id: ids.QXA, rate_date: '2026-01-15', rate_to_usd: '0.5', source: `${P} rate` },
      { currency_id: ids.QXA, rate_date: '2026-03-01', rate_to_usd: '0.6', source: `${P} rate` },
      { currency_id: ids.QXB, rate_date: '2026-03-01', rate_to_usd: '1.25', source: `${P} rate` },
    ]);
    expect(rates.created[0]).toMatchObject({ rate_date: '2026-01-15', rate_to_usd: '0.50000000' });
    const own = { field: 'source', op: 'equals', value: `${P} rate` } as ColumnFilter;
    const between = await list(
      'currency_rates',
      { filters: [own, { field: 'rate_date', op: 'between', value: '2026-02-01', valueTo: '2026-03-01' }] },
      false,
    );
    expect(between.total).toBe(2);
    const exact = await list(
      'currency_rates',
      { filters: [own, { field: 'rate_date', op: 'equals', value: '2026-01-15' }] },
      false,
    );
    expect(exact.rows.map((row) => row.rate_to_usd)).toEqual(['0.50000000']);
    // The default sort of currency_rates is rate_date desc; ties are broken by id.
    const sorted = await list('currency_rates', { filters: [own] }, false);
    expect(sorted.rows.map((row) => row.rate_date)).toEqual(['2026-03-01', '2026-03-01', '2026-01-15']);
    expect(sorted.rows[0]!.id).toBeLessThan(sorted.rows[1]!.id);
  });

  it('filters enums and lookups with in, (Blanks) included, and booleans with equals', async () => {
    expect(
      names(
        await list('suppliers', {
          filters: [{ field: 'rating', op: 'in', value: ['preferred', 'conditional'] }],
          sort: 'name:asc',
        }),
      ),
    ).toEqual([`${P} Alpha pumps`, `${P} Gamma motors`]);
    expect(
      names(
        await list('suppliers', { filters: [{ field: 'currency_id', op: 'in', value: [ids.QXB] }], sort: 'name:asc' }),
      ),
    ).toEqual([`${P} Beta valves`, `${P} Epsilon gears`]);
    expect(
      names(
        await list('suppliers', {
          filters: [{ field: 'currency_id', op: 'equals', value: ids.QXA }],
          sort: 'name:asc',
        }),
      ),
    ).toEqual([`${P} Alpha pumps`, `${P} Gamma motors`]);
    // null in the list is the set filter's '(Blanks)': rows with no value (an empty text counts) match too.
    expect(
      names(
        await list('suppliers', {
          filters: [{ field: 'currency_id', op: 'in', value: [ids.QXB, null] }],
          sort: 'name:asc',
        }),
      ),
    ).toEqual([`${P} Beta valves`, `${P} Delta cables`, `${P} Epsilon gears`]);
    expect(names(await list('suppliers', { filters: [{ field: 'currency_id', op: 'in', value: [null] }] }))).toEqual([
      `${P} Delta cables`,
    ]);
    expect(
      names(
        await list('suppliers', { filters: [{ field: 'country', op: 'in', value: ['peru', null] }], sort: 'name:asc' }),
      ),
    ).toEqual([`${P} Beta valves`, `${P} Delta cables`]);
    const codes = async (value: boolean) =>
      (
        await list(
          'currencies',
          {
            filters: [
              { field: 'code', op: 'startsWith', value: 'QX' },
              { field: 'active', op: 'equals', value },
            ],
          },
          false,
        )
      ).rows.map((row) => row.code);
    expect(await codes(true)).toEqual(['QXA', 'QXB']);
    expect(await codes(false)).toEqual([]);
  });

  it('sorts on several columns, stably, enums in declared order and lookups by label', async () => {
    expect(names(await list('suppliers', { sort: 'lead_time_weeks:desc,name:desc' }))).toEqual([
      `${P} Epsilon gears`,
      `${P} Gamma motors`,
      `${P} Beta valves`,
      `${P} Alpha pumps`,
      `${P} Delta cables`, // blanks last both ways, as in Excel
    ]);
    expect(names(await list('suppliers', { sort: 'rating:asc' }))).toEqual([
      `${P} Alpha pumps`,
      `${P} Beta valves`,
      `${P} Epsilon gears`,
      `${P} Gamma motors`,
      `${P} Delta cables`,
    ]);
    // Currency codes QXA < QXB; rows with the same currency keep id order (the tie-breaker).
    expect(names(await list('suppliers', { sort: 'currency_id:asc' }))).toEqual([
      `${P} Alpha pumps`,
      `${P} Gamma motors`,
      `${P} Beta valves`,
      `${P} Epsilon gears`,
      `${P} Delta cables`,
    ]);
    const paged = [
      ...names(await list('suppliers', { sort: 'lead_time_weeks:asc', limit: 2 })),
      ...names(await list('suppliers', { sort: 'lead_time_weeks:asc', limit: 3, offset: 2 })),
    ];
    expect(new Set(paged).size).toBe(5);
  });

  it('leaves the total out (null) when asked with count=false: the same page, in the same order', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ field: 'name', op: 'startsWith', value: P }]));
    const ask = (count: string) =>
      t.call({
        url: `/api/entities/suppliers?filters=${filters}&sort=name:asc&offset=1&limit=3${count}`,
        token: viewer,
      });
    const counted = await ask('');
    const uncounted = await ask('&count=false');
    expect(uncounted.statusCode, uncounted.body).toBe(200);
    expect(uncounted.json()).toEqual({ ...counted.json(), total: null });
    expect(counted.json()).toMatchObject({ total: 5 });
    expect((await ask('&count=true')).json()).toEqual(counted.json());
    const refused = await ask('&count=no');
    expect(refused.statusCode).toBe(400);
  });

  it('pages after a row (keyset) in the same order as the whole list, blanks, enums and lookups included', async () => {
    for (const sort of ['lead_time_weeks:desc,name:desc', 'lead_time_weeks:asc', 'rating:asc', 'currency_id:desc']) {
      const whole = (await list('suppliers', { sort })).rows.map((row) => row.id as number);
      const paged: number[] = [];
      for (let after: number | undefined; paged.length < whole.length;) {
        // offset 0 on every page: only the anchor can move the page on.
        const page = await list('suppliers', { sort, limit: 2, offset: 0, after });
        expect(page.total).toBe(whole.length);
        if (page.rows.length === 0) break;
        paged.push(...page.rows.map((row) => row.id as number));
        after = paged[paged.length - 1];
      }
      expect(paged, sort).toEqual(whole);
    }
    // A row deleted since it was read: the page comes from its offset instead.
    const byName = (await list('suppliers', { sort: 'name:asc' })).rows.map((row) => row.id as number);
    const fromOffset = await list('suppliers', { sort: 'name:asc', limit: 2, offset: 3, after: 2_000_000_000 });
    expect(fromOffset.rows.map((row) => row.id)).toEqual(byName.slice(3, 5));
  });

  it('quick-searches text, enum labels and lookup labels', async () => {
    expect(names(await list('suppliers', { q: 'VALVES' }))).toEqual([`${P} Beta valves`]);
    expect(names(await list('suppliers', { q: 'not appr' }))).toEqual([`${P} Delta cables`]);
    expect(names(await list('suppliers', { q: 'qxb' }))).toEqual([`${P} Beta valves`, `${P} Epsilon gears`]);
    expect((await list('suppliers', { q: 'nothing-like-this' })).total).toBe(0);
  });

  it('refuses unknown fields, operators and malformed values with 400', async () => {
    const bad = async (filters: unknown, extra = '') =>
      t.call({
        url: `/api/entities/suppliers?filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`,
        token: viewer,
      });
    const unknownField = await bad([{ field: 'colour', op: 'equals', value: 'red' }]);
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({ error: 'bad_request', message: expect.stringContaining('colour') });
    expect((await bad([{ field: 'name', op: 'sounds_like', value: 'x' }])).statusCode).toBe(400);
    const wrongOp = await bad([{ field: 'lead_time_weeks', op: 'contains', value: '1' }]);
    expect(wrongOp.statusCode).toBe(400);
    expect(wrongOp.json().message).toContain('Typical lead time');
    expect((await bad([{ field: 'lead_time_weeks', op: 'gte', value: 'soon' }])).statusCode).toBe(400);
    expect((await bad([{ field: 'rating', op: 'in', value: ['gold'] }])).statusCode).toBe(400);
    expect((await t.call({ url: '/api/entities/suppliers?filters=not-json', token: viewer })).statusCode).toBe(400);
    expect((await t.call({ url: '/api/entities/suppliers?sort=colour:asc', token: viewer })).statusCode).toBe(400);
    expect((await t.call({ url: '/api/entities/suppliers?sort=name:sideways', token: viewer })).statusCode).toBe(400);
    expect((await t.call({ url: '/api/entities/suppliers?limit=10001', token: viewer })).statusCode).toBe(400);
  });

  it('answers 404 for an unknown entity and needs a token', async () => {
    const response = await t.call({ url: '/api/entities/spaceships', token: viewer });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('spaceships');
    expect((await t.call({ url: '/api/entities/suppliers' })).statusCode).toBe(401);
  });
});

describe('GET one row, options and the entity list', () => {
  it('answers one row by id, 404 when missing', async () => {
    const [alpha] = (await list('suppliers', { filters: [{ field: 'vendor_code', op: 'equals', value: 'A1' }] })).rows;
    const one = await t.call({ url: `/api/entities/suppliers/${alpha?.id}`, token: viewer });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(alpha);
    const missing = await t.call({ url: '/api/entities/suppliers/999999', token: viewer });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No Supplier with id 999999.');
    expect((await t.call({ url: '/api/entities/suppliers/abc', token: viewer })).statusCode).toBe(400);
  });

  it('answers lookup options by label', async () => {
    const response = await t.call({ url: '/api/entities/currencies/options?q=qx', token: viewer });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: ids.QXA, label: 'QXA' },
      { id: ids.QXB, label: 'QXB' },
    ]);
  });

  it("offers the spec's numbered request lists in their id order, not by name (spec §3)", async () => {
    const labels = async (entity: string) =>
      ((await t.call({ url: `/api/entities/${entity}/options`, token: viewer })).json() as { label: string }[]).map(
        (o) => o.label,
      );
    expect(await labels('request_types')).toEqual([
      'Bug Report',
      'Feature Request',
      'Enhancement',
      'Support Request',
      'Documentation',
      'UI/UX Issue',
      'Performance Issue',
      'Security Concern',
    ]);
    expect((await labels('request_modules')).slice(0, 3)).toEqual(['Dashboard', 'Projects', 'Quotes']);
    expect(await labels('request_statuses')).toEqual([
      'Open',
      'In Progress',
      'Under Review',
      'Testing',
      'Completed',
      'Closed',
      'Stalled',
      'Rejected',
    ]);
  });

  it('lists every entity with its row count', async () => {
    const response = await t.call({ url: '/api/entities', token: viewer });
    expect(response.statusCode).toBe(200);
    const suppliers = response.json().find((e: { name: string }) => e.name === 'suppliers');
    expect(suppliers).toMatchObject({ label: 'Supplier', labelPlural: 'Suppliers', referenceTable: false });
    expect(suppliers.rowCount).toBeGreaterThanOrEqual(5);
    expect(response.json().find((e: { name: string }) => e.name === 'currencies')).toMatchObject({
      referenceTable: true,
    });
  });
});
