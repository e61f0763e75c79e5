import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EventStreams, MAX_UNSENT_BYTES, type EventStream } from '../../src/server/modules/live-events/event-stream';
import { sseBatch } from '../../src/server/modules/live-events/sse-format';
import { openSse } from '../support/sse-client';

/** The live-event stream's plumbing (#33): the text it writes, its heartbeat, and what ends it. */
let server: http.Server | undefined;
afterEach(async () => {
  const open = server;
  server = undefined;
  if (!open) return;
  open.closeAllConnections();
  await new Promise((resolve) => open.close(resolve));
});

async function serve(
  streams: EventStreams,
  expiresInMs = 60_000,
): Promise<{ url: string; opened: Promise<EventStream>; closed: Promise<void> }> {
  let open: (stream: EventStream) => void = () => undefined;
  let close: () => void = () => undefined;
  const opened = new Promise<EventStream>((resolve) => (open = resolve));
  const closed = new Promise<void>((resolve) => (close = resolve));
  server = http.createServer((_req, res) => open(streams.start(res, Date.now() + expiresInMs, close)));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`, opened, closed };
}

describe('live-event streams', () => {
  it('writes a batch as events, the id on the last one only', () => {
    const text = sseBatch({
      lastId: 42,
      events: [
        { type: 'change', list: 'areas', by: 'Ann', kind: 'update', rows: [{ id: 1, version: 2 }] },
        { type: 'reload', reason: 'many-rows', list: 'cabling', by: 'Ann', kind: 'import', count: 9000 },
      ],
    });
    expect(text).toBe(
      'event: change\ndata: {"list":"areas","by":"Ann","kind":"update","rows":[{"id":1,"version":2}]}\n\n' +
        'id: 42\nevent: reload\ndata: {"reason":"many-rows","list":"cabling","by":"Ann","kind":"import","count":9000}\n\n',
    );
  });

  it('sends a heartbeat comment while quiet, and ends every stream at a stop with the reason', async () => {
    const streams = new EventStreams(50);
    const { url, closed } = await serve(streams);
    const client = await openSse(url);
    expect(client.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 180));
    expect(client.comments).toBeGreaterThanOrEqual(2);
    streams.stop();
    await closed;
    await client.ended;
    expect(client.events).toEqual([expect.objectContaining({ event: 'end', data: { reason: 'stopping' } })]);
    expect(streams.size).toBe(0);
  });

  it('ends a stream at its expiry', async () => {
    const streams = new EventStreams();
    const { url, closed } = await serve(streams, 100);
    const client = await openSse(url);
    await closed;
    await client.ended;
    expect(client.events.at(-1)).toMatchObject({ event: 'end', data: { reason: 'expired' } });
    streams.stop();
  });

  it('closes a stream whose reader does not keep up, rather than buffer for it', async () => {
    const streams = new EventStreams();
    const { url, opened, closed } = await serve(streams);
    const request = http.get(url, (response) => response.pause()); // reads nothing
    const stream = await opened;
    const chunk = `data: ${'x'.repeat(64 * 1024)}\n\n`;
    let written = 0;
    while (!stream.closed && written < 200 * 1024 * 1024) {
      stream.write(chunk);
      written += chunk.length;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await closed;
    expect(stream.closed).toBe(true);
    expect(written).toBeGreaterThan(MAX_UNSENT_BYTES);
    request.destroy();
    streams.stop();
  });
});
