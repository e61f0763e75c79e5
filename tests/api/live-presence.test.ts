import { decodeJwt } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listeningSuite } from '../support/test-app';
import { liveEventHelpers, twoProjects } from '../support/live-events';
import type { ReadEvent, SseStream } from '../support/sse-client';

/**
 * #33 item 2: presence on the document's stream. Each stream's `ready` names its id; the client says where it
 * is (PUT …/presence), and every stream of the document is sent who is where; a closed stream is gone at once.
 */
const { suite, base } = listeningSuite();
const helpers = liveEventHelpers({ suite, base });
/** Every stream a test opens is closed after it, whatever it asserted (an open stream holds the app's close). */
const streams: SseStream[] = [];
const opened = async (...args: Parameters<typeof helpers.opened>) => {
  const stream = await helpers.opened(...args);
  streams.push(stream);
  return stream;
};
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
let a: number;
let b: number;

type Viewer = { stream: string; sub: string; name: string; list: string | null; row: number | null };
const viewersOf = (event: ReadEvent) => (event.data as { viewers: Viewer[] }).viewers;
const streamIdOf = (stream: SseStream) =>
  (stream.events.find((e) => e.event === 'ready')!.data as { stream: string }).stream;

function say(projectId: number, token: string, body: Record<string, unknown>) {
  const xsrf = suite.t.xsrfTokenFor(String(decodeJwt(token).sub));
  return fetch(`${base()}/api/projects/${projectId}/presence`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${token}`,
      'x-xsrf-token': xsrf,
      cookie: `XSRF-TOKEN=${xsrf}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

/** The first presence event after `from` whose viewers pass `match`. */
const presence = (stream: SseStream, match: (viewers: Viewer[]) => boolean, from = 0) =>
  stream.next((e) => e.event === 'presence' && match(viewersOf(e)), 2_000, from);

beforeAll(async () => {
  [a, b] = await twoProjects(suite, 'Presence');
});

describe('presence on a project stream', () => {
  it("tells everyone with the project open who is on which list and row, and that a closed tab's user is gone", async () => {
    const viewerStream = await opened(a, suite.viewer);
    const engineerStream = await opened(a, suite.engineer);
    const other = await opened(b, suite.viewer);
    const engineerId = streamIdOf(engineerStream);
    expect(engineerId).toMatch(/^[0-9a-f]{16}$/);
    // A stream opens with who is there now: nobody has said where they are yet.
    expect(viewersOf(engineerStream.events.find((e) => e.event === 'presence')!)).toEqual([]);

    const said = await say(a, suite.engineer, { stream: engineerId, list: 'instruments', row: 42 });
    expect(said.status).toBe(200);
    expect(await said.json()).toEqual({ stream: engineerId, list: 'instruments', row: 42 });
    const seen = await presence(viewerStream, (v) => v.some((x) => x.stream === engineerId && x.row === 42));
    const engineer = viewersOf(seen).find((x) => x.stream === engineerId)!;
    expect(engineer).toMatchObject({ list: 'instruments', row: 42, sub: String(decodeJwt(suite.engineer).sub) });
    expect(engineer.name.length).toBeGreaterThan(0);

    // A stream opened later is told at once.
    const late = await opened(a, suite.admin);
    expect(viewersOf(late.events.find((e) => e.event === 'presence')!)).toContainEqual(engineer);

    // Moving to another row; then the tab closes: gone from the others' lists within a moment, not 30 s.
    await say(a, suite.engineer, { stream: engineerId, list: 'instruments', row: 43 });
    await presence(viewerStream, (v) => v.some((x) => x.stream === engineerId && x.row === 43));
    const before = viewerStream.events.length;
    engineerStream.close();
    const gone = await presence(viewerStream, (v) => !v.some((x) => x.stream === engineerId), before);
    expect(gone.at).toBeGreaterThan(0);

    // Another project's stream heard none of it.
    expect(other.events.filter((e) => e.event === 'presence').every((e) => viewersOf(e).length === 0)).toBe(true);
    for (const s of [viewerStream, other, late]) s.close();
  });

  it('refuses a list that does not exist, a malformed stream id, and a project that does not exist', async () => {
    const stream = await opened(a, suite.viewer);
    const id = streamIdOf(stream);
    const noList = await say(a, suite.viewer, { stream: id, list: 'no_such_list', row: null });
    expect(noList.status).toBe(400);
    expect(((await noList.json()) as { message: string }).message).toBe('There is no list "no_such_list".');
    expect((await say(a, suite.viewer, { stream: 'x', list: null, row: null })).status).toBe(400);
    expect((await say(999_999, suite.viewer, { stream: id, list: null, row: null })).status).toBe(404);
    stream.close();
  });

  it("a user cannot move another user's entry: entries are kept per user", async () => {
    const engineerStream = await opened(a, suite.engineer);
    const watcher = await opened(a, suite.viewer);
    const engineerId = streamIdOf(engineerStream);
    await say(a, suite.engineer, { stream: engineerId, list: 'areas', row: 7 });
    await presence(watcher, (v) => v.some((x) => x.stream === engineerId && x.row === 7));
    // The viewer names the engineer's stream: it becomes the viewer's own entry, the engineer's stays on row 7.
    const from = watcher.events.length;
    await say(a, suite.viewer, { stream: engineerId, list: 'areas', row: 99 });
    const after = await presence(watcher, (v) => v.some((x) => x.row === 99), from);
    const engineerSub = String(decodeJwt(suite.engineer).sub);
    expect(viewersOf(after).find((x) => x.sub === engineerSub && x.stream === engineerId)?.row).toBe(7);
    engineerStream.close();
    watcher.close();
  });
});
