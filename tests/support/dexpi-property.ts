import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import type { DexpiImportAnswer, DexpiKind } from '../../src/lib/dexpi-import';
import { queryRows } from '../../src/server/entities/entity-sql';
import { postPieces, randomPieces, randomSource } from './bulk-rows';
import { dexpiWithCopies } from './dexpi-files';
import type { SignedInSuite } from './test-app';

/**
 * One case of the DEXPI import's "nothing lost" property: a file of `copies` copies of the sample's plant
 * items, previewed and then committed through POST /api/projects/:id/dexpi over a real socket in random
 * pieces, into a fresh project. The preview finds every item the file holds (two equipment and three
 * lines a copy), the commit's counts are the preview's, and the project holds every tag the preview listed.
 */
export type DexpiCase = { copies: number; seed: number };

const LISTS: Record<Exclude<DexpiKind, 'drawing'>, { table: string; column: string }> = {
  equipment: { table: 'mech_equipment', column: 'tagno' },
  line: { table: 'piping', column: 'line_number' },
  instrument: { table: 'instruments', column: 'tagno' },
};

export function dexpiProperty(suite: SignedInSuite, base: () => string) {
  const headers = () => {
    const xsrf = suite.t.xsrfTokenFor(String(decodeJwt(suite.engineer).sub));
    return {
      authorization: `Bearer ${suite.engineer}`,
      'x-xsrf-token': xsrf,
      cookie: `XSRF-TOKEN=${xsrf}`,
      'content-type': 'application/xml',
    };
  };

  return async function run(c: DexpiCase): Promise<void> {
    const label = `${c.copies} copies, seed ${c.seed}`;
    const random = randomSource(c.seed);
    const project = await suite.post('/projects-new', { name: `DEXPI sweep ${c.seed}-${c.copies}`, is_testdata: true });
    expect(project.statusCode, project.body).toBe(200);
    const projectId = (project.json() as { id: number }).id;
    const area = await suite.post('/entities/areas/batch', {
      creates: [{ clientKey: 'a', values: { project_id: projectId, areacode: '100', description: 'Sweep' } }],
    });
    expect(area.statusCode, area.body).toBe(200);
    const body = Buffer.from(dexpiWithCopies(c.copies));
    const send = async (query: string) => {
      const reply = await postPieces(
        `${base()}/api/projects/${projectId}/dexpi${query}`,
        headers(),
        randomPieces(random, body),
      );
      expect(reply.status, `${label}: ${reply.body.slice(0, 400)}`).toBe(200);
      return JSON.parse(reply.body) as DexpiImportAnswer;
    };

    const preview = await send('?dry_run=1');
    expect(preview.counts.equipment.found, label).toBe(2 * c.copies);
    expect(preview.counts.line.found, label).toBe(3 * c.copies);
    expect(preview.counts.instrument.found, label).toBe(0); // the sample holds no instrumentation functions
    const committed = await send('');
    for (const kind of Object.keys(LISTS) as (keyof typeof LISTS)[]) {
      const planned = preview.counts[kind];
      // The generated files are valid: every item found is added, none refused (an error would hide a loss).
      expect(planned, `${label}: ${kind} planned`).toMatchObject({ error: 0, add: planned.found });
      expect(committed.counts[kind], `${label}: ${kind} committed as previewed`).toMatchObject({
        found: planned.found,
        add: planned.add,
        error: planned.error,
      });
      const { table, column } = LISTS[kind];
      const stored = await queryRows<{ tag: string }>(
        suite.t.database.db,
        sql`select ${sql.identifier(column)} as tag from ${sql.identifier(table)} where project_id = ${projectId}`,
      );
      // A line is stored under the line number the project composes for it.
      const listed = preview.items
        .filter((item) => item.kind === kind && item.action === 'add')
        .map((item) => item.lineNumber ?? item.tag);
      expect(stored.map((row) => row.tag).sort(), `${label}: ${kind} stored`).toEqual(listed.sort());
    }
  };
}

export function dexpiCasesFor(copies: readonly number[], seed: number): DexpiCase[] {
  const random = randomSource(seed);
  return copies.map((count) => ({ copies: count, seed: random.int(1, 2 ** 31) }));
}
