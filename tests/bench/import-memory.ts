import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { postStreamed, spawnServer, type SpawnedServer } from '../support/spawn-server';

const ROWS = 1_000_000;
const AIM_MIB = 512;

/**
 * A narrow lithium project row (~220 bytes of JSON), so that a million of them fit in the 256 MiB import
 * limit (the seed's generated rows are ~280 bytes).
 */
function row(i: number, usdId: number): string {
  return JSON.stringify({
    project: `Memory ${String(i).padStart(7, '0')}`,
    owner: `Owner ${i % 97}`,
    deposit_type: 'brine',
    stage: 'pfs',
    country: 'Chile',
    latitude: '-23.5',
    longitude: '-68.2',
    capacity_tpa_lce: String(1000 + (i % 5000)),
    capex_usd: '123456789.50',
    capex_currency_id: usdId,
    start_year: 2030,
  });
}

function* body(usdId: number, counter: { bytes: number }): Generator<string> {
  yield '{"mode":0,"rows":[';
  for (let start = 0; start < ROWS; start += 5_000) {
    const rows: string[] = [];
    for (let i = start; i < Math.min(ROWS, start + 5_000); i++) rows.push(row(i, usdId));
    const text = (start === 0 ? '' : ',') + rows.join(',');
    counter.bytes += text.length;
    yield text;
  }
  yield ']}';
}

/**
 * The resident memory a 1,000,000-row import adds to a server process (its own process, spawned like
 * `npm run serve`), against the same process's memory at idle, sampled every 25 ms from /proc. Aim: at most
 * 512 MiB above idle. On PGlite the figure includes the embedded database's own pages for the new rows.
 */
export async function runImportMemoryBenchmark(label: string, databaseUrl?: string): Promise<Record<string, unknown>> {
  const database = databaseUrl ? await createDatabase(databaseUrl) : undefined;
  let server: SpawnedServer | undefined;
  try {
    server = await spawnServer(database ? { DATABASE_URL: database.url, SEED_DEMO: '0' } : {});
    const token = await server.token('engineer');
    const headers = await server.writeHeaders(token);
    const options = (await (
      await fetch(`${server.url}/api/entities/currencies/options?q=USD&limit=20`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { id: number; label: string }[];
    const usdId = options.find((option) => option.label === 'USD')?.id;
    if (usdId === undefined) throw new Error('no USD currency');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = server.residentMiB();
    let peak = idle;
    const running = server;
    const sampler = setInterval(() => (peak = Math.max(peak, running.residentMiB())), 25);
    const counter = { bytes: 0 };
    const started = performance.now();
    const answer = await postStreamed(
      `${server.url}/api/entities/lithium_projects/import`,
      headers,
      body(usdId, counter),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (answer.status !== 200) throw new Error(`the import answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    const growth = Math.round(peak - idle);
    const result = {
      name: `${label}: resident memory of a ${ROWS.toLocaleString('en-US')}-row import (${Math.round(counter.bytes / 1048576)} MiB of JSON) above the idle server`,
      idleMiB: Math.round(idle),
      peakMiB: Math.round(peak),
      growthMiB: growth,
      aimMiB: AIM_MIB,
      meetsAim: growth <= AIM_MIB,
      seconds: Math.round(seconds * 10) / 10,
      answer: answer.body,
    };
    console.log(
      `  [${label}] ${ROWS.toLocaleString('en-US')}-row import: +${growth} MiB resident (idle ${result.idleMiB}, peak ${result.peakMiB}) in ${result.seconds} s`,
    );
    return result;
  } finally {
    await server?.stop();
    await database?.drop();
  }
}

export async function createDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tagbase_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
