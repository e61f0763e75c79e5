import { sql } from 'drizzle-orm';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import { generateLargeProject, LARGE_PROJECT_NAME, LARGE_PROJECT_NUMBER, type LargeProject } from './generate';
import { sizesStamp, type LargeProjectSizes } from './sizes';
import { createHeader, writeProjectLists, type WriteProgress, type WrittenCounts } from './write-project';

export type LargeProjectOutcome = {
  projectId: number;
  /** Rows added by this run, per list; all 0 when the project was there, complete, already. */
  added: WrittenCounts;
  /** The project's rows per list after the run. */
  counts: WrittenCounts;
  seconds: number;
};

/** Each list's rows the generated project holds, by entity: what a complete project counts. */
export function expectedCounts(project: LargeProject): WrittenCounts {
  return {
    areas: project.areas.length,
    pids: project.pids.length,
    pfds: project.pfds.length,
    mech_equipment: project.equipment.length,
    piping: project.lines.length,
    instruments: project.instruments.length,
    cabling: project.cables.length,
    racking: project.racking.length,
    streams: project.streams.length,
    electrical_loads: project.loads.length,
  };
}

async function storedCounts(db: Db, projectId: number, entities: readonly string[]): Promise<WrittenCounts> {
  const counts: WrittenCounts = {};
  for (const entity of entities) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(entity)} where project_id = ${projectId}`,
    );
    counts[entity] = row?.n ?? 0;
  }
  return counts;
}

/**
 * Seeds the large project (#33 item 4) in `db` (reference data already seeded), idempotently: a project of
 * that name or number generated with the same sizes and seed is completed (mode 0 adds only missing rows)
 * or, when complete, left alone; one generated with other sizes, or a user's project of that name or
 * number, is refused with a message saying so, and nothing is written.
 */
export async function seedLargeProject(
  db: Db,
  sizes: LargeProjectSizes,
  seed: number,
  actor: Actor,
  progress?: WriteProgress,
): Promise<LargeProjectOutcome> {
  const started = performance.now();
  const project = generateLargeProject(sizes, seed);
  const expected = expectedCounts(project);
  const [existing] = await queryRows<{ id: number; name: string; description: string | null }>(
    db,
    sql`select id, name, description from projects where name = ${LARGE_PROJECT_NAME} or project_number = ${LARGE_PROJECT_NUMBER} order by id limit 1`,
  );
  if (existing && !existing.description?.includes(sizesStamp(sizes, seed)))
    throw new Error(
      `The project "${existing.name}" (id ${existing.id}) is there already, not generated with these sizes: ` +
        `${existing.description ?? 'no description'} Delete it (with its contents) first, or run with the sizes it was made with.`,
    );
  if (existing) {
    const counts = await storedCounts(db, existing.id, Object.keys(expected));
    if (Object.entries(expected).every(([entity, n]) => counts[entity] === n))
      return {
        projectId: existing.id,
        added: Object.fromEntries(Object.keys(expected).map((entity) => [entity, 0])),
        counts,
        seconds: (performance.now() - started) / 1000,
      };
  }
  const projectId = existing?.id ?? (await createHeader(db, project, actor));
  const added = await writeProjectLists(db, projectId, project, actor, progress);
  return {
    projectId,
    added,
    counts: await storedCounts(db, projectId, Object.keys(expected)),
    seconds: (performance.now() - started) / 1000,
  };
}
