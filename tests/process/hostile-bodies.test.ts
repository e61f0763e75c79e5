import http from 'node:http';
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postStreamed, spawnServer, type SpawnedServer } from '../support/spawn-server';

// The hostile bodies an outside check sent a signed-in engineer's way, against a real server process:
// each is refused with a readable 4xx without the process's memory growing with the body, and the
// process is alive and answering afterwards. (tests/api/hostile-bodies.test.ts checks the answers in detail.)

let server: SpawnedServer;
let headers: Record<string, string>;
let idleMiB: number;
let peakMiB = 0;
let sampler: NodeJS.Timeout;

/** `count` rows of the import body, generated as they are sent. */
function* importBody(options: string, count: number, row: (i: number) => string): Generator<string> {
  yield `{${options},"rows":[`;
  for (let start = 0; start < count; start += 10_000) {
    const rows: string[] = [];
    for (let i = start; i < Math.min(count, start + 10_000); i++) rows.push(row(i));
    yield (start === 0 ? '' : ',') + rows.join(',');
  }
  yield ']}';
}

beforeAll(async () => {
  server = await spawnServer();
  headers = await server.writeHeaders(await server.token('engineer'));
  await new Promise((resolve) => setTimeout(resolve, 500));
  idleMiB = server.residentMiB();
  sampler = setInterval(() => (peakMiB = Math.max(peakMiB, server.alive() ? server.residentMiB() : 0)), 25);
});

afterAll(async () => {
  clearInterval(sampler);
  await server?.stop();
});

describe('a server process sent hostile bodies', () => {
  it('refuses a dry run of 10,000,000 rows (over 180 MiB) at the row after the 1,048,576th, without holding the body', async () => {
    const started = performance.now();
    const answer = await postStreamed(
      `${server.url}/api/entities/clients/import`,
      headers,
      importBody('"mode":0,"dryRun":true', 10_000_000, (i) => `{"name":"C${String(i).padStart(8, '0')}"}`),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toContain('at most 1,048,576 rows');
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(peakMiB - idleMiB).toBeLessThan(256);
  });

  it('refuses a batch of 200,000 empty creates and a row of 300,000 keys', async () => {
    const creates = await postStreamed(`${server.url}/api/entities/clients/batch`, headers, [
      `{"creates":[${'{"clientKey":"k","values":{}},'.repeat(200_000).slice(0, -1)}]}`,
    ]);
    expect(creates.status).toBe(413);
    const keys = Array.from({ length: 300_000 }, (_, i) => `"k${i}":1`).join(',');
    const manyKeys = await postStreamed(`${server.url}/api/entities/clients/batch`, headers, [
      `{"creates":[{"clientKey":"k","values":{"name":"Many keys",${keys}}}]}`,
    ]);
    expect(manyKeys.status).toBe(422);
    expect(peakMiB - idleMiB).toBeLessThan(256);
  });

  it('is alive afterwards, and imports what it is sent', async () => {
    expect(server.alive()).toBe(true);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const answer = await postStreamed(
      `${server.url}/api/entities/clients/import`,
      headers,
      importBody('"mode":0', 2_000, (i) => `{"name":"After ${i}","city":"Lima"}`),
    );
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ added: 2_000, updated: 0, unchanged: 0, skipped: 0 });
  });
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number; sent: number };

/**
 * POSTs `head` then `total` bytes of spaces, chunked or with a Content-Length, writing on (as a client that
 * does not look at the answer before its upload is done) until the answer is read whole; then stops. Rejects
 * when the connection fails first (EPIPE, ECONNRESET: the answer was lost). `end: false` leaves the body
 * unfinished, as a long upload is while the answer arrives.
 */
function upload(
  url: string,
  headers: Record<string, string>,
  body: { head?: Buffer | string; total: number; chunked: boolean; end?: boolean },
): Promise<Answer> {
  const head = Buffer.from(body.head ?? '');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, ...(body.chunked ? {} : { 'content-length': String(head.length + body.total) }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          answered = true;
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text,
            ms: performance.now() - started,
            sent,
          });
          request.destroy();
        });
      },
    );
    request.on('error', (error) => {
      if (!answered) reject(Object.assign(error, { sent }));
    });
    const filler = Buffer.alloc(64 * 1024, 0x20);
    let left = body.total;
    const pump = (): void => {
      if (sent === 0 && head.length > 0 && !request.write(head)) return void request.once('drain', pump);
      while (left > 0 && !answered && !request.destroyed) {
        const piece = left >= filler.length ? filler : filler.subarray(0, left);
        left -= piece.length;
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      if (body.end !== false && !answered && !request.destroyed) request.end();
    };
    pump();
  });
}

