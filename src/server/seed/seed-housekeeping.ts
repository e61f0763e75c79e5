import { SYSTEM_ACTOR, type Actor } from '../audit/audit-writer';
import { sql } from 'drizzle-orm';
import { queryRows } from '../entities/entity-sql';
import type { Db } from '../db/client';
import { create } from './seed-entities';

/**
 * Something for housekeeping (field guide §15) to find in the demo, in the Kwinana refinery so that
 * Cerro Azul's figures (the ones the demo and its tests quote) stay as they are:
 * - a superseded P&ID and a tank drawn on it, both soft-deleted long ago: purged together;
 * - area 900, soft-deleted long ago, whose generator row was never deleted: the purge keeps the area
 *   (a live row is part of it) and the generator is listed as an orphan.
 * The demo's other findings come with it: quote Q-2025-099 lapsed but still "Received", NOK's rate last
 * set in June 2026, and every demo project and its quotes marked test data.
 * Added once, when the refinery has no area 900 (a restart adds nothing, nor after a purge).
 */

const PROJECT = 'Kwinana Lithium Hydroxide Refinery';
/** When the demo's soft deletes happened: long before any purge cut-off a user would pick. */
const DELETED_ON = '2025-08-01';

export async function seedDemoHousekeeping(db: Db, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  const [project] = await queryRows<{ id: number }>(db, sql`select id from projects where name = ${PROJECT}`);
  if (!project) return;
  const seeded = await queryRows<{ id: number }>(
    db,
    sql`select id from areas where project_id = ${project.id} and areacode = '900'`,
  );
  if (seeded.length > 0) return;
  const [area200] = await queryRows<{ id: number }>(
    db,
    sql`select id from areas where project_id = ${project.id} and areacode = '200'`,
  );
  if (!area200) return;
  await db.transaction(async (tx) => {
    const [pid] = await create(
      tx,
      'pids',
      [
        {
          project_id: project.id,
          drawing_number: 'PID-200-000',
          title: 'Water leach, first issue (superseded by PID-200-001)',
          revision: 'A',
          status: 'IFR',
          projarea_id: area200.id,
          deleteflag: true,
        },
      ],
      actor,
    );
    const [tank] = await create(
      tx,
      'mech_equipment',
      [
        {
          project_id: project.id,
          projarea_id: area200.id,
          tagno: '200-TK-009',
          description: 'Leach feed surge tank (dropped from the flowsheet)',
          type_code: 'TK',
          pid_id: pid!.id,
          deleteflag: true,
        },
      ],
      actor,
    );
    const [area900] = await create(
      tx,
      'areas',
      [
        {
          project_id: project.id,
          areacode: '900',
          description: 'Temporary construction facilities (dropped from scope)',
          wbs_code: 'KW-900',
          deleteflag: true,
        },
      ],
      actor,
    );
    await create(
      tx,
      'mech_equipment',
      [
        {
          project_id: project.id,
          projarea_id: area900!.id,
          tagno: '900-GE-001',
          description: 'Construction diesel generator set (hire)',
          type_code: 'GE',
          running: false,
        },
      ],
      actor,
    );
    // The engine stamps rows with now; these deletes are meant to be old ones.
    for (const [table, id] of [
      ['pids', pid!.id],
      ['mech_equipment', tank!.id],
      ['areas', area900!.id],
    ] as const) {
      await tx.execute(
        sql`update ${sql.identifier(table)} set updated_at = ${DELETED_ON}::date, created_at = ${DELETED_ON}::date where id = ${id}`,
      );
    }
  });
}
