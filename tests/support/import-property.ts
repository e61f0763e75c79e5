import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { ImportResponse } from '../../src/lib/entity-api';
import { getEntitySchema } from '../../src/schemas/registry';
import type { EntitySchema } from '../../src/schemas/schema-types';
import {
  firstDifference,
  fillableFields,
  postPieces,
  randomPieces,
  randomRows,
  storedByKey,
  withRequired,
  type Random,
} from './bulk-rows';
import { casesFor, describeCase, type ImportCase } from './import-cases';
import { randomSource } from './random-source';
import { sweepCases, sweepSeed, sweepShare } from './sweep-cases';
import { listeningSuite, type SignedInSuite } from './test-app';

export { casesFor, describeCase, onReaderBoundary, type ImportCase } from './import-cases';

type Target = {
  schema: EntitySchema;
  keyField: string;
  key: (i: number) => Record<string, unknown>;
  prefix: string;
  scope?: number;
};

/** `maxBefore`: at most this many of a case's keys are imported before it (fewer makes a sweep of thousands of cases quicker). */
export function importProperty(suite: SignedInSuite, base: () => string, { maxBefore = 12_000 } = {}) {
  const headers = () => {
    const xsrf = suite.t.xsrfTokenFor(String(decodeJwt(suite.engineer).sub));
    return { authorization: `Bearer ${suite.engineer}`, 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` };
  };

  async function send(
    entity: string,
    body: unknown,
    random: Random,
    whole: boolean,
  ): Promise<{ status: number; answer: ImportResponse & { message?: string } }> {
    const text = Buffer.from(JSON.stringify(body));
    const reply = await postPieces(
      `${base()}/api/entities/${entity}/import`,
      headers(),
      whole ? [text] : randomPieces(random, text),
    );
    return { status: reply.status, answer: JSON.parse(reply.body) as ImportResponse & { message?: string } };
  }

  async function target(c: ImportCase, random: Random): Promise<Target> {
    if (c.mode !== 2) {
      const prefix = `P${c.seed}-${c.n}-`;
      // The key carries hostile text too; its number keeps it unique.
      return {
        schema: getEntitySchema('clients'),
        keyField: 'name',
        prefix,
        key: (i) => ({ name: `${prefix}${i}${random.next() < 0.5 ? ' "x,]}' : ' é🚀'}` }),
      };
    }
    const project = await suite.post('/projects-new', {
      name: `Replace ${c.seed}-${c.n}`,
      is_testdata: true,
      import_mode: 2,
    });
    expect(project.statusCode, project.body).toBe(200);
    return {
      schema: getEntitySchema('areas'),
      keyField: 'areacode',
      prefix: 'A',
      scope: (project.json() as { id: number }).id,
      key: (i) => ({ areacode: `A${i.toString(36).toUpperCase()}` }),
    };
  }

  return async function run(c: ImportCase): Promise<void> {
    const label = describeCase(c);
    const random = randomSource(c.seed);
    const t = await target(c, random);
    const fields = fillableFields(t.schema);
    const rows = withRequired(random, t.schema, randomRows(random, fields, c.n, t.key));
    // Keys imported before: a quarter (mode 0, to be skipped), half (modes 1, 2), all (mode 3); mode 2 also has three rows the file leaves out.
    // At most maxBefore (by default more than a chunk), so that the large sizes stay quick: their other rows are added (or, mode 3, skipped).
    const before = Math.min(maxBefore, c.mode === 3 ? c.n : c.mode === 0 ? Math.floor(c.n / 4) : Math.floor(c.n / 2));
    const extras = c.mode === 2 ? 3 : 0;
    const earlier = withRequired(
      random,
      t.schema,
      randomRows(random, fields, before, (i) => ({ [t.keyField]: rows[i]?.[t.keyField] })),
    );
    const left = withRequired(
      random,
      t.schema,
      randomRows(random, fields, extras, (i) => ({ [t.keyField]: `Z${i}` })),
    );
    const scope = t.scope === undefined ? {} : { scope: t.scope };
    if (before + extras > 0) {
      // Into the empty list of a project that replaces (mode 2), a replacing import adds them all.
      const first = await send(
        t.schema.name,
        { mode: c.mode === 2 ? 2 : 0, ...scope, rows: [...earlier, ...left] },
        random,
        true,
      );
      expect(first.status, `${label}: the rows before: ${JSON.stringify(first.answer).slice(0, 300)}`).toBe(200);
    }

    const { status, answer } = await send(
      t.schema.name,
      { mode: c.mode, ...scope, ...(c.dryRun ? { dryRun: true } : {}), rows },
      random,
      c.whole,
    );
    expect(status, `${label}: ${JSON.stringify(answer).slice(0, 500)}`).toBe(200);
    const { added, updated, unchanged, skipped, restored } = answer;
    expect(answer.received, label).toBe(c.n);
    expect(added + updated + unchanged + skipped + restored, `${label}: the counts add up to the rows sent`).toBe(c.n);
    expect(answer.stored, label).toBe(c.n - skipped);
    // Mode 0 skips the keys stored before; mode 3 (update only) the keys that were not.
    expect(skipped, label).toBe(c.mode === 0 ? before : c.mode === 3 ? c.n - before : 0);
    expect(added, label).toBe(c.mode === 3 ? 0 : c.n - before);
    expect(answer.softDeleted, label).toBe(c.mode === 2 ? extras : 0);

    const keys = [...new Set([...earlier, ...left, ...rows].map((row) => String(row[t.keyField])))];
    const stored = await storedByKey(
      suite.t.database.db,
      t.schema,
      t.keyField,
      t.scope === undefined ? keys : sql`project_id = ${t.scope}`,
    );
    // What the database must hold now, key by key: the file's rows over the earlier ones (mode 0 keeps the earlier).
    const expected = new Map<string, Record<string, unknown>>();
    for (const row of [...earlier, ...left]) expected.set(String(row[t.keyField]), row);
    for (const row of c.dryRun ? [] : rows) {
      const key = String(row[t.keyField]);
      const earlierRow = expected.get(key);
      if (c.mode === 3 && !earlierRow) continue; // skipped: nothing to update
      expected.set(key, c.mode === 0 && earlierRow ? earlierRow : { ...earlierRow, ...row });
    }
    expect(stored.size, `${label}: rows in the database`).toBe(expected.size);
    for (const [key, row] of expected) {
      const difference = firstDifference(t.schema, row, stored.get(key));
      if (difference) expect.fail(`${label}: row ${JSON.stringify(key)}: ${difference}`);
    }
    if (c.mode === 2) {
      const deleted = [...stored.values()]
        .filter((row) => row.deleteflag === true || row.deleteflag === 't')
        .map((row) => row.areacode);
      expect(deleted.sort(), label).toEqual(c.dryRun ? [] : ['Z0', 'Z1', 'Z2']);
    }
  };
}

/**
 * A sweep file's whole body: a signed-in app listening on a socket, and one test per case of `sizes`: of the
 * sizes `onBoundary` does not name, only SWEEP_SHARE of them (sweep-cases.ts).
 * SWEEP_SEED (printed) replays a run; without it each run draws its own cases.
 */
export function importSweep(
  title: string,
  sizes: (seed: number) => number[],
  options: { maxBefore?: number; onBoundary: (n: number) => boolean },
): void {
  const seed = sweepSeed();
  const cases = sweepCases(casesFor(sizes(seed), seed), (c) => options.onBoundary(c.n), seed);
  console.log(`${title}: SWEEP_SEED=${seed}, SWEEP_SHARE=${sweepShare()}: ${cases.length} cases`);
  const { suite, base } = listeningSuite();
  const run = importProperty(suite, base, options);
  describe(title, () => {
    for (const c of cases) it(describeCase(c), () => run(c), 300_000);
  });
}
