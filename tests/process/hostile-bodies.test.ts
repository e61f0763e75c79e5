import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const answer = await postStreamed(`${server.url}/api/entities/clients/import`, headers, importBody('"mode":0,"dryRun":true', 10_000_000, (i) => `{"name":"C${String(i).padStart(8, '0')}"}`));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toContain('at most 1,048,576 rows');
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(peakMiB - idleMiB).toBeLessThan(256);
  });

  it('refuses a batch of 200,000 empty creates and a row of 300,000 keys', async () => {
    const creates = await postStreamed(`${server.url}/api/entities/clients/batch`, headers, [`{"creates":[${'{"clientKey":"k","values":{}},'.repeat(200_000).slice(0, -1)}]}`]);
    expect(creates.status).toBe(413);
    const keys = Array.from({ length: 300_000 }, (_, i) => `"k${i}":1`).join(',');
    const manyKeys = await postStreamed(`${server.url}/api/entities/clients/batch`, headers, [`{"creates":[{"clientKey":"k","values":{"name":"Many keys",${keys}}}]}`]);
    expect(manyKeys.status).toBe(422);
    expect(peakMiB - idleMiB).toBeLessThan(256);
  });

  it('is alive afterwards, and imports what it is sent', async () => {
    expect(server.alive()).toBe(true);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const answer = await postStreamed(`${server.url}/api/entities/clients/import`, headers, importBody('"mode":0', 2_000, (i) => `{"name":"After ${i}","city":"Lima"}`));
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ added: 2_000, updated: 0, unchanged: 0, skipped: 0 });
  });
});

describe('an import body over IMPORT_BODY_LIMIT_BYTES', () => {
  let small: SpawnedServer;
  beforeAll(async () => {
    small = await spawnServer({ IMPORT_BODY_LIMIT_BYTES: String(1024 * 1024) });
  });
  afterAll(async () => small?.stop());

  it('is refused with a 413 whether its length is declared or not, and the process answers on', async () => {
    const write = await small.writeHeaders(await small.token('engineer'));
    const rows = (count: number) => importBody('"mode":0', count, (i) => `{"name":"Over ${i}"}`);
    const declared = [...rows(100_000)].join('');
    const withLength = await postStreamed(`${small.url}/api/entities/clients/import`, { ...write, 'content-length': String(Buffer.byteLength(declared)) }, [declared]).catch((error: unknown) => error);
    const streamed = await postStreamed(`${small.url}/api/entities/clients/import`, write, rows(100_000)).catch((error: unknown) => error);
    for (const answer of [withLength, streamed]) {
      // The server stops reading: a client still sending may see the connection close before it reads the answer.
      if (answer instanceof Error) expect((answer as NodeJS.ErrnoException).code).toMatch(/EPIPE|ECONNRESET/);
      else expect(answer).toMatchObject({ status: 413, headers: { connection: 'close' } });
    }
    expect(small.alive()).toBe(true);
    expect((await fetch(`${small.url}/api/health`)).status).toBe(200);
  });
});
