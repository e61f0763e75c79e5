import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptQueue, trackConnections, type ConnectionTracker } from '../../src/server/http/connections';

// The server's connections on a bare Node server (tests/process/graceful-stop.test.ts covers the whole
// process): the graceful stop's drain, what it must not cut whatever the timing; stalled bodies; keep-alive.

const BIG = 32 * 1024 * 1024;
let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

async function start(
  handler: http.RequestListener,
  options: { bodyIdleMs?: number; keepAliveMs?: number } = {},
): Promise<{ tracker: ConnectionTracker; port: number }> {
  server = http.createServer(handler);
  const tracker = trackConnections(server, {
    bodyIdleMs: options.bodyIdleMs ?? 60_000,
    keepAliveMs: options.keepAliveMs,
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { tracker, port: (server.address() as net.AddressInfo).port };
}

/** A raw connection that counts what it receives; `paused` until resume() is called. */
async function connect(port: number, paused = false) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const chunks: Buffer[] = [];
  const closed = new Promise<{ error?: string }>((resolve) => {
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code }));
    socket.on('close', () => resolve({}));
  });
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  if (paused) socket.pause();
  return {
    socket,
    closed,
    text: () => Buffer.concat(chunks).toString('latin1'),
    bytes: () => chunks.reduce((sum, chunk) => sum + chunk.length, 0),
  };
}

