import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../bench/import-memory';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

// Supplier documents (#29 items 7 and 11): a 50 MiB file goes up and comes back streamed, never held whole:
// uploading and downloading it keeps the server's resident memory within 64 MiB of idle, on both stores (files
// beside PGlite, large objects in PostgreSQL when TEST_DATABASE_URL names a server). The figures are printed.

const SIZE = 50 * 1024 * 1024;
const AIM_MIB = 64;
const PIECE = 1024 * 1024;

/** Piece `i` of the file: a PDF's first bytes, then bytes that differ per piece (nothing compresses or repeats). */
function piece(i: number): Buffer {
  const bytes = Buffer.alloc(PIECE);
  for (let at = 0; at < PIECE; at += 4) bytes.writeUInt32LE((Math.imul(i * PIECE + at, 2654435761) ^ i) >>> 0, at);
  if (i === 0) Buffer.from('%PDF-1.7\n').copy(bytes);
  return bytes;
}

function upload(url: string, headers: Record<string, string>, hash: ReturnType<typeof createHash>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/pdf', 'content-length': String(SIZE) } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    let i = 0;
    const pump = (): void => {
      while (i < SIZE / PIECE) {
        const bytes = piece(i++);
        hash.update(bytes);
        if (!request.write(bytes)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

function download(url: string, token: string): Promise<{ status: number; sha256: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
        const hash = createHash('sha256');
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, sha256: hash.digest('hex'), bytes }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function measure(label: string, server: SpawnedServer): Promise<void> {
  const token = await server.token('engineer');
  const headers = await server.writeHeaders(token);
  const json = { ...headers, 'content-type': 'application/json' };
  const usd = ((await (await fetch(`${server.url}/api/entities/currencies/options?q=USD&limit=20`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; label: string }[]).find((o) => o.label === 'USD');
  const create = async (entity: string, values: Record<string, unknown>) => {
    const answer = await fetch(`${server.url}/api/entities/${entity}/batch`, { method: 'POST', headers: json, body: JSON.stringify({ creates: [{ clientKey: 'k', values }] }) });
    expect(answer.status, await answer.clone().text()).toBe(200);
    return ((await answer.json()) as { created: { id: number }[] }).created[0]!;
  };
  const supplier = await create('suppliers', { name: `Memory Supplier ${Date.now()}` });
  const quote = await create('quotes', { quote_number: `QM-${Date.now()}`, supplier_id: supplier.id, currency_id: usd?.id, date_received: '2025-07-02', rate_date: '2025-06-30' });

  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const idle = server.residentMiB();
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, server.residentMiB())), 25);
  try {
    const sent = createHash('sha256');
    let started = performance.now();
    const up = await upload(`${server.url}/api/entities/quotes/${quote.id}/files?name=big-offer.pdf`, headers, sent);
    const upSeconds = (performance.now() - started) / 1000;
    expect(up.status, up.body).toBe(201);
    const file = JSON.parse(up.body) as { id: number; size_bytes: number; sha256: string };
    const sentHash = sent.digest('hex');
    expect(file).toMatchObject({ size_bytes: SIZE, sha256: sentHash });
    const uploadPeak = peak;
    started = performance.now();
    const down = await download(`${server.url}/api/files/${file.id}`, token);
    const downSeconds = (performance.now() - started) / 1000;
    expect(down).toEqual({ status: 200, sha256: sentHash, bytes: SIZE });
    clearInterval(sampler);
    const growth = Math.round(peak - idle);
    console.log(
      `  [${label}] 50 MiB file: resident +${Math.round(uploadPeak - idle)} MiB during the upload (${upSeconds.toFixed(1)} s), +${growth} MiB at the peak of upload and download (download ${downSeconds.toFixed(1)} s); idle ${Math.round(idle)} MiB, peak ${Math.round(peak)} MiB`,
    );
    expect(growth, `resident memory grew ${growth} MiB (idle ${Math.round(idle)}, peak ${Math.round(peak)})`).toBeLessThan(AIM_MIB);
  } catch (error) {
    console.log(server.output().slice(-4000));
    throw error;
  } finally {
    clearInterval(sampler);
  }
}

describe('a 50 MiB file up and down', () => {
  it('keeps the PGlite server (files under DATA_DIR/files) within 64 MiB of idle', async () => {
    const server = await spawnServer({ SEED_DEMO: '0' });
    cleanups.push(() => server.stop());
    await measure('PGlite, directory store', server);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('keeps the PostgreSQL server (large objects) within 64 MiB of idle', async () => {
    const database = await createDatabase(process.env.TEST_DATABASE_URL as string);
    cleanups.push(() => database.drop());
    const server = await spawnServer({ DATABASE_URL: database.url, SEED_DEMO: '0' });
    cleanups.push(() => server.stop());
    await measure('PostgreSQL, large objects', server);
  });
});
