import { sql } from 'drizzle-orm';
import { carriedFromLabel } from '../../lib/meetings';
import { getEntitySchema } from '../../schemas/registry';
import type { EntityRow } from '../../schemas/schema-types';
import { SYSTEM_ACTOR, type Actor } from '../audit/audit-writer';
import { saveEntityBatch } from '../entities/batch-save';
import { queryRows } from '../entities/entity-sql';
import { createNextMeeting } from '../modules/meetings';
import type { Db } from '../db/client';
import {
  DEMO_MEETING_PROJECT,
  DEMO_MEETING_SERIES,
  demoMeetingHeader,
  demoMeetings,
  type DemoMeeting,
} from './demo-meetings';
import { create } from './seed-entities';

/**
 * The demo meeting series, whenever no meeting of it exists (so a database seeded before meetings gets it
 * on restart), in one transaction. The first meeting is created; each later one by Next meeting, which
 * carries the open actions forward as a user's click would; then the meeting's own minutes follow the
 * carried actions, and the carried actions closed at that meeting are marked so.
 */
export async function seedDemoMeetings(db: Db, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  if ((await queryRows(db, sql`select 1 from meetings where series = ${DEMO_MEETING_SERIES} limit 1`)).length > 0)
    return;
  const [project] = await queryRows<{ id: number }>(
    db,
    sql`select id from projects where name = ${DEMO_MEETING_PROJECT} limit 1`,
  );
  await db.transaction(async (tx) => {
    let previous: { id: number; date: string } | undefined;
    for (const demo of demoMeetings) {
      const { meeting, carried } = previous
        ? await createNextMeeting(tx, previous.id, { meeting_date: demo.meeting_date }, actor)
        : {
            meeting: (
              await create(
                tx,
                'meetings',
                [
                  {
                    ...demoMeetingHeader,
                    project_id: project?.id ?? null,
                    meeting_date: demo.meeting_date,
                    agenda: demo.agenda,
                  },
                ],
                actor,
              )
            )[0] as EntityRow,
            carried: [],
          };
      // Next meeting copies no agenda (each meeting has its own): the demo's is set after.
      if (previous)
        await saveEntityBatch(
          tx,
          getEntitySchema('meetings'),
          { updates: [{ id: meeting.id, version: meeting.version, changes: { agenda: demo.agenda } }] },
          actor,
        );
      await closeCarried(tx, demo, carried, previous?.date, actor);
      await create(tx, 'meeting_items', minutesOf(demo, meeting.id, carried.length), actor);
      previous = { id: meeting.id, date: demo.meeting_date };
    }
  });
}

function minutesOf(demo: DemoMeeting, meetingId: number, carriedCount: number): Record<string, unknown>[] {
  return demo.minutes.map((minute, i) => ({
    meeting_id: meetingId,
    item_no: carriedCount + i + 1,
    kind: minute.kind,
    description: minute.description,
    owner: minute.owner ?? null,
    due_date: minute.due_date ?? null,
    status: minute.kind === 'action' ? (minute.status ?? 'open') : null,
  }));
}

async function closeCarried(
  db: Db,
  demo: DemoMeeting,
  carried: readonly EntityRow[],
  previousDate: string | undefined,
  actor: Actor,
): Promise<void> {
  if (!demo.closeCarried?.length || !previousDate) return;
  const updates = demo.closeCarried.map(({ carriedItemNo, status }) => {
    const row = carried.find((item) => item.carried_from === carriedFromLabel(previousDate, carriedItemNo));
    if (!row)
      throw new Error(
        `The demo meeting of ${demo.meeting_date} closes carried item ${carriedItemNo}, which was not carried (not open on ${previousDate})`,
      );
    return { id: row.id, version: row.version, changes: { status } };
  });
  await saveEntityBatch(db, getEntitySchema('meeting_items'), { updates }, actor);
}
