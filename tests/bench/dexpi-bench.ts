import { sql } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { largeDexpiFile } from '../support/dexpi-files';
import { createTestApp } from '../support/test-app';
import { abCompare, type AbResult } from './ab';

/**
 * DEXPI preview of a 1 MB file (issue #16 item 6: ≤ 1 s): POST /api/projects/:id/dexpi?dry_run=1 through
 * the whole app (token, body, parse, the engine's dry run of every list, the answer), against the floor
 * of any reading of it: saxes running over the same text with no handlers. The file is the SmartPlant
 * sample's plant items repeated with new tags and ids until it passes 1 MiB.
 */
const TARGET_BYTES = 1024 * 1024;
const MAX_MS = 1000;

export async function runDexpiBenchmarks(label: string, rounds: number): Promise<AbResult[]> {
  const t = await createTestApp();
  try {
    const { text, copies } = largeDexpiFile(TARGET_BYTES);
    const body = Buffer.from(text, 'utf8');
    const db = t.database.db;
    const project = (
      (await db.execute(
        sql`insert into projects (name, is_testdata) values ('Bench DEXPI', true) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows[0]!.id;
    await db.execute(
      sql`insert into areas (project_id, areacode, description) values (${project}, '100', 'Bench area')`,
    );
    const token = await t.tokenFor('engineer');
    console.log(
      `  [${label}] DEXPI file of ${(body.length / 1048576).toFixed(2)} MiB: the sample's plant items ${copies} times (${copies * 2} equipment, ${copies * 3} lines)`,
    );
    let found = 0;
    const result = await abCompare({
      name: `${label}: preview a 1 MB DEXPI file (POST /projects/:id/dexpi?dry_run=1) vs saxes reading the same text`,
      rounds,
      aim: 0.05,
      baseline: async () => void new SaxesParser().write(text).close(),
      candidate: async () => {
        const response = await t.call({
          method: 'POST',
          url: `/api/projects/${project}/dexpi?dry_run=1`,
          token,
          payload: body,
          headers: { 'content-type': 'application/xml' },
        });
        if (response.statusCode !== 200)
          throw new Error(`DEXPI preview answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
        found = (response.json() as { items: unknown[] }).items.length;
      },
    });
    console.log(`  [${label}] preview listed ${found} items in ${result.candidateMs} ms (aim ≤ ${MAX_MS} ms)`);
    return [
      {
        ...result,
        meetsAim: result.meetsAim && result.candidateMs <= MAX_MS,
        note: `aim: ≤ ${MAX_MS} ms; ${found} items listed`,
      },
    ];
  } finally {
    await t.close();
  }
}