/** Holds the event loop, as a PGlite statement does. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('drain (the graceful stop)', () => {
  it('lets an answer ended just before the stop, most of it still unsent, arrive whole', async () => {
    let ended!: () => void;
    const endedPromise = new Promise<void>((resolve) => (ended = resolve));
    const { tracker, port } = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': BIG });
      res.end(Buffer.alloc(BIG, 'x'));
      ended();
    });
    // The client does not read yet: the kernel's buffers fill and the rest of the answer waits in Node's,
    // res.end() having been called (Node's closeIdleConnections destroyed such a connection).
    const client = await connect(port, true);
    client.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await endedPromise;
    const drained = tracker.drain(5_000);
    await sleep(500); // the listener is closed by now
    client.socket.resume();
    expect((await drained).cut).toBe(0);
    await client.closed;
    const head = client.text().indexOf('\r\n\r\n') + 4;
    expect(client.text()).toMatch(/^HTTP\/1.1 200/);
    expect(client.bytes() - head).toBe(BIG);
  });

  it('cuts an answer that is still being read at the deadline, and resolves then', async () => {
    const { tracker, port } = await start((_req, res) => res.end(Buffer.alloc(BIG, 'x')));
    const client = await connect(port, true);
    client.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await sleep(200);
    const startedAt = performance.now();
    const drained = await tracker.drain(1_000);
    expect(drained.cut).toBe(1);
    expect(performance.now() - startedAt).toBeGreaterThan(900);
    expect(performance.now() - startedAt).toBeLessThan(2_000);
    client.socket.resume();
    await client.closed;
    expect(client.bytes()).toBeLessThan(BIG);
  });

  it('answers a request that arrives on a connection opened before the stop, rather than resetting it', async () => {
    const { tracker, port } = await start((_req, res) => res.end('answered'));
    const client = await connect(port);
    await sleep(50); // accepted, nothing sent yet
    const drained = tracker.drain(5_000);
    await sleep(300);
    client.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await drained;
    expect(await client.closed).toEqual({});
    expect(client.text()).toMatch(/^HTTP\/1.1 200[\s\S]*answered$/);
  });

  it('closes an idle keep-alive connection at once, and a silent new one after a short grace', async () => {
    const { tracker, port } = await start((_req, res) => res.end('ok'));
    const kept = await connect(port);
    kept.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await sleep(100);
    const silent = await connect(port);
    const startedAt = performance.now();
    const drained = tracker.drain(5_000);
    await kept.closed;
    expect(performance.now() - startedAt).toBeLessThan(500);
    await silent.closed;
    await drained;
    expect(performance.now() - startedAt).toBeLessThan(2_000);
  });

  it('accepts every connection queued before the stop and answers it, though the event loop takes its turns slowly', async () => {
    // Each request holds the loop 20 ms inside a chain of promise callbacks, as PGlite's statements do: the
    // loop takes its next turn (and libuv accepts its next connection, one per turn) only when the whole chain
    // is done. Closing the listener with connections still queued reset them.
    let chain = Promise.resolve();
    const { tracker, port } = await start((_req, res) => {
      chain = chain.then(() => {
        busy(20);
        res.end('answered');
      });
    });
    const clients = await Promise.all(Array.from({ length: 60 }, () => connect(port)));
    for (const client of clients) client.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const queue = acceptQueue(server as http.Server);
    busy(50); // the loop is busy when the stop begins: every connection is still queued
    if (queue) expect(queue()).toBeGreaterThan(50);
    const drained = await tracker.drain(10_000);
    expect(drained.cut).toBe(0);
    if (queue) expect(drained.acceptedDuringStop).toBeGreaterThan(50);
    const outcomes = await Promise.all(clients.map((client) => client.closed));
    expect(outcomes.filter((outcome) => outcome.error)).toEqual([]);
    expect(clients.filter((client) => !/^HTTP\/1.1 200[\s\S]*answered$/.test(client.text()))).toHaveLength(0);
  });
});

describe('acceptQueue', () => {
  it.runIf(process.platform === 'linux')('reads how many connections wait in the listen backlog', async () => {
    await start((_req, res) => res.end('ok'));
    const queue = acceptQueue(server as http.Server);
    expect(queue?.()).toBe(0);
    const { port } = server?.address() as net.AddressInfo;
    const clients = await Promise.all(Array.from({ length: 5 }, () => connect(port)));
    busy(50);
    // libuv accepted at most one of them in the turn that saw their connects complete.
    expect(queue?.()).toBeGreaterThanOrEqual(4);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(queue?.()).toBeLessThan(5);
    for (const client of clients) client.socket.destroy();
  });
});

describe('a stalled request body', () => {
  const upload = (port: number) =>
    connect(port).then((client) => {
      client.socket.write(
        'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"creates":[',
      );
      return client;
    });

  it('is answered 408 and its connection closed once nothing arrives for bodyIdleMs', async () => {
    const { port } = await start((req, res) => req.on('end', () => res.end('read')).resume(), { bodyIdleMs: 600 });
    const startedAt = performance.now();
    const client = await upload(port);
    expect(await client.closed).toEqual({});
    expect(performance.now() - startedAt).toBeGreaterThan(550);
    expect(performance.now() - startedAt).toBeLessThan(1_200);
    expect(client.text()).toMatch(/^HTTP\/1.1 408[\s\S]*connection: close[\s\S]*"error":"request_timeout"/i);
  });

  it('closes the connection as well when it was answered before its body came (a 401), once the body stalls', async () => {
    const { port } = await start((_req, res) => res.writeHead(401, { 'content-type': 'text/plain' }).end('sign in'), {
      bodyIdleMs: 600,
    });
    const startedAt = performance.now();
    const client = await upload(port);
    expect(await client.closed).toEqual({});
    expect(performance.now() - startedAt).toBeLessThan(1_200);
    expect(client.text()).toMatch(/^HTTP\/1.1 401[\s\S]*sign in/);
  });

  it('is not cut while it keeps arriving, however slowly', async () => {
    const { port } = await start((req, res) => req.on('end', () => res.end('read')).resume(), { bodyIdleMs: 600 });
    const client = await connect(port);
    client.socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 8\r\n\r\n');
    for (let i = 0; i < 8; i++) {
      await sleep(300);
      client.socket.write('x');
    }
    await sleep(100);
    expect(client.text()).toMatch(/^HTTP\/1.1 200[\s\S]*read$/);
    client.socket.destroy();
  });
});

describe('keep-alive', () => {
  it('advertises a timeout shorter than the one it keeps, so a request sent at the advertised time is answered', async () => {
    const { port } = await start((_req, res) => res.end('ok'), { keepAliveMs: 1_000 });
    const client = await connect(port);
    client.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await sleep(100);
    expect(client.text()).toMatch(/keep-alive: timeout=1\r\n/i);
    const answeredAt = performance.now();
    await sleep(1_000 - 100);
    client.socket.write('GET /again HTTP/1.1\r\nHost: x\r\n\r\n');
    await sleep(100);
    expect(client.text().match(/HTTP\/1.1 200/g)).toHaveLength(2);
    // And it is closed by the server a little after the advertised timeout, counted from the last answer.
    expect(await client.closed).toEqual({});
    const idleFor = performance.now() - answeredAt - 1_000;
    expect(idleFor).toBeGreaterThan(1_000);
    expect(idleFor).toBeLessThan(3_000);
  });
});
