import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse, ColumnFilter, ListResponse, SortSpec } from '../../src/lib/entity-api';
import {
  matcherOf,
  type FindReplaceRequest,
  type FindReplaceResponse,
  type FindOptions,
} from '../../src/lib/find-replace';
import { copyText } from '../../src/schemas/copy-text';
import { getEntitySchema } from '../../src/schemas/registry';
import { fieldByName, type EntityRow } from '../../src/schemas/schema-types';
import { queryRows } from '../../src/server/entities/entity-sql';
import { findReplace } from '../../src/server/entities/find-replace/find-replace';
import { liveEventHelpers } from '../support/live-events';
import { listeningSuite } from '../support/test-app';

/**
 * #33, find and replace over a whole view on the server (POST /api/entities/:entity/find-replace): the view read
 * in pages of P rows must give every matching cell once and in the view's order, whatever the view's size
 * against the page and wherever a window starts and ends; apply writes what its preview planned, or nothing.
 */
const { suite: s, base } = listeningSuite();
const P = 4;
const clients = getEntitySchema('clients');
const ENGINEER = { sub: 'engineer', username: 'engineer' };
const FIELDS = ['name', 'short_name', 'city', 'sector'];
const SORT: SortSpec[] = [
  { field: 'city', direction: 'asc' },
  { field: 'name', direction: 'desc' },
];
const FIND: FindOptions = { matchCase: false, wholeCell: false, regex: false };

const prefixOf = (n: number) => `Sweep${String(n).padStart(2, '0')} `;
const viewOf = (n: number): ColumnFilter[] => [{ field: 'name', op: 'startsWith', value: prefixOf(n) }];

/** n clients: "lima" in some cities and short names, the sector "Minerals processing" on every third. */
async function createSweep(n: number): Promise<void> {
  if (n === 0) return;
  const creates = Array.from({ length: n }, (_, i) => ({
    clientKey: String(i),
    values: {
      name: `${prefixOf(n)}${String(i).padStart(3, '0')}`,
      city: i % 2 === 0 ? 'Lima' : 'Cusco',
      short_name: i % 3 === 0 ? `LIMA-${i}` : `S${i}`,
      sector: i % 3 === 1 ? 'minerals_processing' : 'mining',
    },
  }));
  const response = await s.post('/entities/clients/batch', { creates });
  expect(response.statusCode, response.body).toBe(200);
}