describe('bodies over a limit or compressed, answered before the connection closes', () => {
  const MiB = 1024 * 1024;
  let small: SpawnedServer;
  let write: Record<string, string>;
  beforeAll(async () => {
    small = await spawnServer({ IMPORT_BODY_LIMIT_BYTES: String(MiB), BODY_LIMIT_BYTES: String(MiB) });
    write = await small.writeHeaders(await small.token('engineer'));
  });
  afterAll(async () => small?.stop());

  const routes = () => [
    {
      name: 'import',
      url: `${small.url}/api/entities/clients/import`,
      type: 'application/json',
      head: '{"mode":0,"rows":[',
      limit: MiB,
      message: /at most 1 MiB \(IMPORT_BODY_LIMIT_BYTES\)/,
    },
    {
      name: 'batch',
      url: `${small.url}/api/entities/clients/batch`,
      type: 'application/json',
      head: '{"creates":[',
      limit: MiB,
      message: /at most 1 MiB \(BODY_LIMIT_BYTES\)/,
    },
    {
      name: 'DEXPI',
      url: `${small.url}/api/projects/1/dexpi?dry_run=1`,
      type: 'application/xml',
      head: '<?xml version="1.0"?>',
      limit: 20 * MiB,
      message: /at most 20 MiB/,
    },
  ];

  it('answers a compressed body 415 at once, before reading it, on the import, batch and DEXPI routes', async () => {
    for (const route of routes()) {
      // A gzip stream that does not end: the answer comes while the client is still sending.
      const open = await upload(
        route.url,
        { ...write, 'content-type': route.type, 'content-encoding': 'gzip' },
        { head: gzipSync(route.head), total: 256 * 1024, chunked: true, end: false },
      );
      expect(open.status, `${route.name}: ${open.body}`).toBe(415);
      expect(open.ms, route.name).toBeLessThan(1_000);
      expect(open.headers.connection).toBe('close');
      expect(JSON.parse(open.body)).toMatchObject({
        error: 'unsupported_media_type',
        message: expect.stringContaining('Content-Encoding "gzip"'),
      });
      const declared = await upload(
        route.url,
        { ...write, 'content-type': route.type, 'content-encoding': 'br' },
        { head: route.head, total: 8 * MiB, chunked: false },
      );
      expect(declared.status, `${route.name}: ${declared.body}`).toBe(415);
      expect(declared.ms, route.name).toBeLessThan(1_000);
    }
  });

  it("answers a body over the route's limit 413, chunked or with a Content-Length, and the client reads the answer", async () => {
    for (const route of routes()) {
      for (const chunked of [true, false]) {
        // Several times the limit, and more than the sockets' buffers hold: the client is still writing when the answer comes.
        const answer = await upload(
          route.url,
          { ...write, 'content-type': route.type },
          { head: route.head, total: route.limit + 32 * MiB, chunked },
        );
        const what = `${route.name} ${chunked ? 'chunked' : 'with a length'}`;
        expect(answer.status, `${what}: ${answer.body}`).toBe(413);
        expect(answer.headers.connection, what).toBe('close');
        expect(JSON.parse(answer.body), what).toMatchObject({
          error: 'payload_too_large',
          message: expect.stringMatching(route.message),
        });
      }
    }
    expect(small.alive()).toBe(true);
    expect((await fetch(`${small.url}/api/health`)).status).toBe(200);
  });

  it('closes the connection of a refused body once nothing more arrives', async () => {
    // A raw socket that keeps its sending side open after the server's FIN, as a client still uploading does.
    const { port } = new URL(small.url);
    const socket = net.connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    let outcome: string | undefined;
    const failed = new Promise<string>((resolve) => {
      socket.once('error', (error: NodeJS.ErrnoException) => resolve((outcome = error.code ?? 'error')));
      socket.once('close', () => resolve((outcome ??= 'closed')));
    });
    const head = Object.entries({ ...write, 'content-type': 'application/json', 'transfer-encoding': 'chunked' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const body = Buffer.alloc(2 * MiB, 0x20);
    socket.write(
      `POST /api/entities/clients/batch HTTP/1.1\r\nhost: 127.0.0.1\r\n${head}\r\n${body.length.toString(16)}\r\n`,
    );
    socket.write(body); // over the limit, then the chunk's end, then nothing more
    socket.write('\r\n');
    await vi.waitFor(() => expect(answer).toMatch(/^HTTP\/1.1 413 [^]*\r\n\r\n\{"error":"payload_too_large"/), {
      timeout: 5_000,
    });
    // Still reading at first (a chunk sent now is taken), closed LINGER_IDLE_MS (2 s) after the last byte came.
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.write('10\r\n                \r\n');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(outcome).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // Closed: the first chunk sent now is answered by a reset, which the next write reports.
    const writes = setInterval(() => socket.write('10\r\n                \r\n'), 100);
    expect(await Promise.race([failed, new Promise((resolve) => setTimeout(() => resolve('open'), 2_000))])).toMatch(
      /ECONNRESET|EPIPE|closed/,
    );
    clearInterval(writes);
    socket.destroy();
  });
});
