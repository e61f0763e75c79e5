import { createHash } from 'node:crypto';
import http from 'node:http';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';
import { createDatabase } from './import-memory';

/**
 * Supplier documents (#29 items 7 and 11): a 50 MiB file goes up and comes back streamed, never held whole, so
 * uploading and downloading it keeps the server's resident memory within 64 MiB of idle, on both stores (files
 * beside PGlite, large objects in PostgreSQL). Sampled every 25 ms from /proc, as the import memory benchmark.
 * `npm run bench` (group `memory`) reports it; tests/process/attachment-memory.test.ts holds it.
 */
const SIZE = 50 * 1024 * 1024;
export const FILE_MEMORY_AIM_MIB = 64;
const PIECE = 1024 * 1024;

/** Piece `i` of the file: a PDF's first bytes, then bytes that differ per piece (nothing compresses or repeats). */
function piece(i: number): Buffer {
  const bytes = Buffer.alloc(PIECE);
  for (let at = 0; at < PIECE; at += 4) bytes.writeUInt32LE((Math.imul(i * PIECE + at, 2654435761) ^ i) >>> 0, at);
  if (i === 0) Buffer.from('%PDF-1.7\n').copy(bytes);
  return bytes;
}

function upload(
  url: string,
  headers: Record<string, string>,
  hash: ReturnType<typeof createHash>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/pdf', 'content-length': String(SIZE) } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
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

export type FileMemory = {
  name: string;
  idleMiB: number;
  peakMiB: number;
  uploadGrowthMiB: number;
  growthMiB: number;
  aimMiB: number;
  meetsAim: boolean;
  uploadSeconds: number;
  downloadSeconds: number;
};

async function fail(what: string, response: Response): Promise<never> {
  throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
}

/** Uploads a 50 MiB PDF to a new quote of `server` and downloads it, sampling the server's resident memory; the bytes must come back the same. */
export async function measureFileMemory(label: string, server: SpawnedServer): Promise<FileMemory> {
  const token = await server.token('engineer');
  const headers = await server.writeHeaders(token);
  const json = { ...headers, 'content-type': 'application/json' };
  const options = (await (
    await fetch(`${server.url}/api/entities/currencies/options?q=USD&limit=20`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { id: number; label: string }[];
  const create = async (entity: string, values: Record<string, unknown>) => {
    const answer = await fetch(`${server.url}/api/entities/${entity}/batch`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ creates: [{ clientKey: 'k', values }] }),
    });
    if (answer.status !== 200) await fail(`creating a ${entity} row`, answer);
    return ((await answer.json()) as { created: { id: number }[] }).created[0]!;
  };
  const supplier = await create('suppliers', { name: `Memory Supplier ${Date.now()}` });
  const quote = await create('quotes', {
    quote_number: `QM-${Date.now()}`,
    supplier_id: supplier.id,
    currency_id: options.find((o) => o.label === 'USD')?.id,
    date_received: '2025-07-02',
    rate_date: '2025-06-30',
  });

  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const idle = server.residentMiB();
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, server.residentMiB())), 25);
  try {
    const sent = createHash('sha256');
    let started = performance.now();
    const up = await upload(`${server.url}/api/entities/quotes/${quote.id}/files?name=big-offer.pdf`, headers, sent);
    const uploadSeconds = (performance.now() - started) / 1000;
    if (up.status !== 201) throw new Error(`the upload answered ${up.status}: ${up.body.slice(0, 300)}`);
    const file = JSON.parse(up.body) as { id: number; size_bytes: number; sha256: string };
    const sentHash = sent.digest('hex');
    if (file.size_bytes !== SIZE || file.sha256 !== sentHash)
      throw new Error(`the upload stored ${file.size_bytes} bytes, sha256 ${file.sha256}; sent ${SIZE}, ${sentHash}`);
    const uploadPeak = peak;
    started = performance.now();
    const down = await download(`${server.url}/api/files/${file.id}`, token);
    const downloadSeconds = (performance.now() - started) / 1000;
    if (down.status !== 200 || down.sha256 !== sentHash || down.bytes !== SIZE)
      throw new Error(`the download answered ${down.status} with ${down.bytes} bytes, sha256 ${down.sha256}`);
    clearInterval(sampler);
    const growth = Math.round(peak - idle);
    console.log(
      `  [${label}] 50 MiB file: resident +${Math.round(uploadPeak - idle)} MiB during the upload (${uploadSeconds.toFixed(1)} s), +${growth} MiB at the peak of upload and download (download ${downloadSeconds.toFixed(1)} s); idle ${Math.round(idle)} MiB, peak ${Math.round(peak)} MiB`,
    );
    return {
      name: `${label}: resident memory of a 50 MiB file uploaded and downloaded, above the idle server`,
      idleMiB: Math.round(idle),
      peakMiB: Math.round(peak),
      uploadGrowthMiB: Math.round(uploadPeak - idle),
      growthMiB: growth,
      aimMiB: FILE_MEMORY_AIM_MIB,
      meetsAim: growth < FILE_MEMORY_AIM_MIB,
      uploadSeconds: Math.round(uploadSeconds * 10) / 10,
      downloadSeconds: Math.round(downloadSeconds * 10) / 10,
    };
  } catch (error) {
    console.log(server.output().slice(-4000));
    throw error;
  } finally {
    clearInterval(sampler);
  }
}

/** The benchmark: a server of its own on PGlite (no demo data), or on a fresh database of `databaseUrl`'s server. */
export async function runFileMemoryBenchmark(label: string, databaseUrl?: string): Promise<FileMemory> {
  const database = databaseUrl ? await createDatabase(databaseUrl) : undefined;
  const server = await spawnServer(database ? { DATABASE_URL: database.url, SEED_DEMO: '0' } : { SEED_DEMO: '0' });
  try {
    return await measureFileMemory(label, server);
  } finally {
    await server.stop();
    await database?.drop();
  }
}
