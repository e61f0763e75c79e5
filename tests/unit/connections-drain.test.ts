import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trackConnections, type ConnectionTracker } from '../../src/server/http/connections';

// The graceful stop's drain on a bare Node server (tests/process/graceful-stop.test.ts covers the whole
// process): what it must not cut, whatever the timing.

const BIG = 32 * 1024 * 1024;
let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  server = undefined;
});

async function start(handler: http.RequestListener): Promise<{ tracker: ConnectionTracker; port: number }> {
  server = http.createServer(handler);
  const tracker = trackConnections(server, { bodyIdleMs: 60_000 });
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
  return { socket, closed, text: () => Buffer.concat(chunks).toString('latin1'), bytes: () => chunks.reduce((sum, chunk) => sum + chunk.length, 0) };
}

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
    await new Promise((resolve) => setTimeout(resolve, 500)); // the listener is closed by now
    client.socket.resume();
    await drained;
    await client.closed;
    const head = client.text().indexOf('\r\n\r\n') + 4;
    expect(client.text()).toMatch(/^HTTP\/1.1 200/);
    expect(client.bytes() - head).toBe(BIG);
  });

  it('answers a request that arrives on a connection opened before the stop, rather than resetting it', async () => {
    const { tracker, port } = await start((_req, res) => res.end('answered'));
    const client = await connect(port);
    await new Promise((resolve) => setTimeout(resolve, 50)); // accepted, nothing sent yet
    const drained = tracker.drain(5_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    client.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await drained;
    expect(await client.closed).toEqual({});
    expect(client.text()).toMatch(/^HTTP\/1.1 200[\s\S]*answered$/);
  });

  it('closes an idle keep-alive connection at once, and a silent new one after a short grace', async () => {
    const { tracker, port } = await start((_req, res) => res.end('ok'));
    const kept = await connect(port);
    kept.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const silent = await connect(port);
    const startedAt = performance.now();
    const drained = tracker.drain(5_000);
    await kept.closed;
    expect(performance.now() - startedAt).toBeLessThan(500);
    await silent.closed;
    await drained;
    expect(performance.now() - startedAt).toBeLessThan(2_000);
  });
});
