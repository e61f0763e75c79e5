import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateLithiumProjects } from '../../src/server/db/seed/large-data';
import { postStreamed, spawnServer, whenSent, type SpawnedServer } from '../support/spawn-server';

// SIGTERM with requests in flight, on a real server process (PGlite): every request already sent is
// answered whole, idle keep-alive connections close at once, requests that come later are refused with
// 503 and Connection: close, a stalled upload does not hold the exit, and the process exits 0 in time.

const LIST_ROWS = 23_000; // GET /api/lithiumprojects answers ~11 MB

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function get(server: SpawnedServer, url: string, token: string, agent: http.Agent, onSent: () => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${url}`, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
    whenSent(request, onSent);
  });
}

/** Raw HTTP/1.1 over one socket, to send a second request on a connection after the stop began. */
function rawConnection(server: SpawnedServer): Promise<{ socket: net.Socket; received: () => string; closed: Promise<void> }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => resolve({ socket, received: () => text, closed }));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => {});
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', reject);
  });
}

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a stop (SIGTERM) with requests in flight', () => {
  it('answers all 100 requests in flight whole, the 11 MB list included, keeps every acknowledged write, and exits 0 within 10 s', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagbase-stop-'));
    dataDirs.push(dataDir);
    const server = await spawnServer({}, dataDir);
    const token = await server.token('engineer');
    const write = await server.writeHeaders(token);
    const options = (await (await fetch(`${server.url}/api/entities/currencies/options?q=USD&limit=20`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; label: string }[];
    const usdId = options.find((o) => o.label === 'USD')?.id as number;
    const loaded = await postStreamed(`${server.url}/api/entities/lithium_projects/import`, write, [JSON.stringify({ mode: 0, rows: generateLithiumProjects(LIST_ROWS, usdId) })]);
    expect(loaded.status, loaded.body).toBe(200);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
    const idle = await rawConnection(server);
    idle.socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 300)); // answered: now an idle keep-alive connection

    // In flight: each request's connection is made and the request written whole to it before the stop.
    let sent = 0;
    const onSent = () => void sent++;
    const requests: Promise<Answer>[] = [get(server, '/api/lithiumprojects', token, agent, onSent)];
    for (let i = 1; i < 100; i++) {
      if (i % 10 === 0) {
        // Writes: each acknowledged one must be there after the restart.
        requests.push(postStreamed(`${server.url}/api/entities/clients/batch`, write, [JSON.stringify({ creates: [{ clientKey: 'c', values: { name: `Stop client ${i}` } }] })], onSent));
      } else {
        requests.push(get(server, `/api/entities/lithium_projects?limit=200&offset=${i * 100}`, token, agent, onSent));
      }
    }
    while (sent < requests.length) await new Promise((resolve) => setTimeout(resolve, 5));
    const stoppedAt = performance.now();
    process.kill(server.pid, 'SIGTERM');
    const settled = await Promise.allSettled(requests);
    const failures = settled.flatMap((result, i) => (result.status === 'rejected' ? [`${i}: ${String(result.reason)}`] : []));
    expect(failures).toEqual([]);
    const answers = settled.map((result) => (result as PromiseFulfilledResult<Answer>).value);
    const code = await server.exited;
    const stopSeconds = (performance.now() - stoppedAt) / 1000;

    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const list = JSON.parse(answers[0]!.body) as unknown[];
    expect(answers[0]!.body.length).toBeGreaterThan(10_000_000);
    expect(list).toHaveLength(Number(answers[0]!.headers['x-total-count']));
    for (const answer of answers.slice(1)) expect(() => JSON.parse(answer.body)).not.toThrow();
    expect(code).toBe(0);
    expect(stopSeconds).toBeLessThan(10);
    await idle.closed; // closed by the server at the stop, long before its keep-alive timeout
    agent.destroy();

    const again = await spawnServer({}, dataDir);
    try {
      const names = answers.flatMap((answer, i) => (i % 10 === 0 && i > 0 ? [`Stop client ${i}`] : []));
      const filters = encodeURIComponent(JSON.stringify([{ field: 'name', op: 'in', value: names }]));
      const stored = await (await fetch(`${again.url}/api/entities/clients?filters=${filters}`, { headers: { authorization: `Bearer ${await again.token('viewer')}` } })).json();
      expect(stored.total).toBe(names.length);
    } finally {
      await again.stop();
    }
  });

  it('refuses new connections, closes an idle one, answers a stalled upload 503 once it has not moved for 2 s, and exits 0 long before the deadline', async () => {
    const server = await spawnServer();
    const token = await server.token('engineer');
    const write = await server.writeHeaders(token);
    // A stalled upload: its body never arrives whole; it must not hold the stop until the deadline (8 s).
    const stalled = await rawConnection(server);
    stalled.socket.write(
      `POST /api/entities/clients/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nAuthorization: ${write.authorization}\r\nCookie: ${write.cookie}\r\nX-XSRF-TOKEN: ${write['x-xsrf-token']}\r\n\r\n{"mode":0,"rows":[`,
    );
    const open = await rawConnection(server);
    open.socket.write(`GET /api/entities/clients?limit=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const stoppedAt = performance.now();
    process.kill(server.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const later = await rawConnection(server).catch(() => undefined);
    expect(later).toBeUndefined(); // no new connections
    await open.closed; // idle after its answer: closed at once
    const code = await server.exited;
    const stopSeconds = (performance.now() - stoppedAt) / 1000;
    await stalled.closed;

    expect(open.received()).toMatch(/^HTTP\/1.1 200/);
    expect(stalled.received()).toMatch(/^HTTP\/1.1 503[\s\S]*connection: close[\s\S]*"error":"unavailable"/i);
    expect(code).toBe(0);
    expect(stopSeconds).toBeGreaterThan(1); // the upload stalled ~0.3 s before the stop: cut ~2 s after its last byte
    expect(stopSeconds).toBeLessThan(5);
  });

  it('answers a request that arrives on an open connection after the stop began with 503 and Connection: close', async () => {
    const server = await spawnServer();
    const connection = await rawConnection(server);
    // The request has begun (its first line is sent) when the stop begins, and ends after it.
    connection.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    await new Promise((resolve) => setTimeout(resolve, 200));
    process.kill(server.pid, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    connection.socket.write('\r\n');
    await connection.closed;
    expect(await server.exited).toBe(0);
    expect(connection.received()).toMatch(/^HTTP\/1.1 503[\s\S]*connection: close[\s\S]*The server is stopping/i);
  });
});

describe('a stalled upload', () => {
  it('is answered 408 and its connection closed once its body stops arriving for BODY_IDLE_TIMEOUT_MS', async () => {
    const server = await spawnServer({ BODY_IDLE_TIMEOUT_MS: '1500' });
    try {
      const write = await server.writeHeaders(await server.token('engineer'));
      const stalled = await rawConnection(server);
      const startedAt = performance.now();
      stalled.socket.write(
        `POST /api/entities/clients/batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\nAuthorization: ${write.authorization}\r\nCookie: ${write.cookie}\r\nX-XSRF-TOKEN: ${write['x-xsrf-token']}\r\n\r\n{"creates":[`,
      );
      await stalled.closed;
      const seconds = (performance.now() - startedAt) / 1000;
      expect(stalled.received()).toMatch(/^HTTP\/1.1 408[\s\S]*"error":"request_timeout"/);
      expect(seconds).toBeGreaterThan(1.4);
      expect(seconds).toBeLessThan(5);
      expect(server.alive()).toBe(true);
    } finally {
      await server.stop();
    }
  });
});