/** The view as the list route answers it: the oracle the scan is held to. */
async function listed(filters: ColumnFilter[], sort: SortSpec[] = SORT): Promise<EntityRow[]> {
  const query = `filters=${encodeURIComponent(JSON.stringify(filters))}&sort=${sort.map((o) => `${o.field}:${o.direction}`).join(',')}&limit=10000`;
  const response = await s.get(`/entities/clients?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ListResponse).rows;
}

/** The matching cells of `rows` (row by row, fields in order), as the grid would find them. */
function cellsMatching(rows: readonly EntityRow[], find: string, fields = FIELDS) {
  const matcher = matcherOf(find, FIND);
  if (!matcher.ok) throw new Error(matcher.error);
  return rows.flatMap((row) =>
    fields.flatMap((name) => {
      const value = row[name];
      if (value === null || value === undefined || value === '') return [];
      const text = copyText(fieldByName(clients, name)!, value, () => undefined);
      return matcher.test(text) ? [{ id: row.id, field: name }] : [];
    }),
  );
}

const request = (n: number, more: Partial<FindReplaceRequest>): FindReplaceRequest => ({
  filters: viewOf(n),
  sort: SORT,
  fields: FIELDS,
  find: 'lima',
  ...FIND,
  mode: 'count',
  ...more,
});

const direct = (body: FindReplaceRequest) =>
  findReplace(s.t.database.db, clients, body, ENGINEER, { pageRows: P, writeChunkRows: 3 });

async function call(entity: string, body: unknown, token = s.engineer) {
  return s.post(`/entities/${entity}/find-replace`, body, token);
}

const SIZES = [0, 1, P - 1, P, P + 1, 2 * P, 2 * P + 1];

beforeAll(async () => {
  for (const n of SIZES) await createSweep(n);
});

describe('count and preview over a view read in pages of P rows', () => {
  it.each(SIZES)('count every matching cell once in a view of %i rows', async (n) => {
    const rows = await listed(viewOf(n));
    expect(rows).toHaveLength(n);
    const answer = await direct(request(n, { mode: 'count' }));
    expect(answer).toEqual({ mode: 'count', matches: cellsMatching(rows, 'lima').length, rows: n });
    // An enum matches by its label, not its stored value.
    const sectors = await direct(request(n, { mode: 'count', find: 'minerals pro' }));
    expect(sectors).toMatchObject({ matches: rows.filter((row) => row.sector === 'minerals_processing').length });
    expect(await direct(request(n, { mode: 'count', find: 'minerals_processing' }))).toMatchObject({ matches: 0 });
  });

  it.each(SIZES)('preview lists every change of a view of %i rows in view order', async (n) => {
    const rows = await listed(viewOf(n));
    const expected = cellsMatching(rows, 'lima');
    const answer = await direct(request(n, { mode: 'preview', replaceWith: 'Arequipa' }));
    if (answer.mode !== 'preview') throw new Error(answer.mode);
    expect(answer).toMatchObject({ matches: expected.length, skipped: 0, changes: expected.length, unreadable: 0 });
    expect(answer.listed.map((c) => ({ id: Number(c.rowKey), field: c.field }))).toEqual(expected);
    expect(answer.listed.every((c) => /^Arequipa/.test(c.after) && c.value === c.after)).toBe(true);
    expect(answer.planDigest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('counts a window that starts and ends on each side of a page boundary', async () => {
    const n = 2 * P + 1;
    const rows = await listed(viewOf(n));
    const checked: string[] = [];
    for (const offset of [0, P - 1, P, P + 1])
      for (const end of [P - 1, P, P + 1, 2 * P - 1, 2 * P, 2 * P + 1]) {
        if (end <= offset) continue;
        const window = rows.slice(offset, end);
        const answer = await direct(request(n, { mode: 'count', offset, limit: end - offset }));
        expect(answer, `rows ${offset}..${end - 1}`).toEqual({
          mode: 'count',
          matches: cellsMatching(window, 'lima').length,
          rows: window.length,
        });
        const preview = await direct(request(n, { mode: 'preview', offset, limit: end - offset, replaceWith: 'x' }));
        if (preview.mode !== 'preview') throw new Error(preview.mode);
        expect(preview.listed.map((c) => ({ id: Number(c.rowKey), field: c.field }))).toEqual(
          cellsMatching(window, 'lima'),
        );
        checked.push(`${offset}..${end}`);
      }
    expect(checked).toHaveLength(18);
    // A window past the view's end reads what is there.
    expect(await direct(request(n, { mode: 'count', offset: 2 * P, limit: 50 }))).toMatchObject({ rows: 1 });
  });
});

describe('next', () => {
  it('walks the matches in view order, across pages, and wraps round to the first', async () => {
    const n = 2 * P + 1;
    const rows = await listed(viewOf(n));
    const expected = cellsMatching(rows, 'lima').map(({ id, field }) => ({
      index: rows.findIndex((row) => row.id === id),
      id,
      field,
    }));
    expect(expected.length).toBeGreaterThan(P);
    const walked: { index: number; id: number; field: string }[] = [];
    let from: FindReplaceRequest['from'];
    for (let step = 0; step <= expected.length; step += 1) {
      const answer = await direct(request(n, { mode: 'next', from }));
      if (answer.mode !== 'next' || !answer.found) throw new Error('no match found');
      const { index, id, field, label } = answer.found;
      expect(label).toBe(rows[index]!.name);
      walked.push({ index, id, field });
      from = { index, field };
    }
    expect(walked).toEqual([...expected, expected[0]]);
  });

  it('starts after the cell given, inside a window, and answers null when nothing matches', async () => {
    const n = 2 * P + 1;
    const rows = await listed(viewOf(n));
    const window = { offset: P - 1, limit: P + 2 };
    const inWindow = cellsMatching(rows.slice(P - 1, 2 * P + 1), 'lima');
    const first = await direct(request(n, { mode: 'next', ...window, from: { index: 0, field: null } }));
    expect(first).toMatchObject({ found: { id: inWindow[0]!.id, field: inWindow[0]!.field } });
    // The last match of the window wraps round to the window's first, not the view's.
    const last = inWindow[inWindow.length - 1]!;
    const lastIndex = rows.findIndex((row) => row.id === last.id);
    const wrapped = await direct(
      request(n, { mode: 'next', ...window, from: { index: lastIndex, field: last.field } }),
    );
    expect(wrapped).toMatchObject({ found: { id: inWindow[0]!.id, field: inWindow[0]!.field } });
    // A lone match is found again from itself.
    const lone = await direct(request(n, { mode: 'next', find: `${prefixOf(n)}003`, from: { index: 0, field: null } }));
    if (lone.mode !== 'next' || !lone.found) throw new Error('no match found');
    const again = await direct(request(n, { mode: 'next', find: `${prefixOf(n)}003`, from: lone.found }));
    expect(again).toEqual(lone);
    expect(await direct(request(n, { mode: 'next', find: 'nowhere' }))).toEqual({ mode: 'next', found: null });
    expect(await direct(request(0, { mode: 'next' }))).toEqual({ mode: 'next', found: null });
  });
});

describe('apply', () => {
  let project: number;
  let other: number;
  const areas: Record<string, number> = {};

  beforeAll(async () => {
    const projects = await s.post('/entities/projects/batch', {
      creates: [
        { clientKey: 'x', values: { name: 'Find X' } },
        { clientKey: 'y', values: { name: 'Find Y' } },
      ],
    });
    expect(projects.statusCode, projects.body).toBe(200);
    [project, other] = (projects.json() as BatchResponse).created.map((row) => row.id) as [number, number];
    const created = await s.post('/entities/areas/batch', {
      creates: [
        { clientKey: 'x1', values: { project_id: project, areacode: 'A1', description: 'one' } },
        { clientKey: 'x2', values: { project_id: project, areacode: 'A2', description: 'two' } },
        { clientKey: 'y2', values: { project_id: other, areacode: 'A2', description: 'other two' } },
        { clientKey: 'y3', values: { project_id: other, areacode: 'A3', description: 'other three' } },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    for (const row of (created.json() as BatchResponse).created) areas[row.clientKey] = row.id;
  });

  async function drawings(prefix: string, count: number): Promise<EntityRow[]> {
    const response = await s.post('/entities/pids/batch', {
      creates: Array.from({ length: count }, (_, i) => ({
        clientKey: String(i),
        values: {
          project_id: project,
          drawing_number: `${prefix}-${String(i).padStart(2, '0')}`,
          title: `Title ${i % 2 === 0 ? 'one' : 'two'}`,
          projarea_id: i % 2 === 0 ? areas.x1 : areas.x2,
        },
      })),
    });
    expect(response.statusCode, response.body).toBe(200);
    return rowsOf(prefix);
  }

  async function rowsOf(prefix: string): Promise<EntityRow[]> {
    const filters = [
      { field: 'project_id', op: 'equals', value: project },
      { field: 'drawing_number', op: 'startsWith', value: prefix },
    ];
    const response = await s.get(`/entities/pids?filters=${encodeURIComponent(JSON.stringify(filters))}&limit=1000`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ListResponse).rows;
  }

  const pidsRequest = (prefix: string, more: Partial<FindReplaceRequest>): FindReplaceRequest => ({
    filters: [
      { field: 'project_id', op: 'equals', value: project },
      { field: 'drawing_number', op: 'startsWith', value: prefix },
    ],
    sort: [{ field: 'drawing_number', direction: 'asc' }],
    fields: ['projarea_id', 'title'],
    find: 'A1',
    ...FIND,
    mode: 'preview',
    ...more,
  });

  async function preview(body: FindReplaceRequest) {
    const response = await call('pids', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Extract<FindReplaceResponse, { mode: 'preview' }>;
  }

  it('replaces a lookup by its label within the row’s project, bumps versions and writes audit rows', async () => {
    const before = await drawings('LK', 5);
    const planned = await preview(pidsRequest('LK', { replaceWith: 'A2' }));
    // A2 names one area in this project (the other project's A2 is not looked at).
    expect(planned).toMatchObject({ matches: 3, changes: 3, unreadable: 0, skipped: 0 });
    expect(planned.listed.map((c) => [c.rowLabel, c.fieldLabel, c.before, c.after, c.value])).toEqual([
      ['LK-00', 'Area', 'A1', 'A2', areas.x2],
      ['LK-02', 'Area', 'A1', 'A2', areas.x2],
      ['LK-04', 'Area', 'A1', 'A2', areas.x2],
    ]);
    const applied = await call('pids', {
      ...pidsRequest('LK', { replaceWith: 'A2' }),
      mode: 'apply',
      planDigest: planned.planDigest,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({ mode: 'apply', changed: 3, rows: 3, unreadable: 0 });
    const after = await rowsOf('LK');
    expect(after.map((row) => row.projarea_id)).toEqual(before.map(() => areas.x2));
    expect(after.map((row) => row.version)).toEqual(
      before.map((row, i) => (i % 2 === 0 ? row.version + 1 : row.version)),
    );
    const audit = await queryRows<{ record_id: string; field_name: string; username: string }>(
      s.t.database.db,
      sql`select record_id, field_name, username from audit_log where table_name = 'pids' and action = 'update'
            and record_id in (${sql.join(
              before.map((row) => sql`${String(row.id)}`),
              sql`, `,
            )}) order by record_id`,
    );
    expect(audit).toEqual(
      [before[0]!, before[2]!, before[4]!].map((row) => ({
        record_id: String(row.id),
        field_name: 'projarea_id',
        username: 'engineer',
      })),
    );
  });

  it('leaves cells whose new text its field cannot read as they are, and writes the rest', async () => {
    const before = await drawings('UR', 4);
    // "1" -> "3": A1 becomes A3, which this project has not (only the other project's), "Title one" is not touched.
    const body = pidsRequest('UR', { find: '1', replaceWith: '3' });
    const planned = await preview(body);
    expect(planned).toMatchObject({ matches: 2, changes: 2, unreadable: 2 });
    expect(planned.listed.map((c) => c.error)).toEqual(['No Area named "A3"', 'No Area named "A3"']);
    const titles = await preview(pidsRequest('UR', { find: 'one', replaceWith: '1' }));
    expect(titles).toMatchObject({ changes: 2, unreadable: 0 });
    const both = await preview(pidsRequest('UR', { find: '1|one', regex: true, replaceWith: 'A3' }));
    expect(both).toMatchObject({ matches: 4, changes: 4, unreadable: 2 });
    const applied = await call('pids', {
      ...pidsRequest('UR', { find: '1|one', regex: true, replaceWith: 'A3' }),
      mode: 'apply',
      planDigest: both.planDigest,
    });
    expect(applied.json()).toEqual({ mode: 'apply', changed: 2, rows: 2, unreadable: 2 });
    const after = await rowsOf('UR');
    expect(after.map((row) => [row.projarea_id, row.title])).toEqual(
      before.map((row, i) => (i % 2 === 0 ? [areas.x1, 'Title A3'] : [row.projarea_id, row.title])),
    );
  });

  it('counts a read-only field’s matches as skipped and never writes them', async () => {
    const rows = await drawings('RO', 2);
    expect(rows.every((row) => row.id_internal !== null)).toBe(true);
    const planned = await preview(
      pidsRequest('RO', { fields: ['id_internal'], find: '\\d', regex: true, replaceWith: '7' }),
    );
    expect(planned).toMatchObject({ matches: 2, skipped: 2, changes: 0, listed: [] });
  });

  it('refuses with 409 and writes nothing when a colleague saved a planned row after the preview', async () => {
    const before = await drawings('CF', 3);
    const body = pidsRequest('CF', { find: 'Title', replaceWith: 'Sheet' });
    const planned = await preview(body);
    expect(planned.changes).toBe(3);
    const colleague = await s.post(
      '/entities/pids/batch',
      {
        updates: [{ id: before[1]!.id, version: before[1]!.version, changes: { revision: 'B' } }],
      },
      s.admin,
    );
    expect(colleague.statusCode, colleague.body).toBe(200);
    const applied = await call('pids', { ...body, mode: 'apply', planDigest: planned.planDigest });
    expect(applied.statusCode, applied.body).toBe(409);
    expect(applied.json()).toMatchObject({ message: 'The list changed since the preview: preview the replace again.' });
    const after = await rowsOf('CF');
    expect(after.map((row) => row.title)).toEqual(before.map((row) => row.title));
    // Previewed again, it applies.
    const again = await preview(body);
    const retried = await call('pids', { ...body, mode: 'apply', planDigest: again.planDigest });
    expect(retried.json()).toEqual({ mode: 'apply', changed: 3, rows: 3, unreadable: 0 });
  });

  it("applies when the rows saved since the preview are ones it does not change (the grid's own save, made first)", async () => {
    const before = await drawings('CG', 3);
    const body = pidsRequest('CG', { find: 'one', replaceWith: 'uno' });
    const planned = await preview(body);
    expect(planned.changes).toBe(2); // rows 0 and 2: "Title one"
    const own = await s.post(
      '/entities/pids/batch',
      { updates: [{ id: before[1]!.id, version: before[1]!.version, changes: { revision: 'B' } }] },
      s.admin,
    );
    expect(own.statusCode, own.body).toBe(200);
    const applied = await call('pids', { ...body, mode: 'apply', planDigest: planned.planDigest });
    expect(applied.json()).toEqual({ mode: 'apply', changed: 2, rows: 2, unreadable: 0 });
    const after = await rowsOf('CG');
    expect(after.map((row) => [row.title, row.revision])).toEqual([
      ['Title uno', before[0]!.revision],
      ['Title two', 'B'],
      ['Title uno', before[2]!.revision],
    ]);
  });

  it('writes in chunks inside one transaction: a refused row in a late chunk writes nothing', async () => {
    const n = 2 * P + 1;
    const rows = await listed(viewOf(n));
    // "Lima" -> a name another client holds: the unique name refuses that row, in the last chunk of 3.
    const taken = rows[rows.length - 1]!.name as string;
    const wide = request(n, {
      fields: ['city', 'name'],
      find: `^(Lima|${rows[rows.length - 2]!.name as string})$`,
      regex: true,
      mode: 'preview',
      replaceWith: taken,
    });
    const widePlan = await direct(wide);
    if (widePlan.mode !== 'preview') throw new Error(widePlan.mode);
    await expect(direct({ ...wide, mode: 'apply', planDigest: widePlan.planDigest })).rejects.toMatchObject({
      code: 'validation_failed',
    });
    expect(await listed(viewOf(n))).toEqual(rows);
  });

  it('sends the written rows to the open grids of the project (live events)', async () => {
    const { opened, changeOf } = liveEventHelpers({ suite: s, base });
    const rows = await drawings('LV', 2);
    const stream = await opened(project);
    const body = pidsRequest('LV', { find: 'Title', replaceWith: 'Name' });
    const planned = await preview(body);
    const applied = await call('pids', { ...body, mode: 'apply', planDigest: planned.planDigest });
    expect(applied.statusCode, applied.body).toBe(200);
    const event = await stream.next(changeOf('pids', rows[0]!.id), 2_000);
    expect(event.data).toMatchObject({
      list: 'pids',
      by: 'engineer',
      kind: 'update',
      rows: expect.arrayContaining(rows.map((row) => ({ id: row.id, version: row.version + 1 }))),
    });
    stream.close();
  });
});

describe('who may and what is refused', () => {
  it('lets a viewer count and preview, not apply (403)', async () => {
    const body = request(2 * P + 1, { mode: 'preview', replaceWith: 'x' });
    const previewed = await call('clients', body, s.viewer);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const { planDigest } = previewed.json() as { planDigest: string };
    const applied = await call('clients', { ...body, mode: 'apply', planDigest }, s.viewer);
    expect(applied.statusCode).toBe(403);
    expect((await listed(viewOf(2 * P + 1))).some((row) => row.city === 'x')).toBe(false);
  });

  it.each([
    [{ find: '' }, 'Type what to find'],
    [{ find: '(', regex: true }, 'Not a regular expression: '],
    [{ fields: ['name', 'nickname'] }, "Clients have no field 'nickname' to search."],
    [{ mode: 'preview' }, 'A preview needs replaceWith'],
    [{ mode: 'apply', replaceWith: 'x' }, 'An apply needs the planDigest'],
    [{ find: 'x'.repeat(501) }, 'Find at most 500 characters (this one has 501)'],
    [{ filters: [{ field: 'nickname', op: 'equals', value: 'x' }] }, "Cannot filter on 'nickname'"],
    [{ mode: 'replace' }, 'Invalid body: mode'],
  ])('answers 400 with a message for %j', async (more, message) => {
    const response = await call('clients', { ...request(1, {}), ...more });
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { message: string }).message).toContain(message);
  });

  it('stops a regular expression that backtracks without end, answers 400, and goes on answering', async () => {
    const long = `Backtrack ${'a'.repeat(34)}!`;
    const created = await s.post('/entities/clients/batch', { creates: [{ clientKey: 'b', values: { name: long } }] });
    expect(created.statusCode, created.body).toBe(200);
    const view: ColumnFilter[] = [{ field: 'name', op: 'startsWith', value: 'Backtrack ' }];
    const evil = { ...request(1, {}), filters: view, find: '(a+)+$', regex: true };
    for (const mode of ['count', 'next', 'preview'] as const) {
      const started = performance.now();
      const refused = findReplace(s.t.database.db, clients, { ...evil, mode, replaceWith: 'b' }, ENGINEER, {
        matchMs: 300,
      });
      await expect(refused, mode).rejects.toThrow(/Searching took too long \(over 0.3 s for one page of the list\)/);
      // Stopped at its deadline, not after the ~2^34 steps the pattern would take.
      expect(performance.now() - started, mode).toBeLessThan(5_000);
    }
    // The same search with a sane pattern, right after, finds the row.
    const sane = await findReplace(s.t.database.db, clients, { ...evil, find: 'a+!$' }, ENGINEER, { matchMs: 300 });
    expect(sane).toMatchObject({ mode: 'count', matches: 1, rows: 1 });
  });

  it('answers 404 for a list that does not exist', async () => {
    expect((await call('nothing', request(1, {}))).statusCode).toBe(404);
  });
});
