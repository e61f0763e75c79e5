import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse } from '../../src/lib/entity-api';
import type { EntityRow } from '../../src/schemas/schema-types';
import { createdAuditRow, insertAuditRows } from '../../src/server/audit/audit-writer';
import { listeningSuite } from '../support/test-app';
import { liveEventHelpers, twoProjects } from '../support/live-events';
import type { SseStream } from '../support/sse-client';

/**
 * #33 items 1 and 3, the server side: each project's committed changes as server-sent events, on a real
 * socket (app.inject waits for the end of an answer a stream never gives).
 */
const { suite, base } = listeningSuite();
const P = 'Live';
let a: number;
let b: number;

const { open, opened, createAreas, openedDocument, changeOf } = liveEventHelpers({ suite, base });

beforeAll(async () => {
  [a, b] = await twoProjects(suite, P);
});

describe('GET /api/projects/:id/events', () => {
  it('needs a bearer token, and a project that exists', async () => {
    expect((await open(a, '')).status).toBe(401);
    expect((await open(a, 'not-a-token')).status).toBe(401);
    expect((await open(999_999)).status).toBe(404);
  });

  it('starts with ready, then sends a committed save with its rows, versions, author and kind within 1 s', async () => {
    const stream = await opened(a);
    const ready = stream.events.find((e) => e.event === 'ready')!;
    expect(ready.id).toMatch(/^\d+$/);
    expect(ready.data).toMatchObject({ document: 'projects', id: a });

    const saveStarted = Date.now();
    const [area] = await createAreas(a, ['310']);
    const created = await stream.next(changeOf('areas', area!.id), 1_000);
    expect(created.at - saveStarted).toBeLessThan(1_000);
    expect(created.data).toEqual({
      list: 'areas',
      by: 'engineer',
      kind: 'insert',
      rows: [{ id: area!.id, version: 1 }],
    });
    expect(Number(created.id)).toBeGreaterThan(Number(ready.id));
    // What the client does next: re-read the rows an event names, in one request (the list's `id in` filter).
    const ids = (created.data as { rows: { id: number }[] }).rows.map((row) => row.id);
    const filters = encodeURIComponent(JSON.stringify([{ field: 'id', op: 'in', value: ids }]));
    const reread = await suite.get(`/entities/areas?filters=${filters}&limit=${ids.length}`);
    expect((reread.json() as { rows: EntityRow[] }).rows).toEqual([
      expect.objectContaining({ id: area!.id, version: 1 }),
    ]);

    const update = await suite.post('/entities/areas/batch', {
      updates: [{ id: area!.id, version: 1, changes: { description: 'Flotation' } }],
    });
    expect(update.statusCode, update.body).toBe(200);
    const updated = await stream.next((e) => e.event === 'change' && (e.data as { kind: string }).kind === 'update');
    expect(updated.data).toMatchObject({ list: 'areas', rows: [{ id: area!.id, version: 2 }] });

    const removal = await suite.post('/entities/areas/batch', { deletes: [{ id: area!.id, version: 2 }] });
    expect(removal.statusCode, removal.body).toBe(200);
    const deleted = await stream.next((e) => e.event === 'change' && (e.data as { kind: string }).kind === 'delete');
    expect(deleted.data).toMatchObject({ list: 'areas', rows: [{ id: area!.id, deleted: true }] });
    stream.close();
  });

  it('publishes nothing of a rolled-back write, and nothing of another project', async () => {
    const streamA = await opened(a);
    const streamB = await opened(b);
    await suite.t.database.db
      .transaction(async (tx) => {
        await insertAuditRows(tx, [createdAuditRow('areas', 987_654, { sub: 'x', username: 'rolled back' }, a)]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const [area] = await createAreas(a, ['320']);
    await streamA.next(changeOf('areas', area!.id));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const changes = (stream: SseStream) => stream.events.filter((e) => e.event !== 'ready' && e.event !== 'presence');
    expect(changes(streamA).map((e) => (e.data as { by: string }).by)).toEqual(['engineer']);
    expect(changes(streamB)).toEqual([]);
    streamA.close();
    streamB.close();
  });

  it('replays what a dropped stream missed after Last-Event-ID, then goes on live', async () => {
    const first = await opened(a);
    const lastSeen = first.events.filter((e) => e.id !== undefined).at(-1)!.id!;
    first.close();
    const missed = await createAreas(a, ['330', '331']);

    const again = await opened(a, suite.viewer, lastSeen);
    const replay = again.events.filter((e) => e.event === 'change');
    // Delivery is at least once: the missed rows' live notice may also reach the new stream (on a busy machine,
    // after its replay); the client re-reads a row it already has at that version, no harm.
    const replayed = replay.flatMap((e) => (e.data as { rows: { id: number }[] }).rows.map((row) => row.id));
    expect([...new Set(replayed)]).toEqual(missed.map((row) => row.id));
    expect(Number(replay.at(-1)!.id)).toBeGreaterThan(Number(lastSeen));
    const [later] = await createAreas(a, ['332']);
    await again.next(changeOf('areas', later!.id));
    again.close();

    expect((await open(a, suite.viewer, 'yesterday')).status).toBe(400);
  });

  it('sends "reload the list" for a list with more rows changed at once than an event should name', async () => {
    const stream = await opened(a);
    await suite.t.database.db.execute(
      sql`insert into audit_log (table_name, record_id, action, user_sub, username, project_id, change_set)
          select 'cabling', g::text, 'insert', 'x', 'Importer', ${a}, 1 from generate_series(1, 5001) g`,
    );
    const reload = await stream.next((e) => e.event === 'reload', 2_000);
    expect(reload.data).toEqual({ reason: 'many-rows', list: 'cabling', by: 'Importer', kind: 'import', count: 5001 });
    expect(reload.id).toMatch(/^\d+$/);
    stream.close();
  });

  it('asks for a reload when a stream is too far behind to replay', async () => {
    await suite.t.database.db.execute(
      sql`insert into audit_log (table_name, record_id, action, user_sub, username, project_id)
          select 'areas', g::text, 'update', 'x', 'bulk', ${b} from generate_series(1, 5001) g`,
    );
    const stream = await opened(b, suite.viewer, '1');
    // Then who else is on the project (presence, live-presence.test.ts), which carries no id.
    expect(stream.events.map((e) => e.event)).toEqual(['reload', 'ready', 'presence']);
    expect(stream.events[0]!.data).toEqual({ reason: 'behind' });
    stream.close();
  });

  it('follows a quote, a package and an adjudication the same way: each stream only its own document', async () => {
    const listOf = async (entity: string, filters: object[] = []) =>
      (
        (
          await suite.get(`/entities/${entity}?limit=5&filters=${encodeURIComponent(JSON.stringify(filters))}`)
        ).json() as { rows: EntityRow[] }
      ).rows;
    const quotes = await listOf('quotes');
    const [q1, q2] = quotes as [EntityRow, EntityRow];
    const [line] = await listOf('quote_lines', [{ field: 'quote_id', op: 'equals', value: q1.id }]);
    const streamQ1 = await openedDocument('quotes', q1.id);
    const streamQ2 = await openedDocument('quotes', q2.id);
    const update = await suite.post('/entities/quote_lines/batch', {
      updates: [{ id: line!.id, version: line!.version, changes: { description: 'Live line' } }],
    });
    expect(update.statusCode, update.body).toBe(200);
    const event = await streamQ1.next(changeOf('quote_lines', line!.id), 1_000);
    expect(event.data).toEqual({
      list: 'quote_lines',
      by: 'engineer',
      kind: 'update',
      rows: [{ id: line!.id, version: line!.version + 1 }],
    });
    const header = await suite.post('/entities/quotes/batch', {
      updates: [{ id: q1.id, version: q1.version, changes: { notes: 'Live' } }],
    });
    expect(header.statusCode, header.body).toBe(200);
    await streamQ1.next(changeOf('quotes', q1.id), 1_000);
    // A line deleted is followed to its quote by the values its delete audit row kept.
    const made = await suite.post('/entities/quote_lines/batch', {
      creates: [{ clientKey: 'n', values: { quote_id: q1.id, line_no: 990, description: 'Live', quantity: '1' } }],
    });
    expect(made.statusCode, made.body).toBe(200);
    const [added] = (made.json() as BatchResponse).created;
    await streamQ1.next(changeOf('quote_lines', added!.id), 1_000);
    const removal = await suite.post('/entities/quote_lines/batch', { deletes: [{ id: added!.id, version: 1 }] });
    expect(removal.statusCode, removal.body).toBe(200);
    const deleted = await streamQ1.next((e) => e.event === 'change' && (e.data as { kind: string }).kind === 'delete');
    expect(deleted.data).toMatchObject({ list: 'quote_lines', rows: [{ id: added!.id, deleted: true }] });
    expect(streamQ2.events.filter((e) => e.event !== 'ready' && e.event !== 'presence')).toEqual([]);

    for (const root of ['packages', 'adjudications']) {
      const [row] = await listOf(root);
      const stream = await openedDocument(root, row!.id);
      const saved = await suite.post(`/entities/${root}/batch`, {
        updates: [{ id: row!.id, version: row!.version, changes: { notes: 'Live' } }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await stream.next(changeOf(root, row!.id), 1_000);
      stream.close();
    }
    streamQ1.close();
    streamQ2.close();
  });

  it('ends the stream when the token expires', async () => {
    const token = await suite.t.tokenFor('viewer', { exp: Math.floor(Date.now() / 1000) + 2 });
    const stream = await opened(a, token);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ event: 'end', data: { reason: 'expired' } });
  }, 5_000);

  it('ends every stream when a graceful stop begins, so the stop is not held up', async () => {
    const stream = await opened(a);
    const drained = await suite.t.app.connections.drain(5_000);
    await stream.ended;
    expect(stream.events.at(-1)).toMatchObject({ event: 'end', data: { reason: 'stopping' } });
    expect(drained.drainedMs).toBeLessThan(2_000);
    expect(drained.cut).toBe(0);
  });
});
