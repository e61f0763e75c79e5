import { sql } from 'drizzle-orm';
import { addDays, carriedFromLabel, NEXT_MEETING_DAYS, type NextMeetingBody } from '../../../lib/meetings';
import { getEntitySchema } from '../../../schemas/registry';
import type { EntityRow } from '../../../schemas/schema-types';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { saveEntityBatch } from '../../entities/batch-save';
import { queryJsonRows, selectRowsById } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';

export type NextMeetingAnswer = { meeting: EntityRow; carried: EntityRow[] };

type OpenAction = {
  id: number;
  version: number;
  item_no: number;
  description: string;
  owner: string;
  due_date: string;
};

/**
 * The next meeting of a meeting's series (field guide §12), in one transaction through the engine's save
 * (every check, hook and audit row): a new meeting on `meeting_date` (a week on by default) with the
 * same series, project, location and attendees, holding a copy of each of this meeting's OPEN actions
 * (numbered 1..n, `carried_from` naming the original); the originals become 'carried', so an action is
 * open in one meeting only and counted once as overdue.
 *
 * Refused (409) when the series already has a meeting after this one: open actions carry forward from the
 * latest meeting only, else they would be copied twice, or into a meeting that is not the next one.
 */
export async function createNextMeeting(
  db: Db,
  meetingId: number,
  input: NextMeetingBody,
  actor: Actor,
): Promise<NextMeetingAnswer> {
  const meetings = getEntitySchema('meetings');
  const items = getEntitySchema('meeting_items');
  return db.transaction(async (tx) => {
    const source = (await selectRowsById(tx, meetings, [meetingId], true)).get(meetingId);
    if (!source) throw new AppError('not_found', `No Meeting with id ${meetingId}.`);
    const series = String(source.series);
    const date = String(source.meeting_date);
    // Every meeting of the series locked: two Next meeting requests of one series run one after the other.
    await tx.execute(sql`select id from meetings where series = ${series} for update`);
    const [later] = await queryJsonRows<{ id: number; title: string; meeting_date: string }>(
      tx,
      sql`select id, title, to_char(meeting_date, 'YYYY-MM-DD') as meeting_date from meetings where series = ${series} and meeting_date > ${date}::date order by meeting_date limit 1`,
    );
    if (later) {
      throw new AppError(
        'conflict',
        `The series "${series}" already has a later meeting: "${later.title}" on ${later.meeting_date}. Open actions carry forward from the latest meeting of a series only; use that meeting's Next meeting.`,
        { meeting: later },
      );
    }
    const nextDate = input.meeting_date ?? addDays(date, NEXT_MEETING_DAYS);
    if (nextDate <= date)
      throw new AppError('validation_failed', `The next meeting must be after this one (${date}).`, {
        fields: { meeting_date: `After ${date}` },
      });

    const values = {
      title: input.title?.trim() || source.title,
      series,
      meeting_date: nextDate,
      project_id: source.project_id,
      location: source.location,
      attendees: source.attendees,
      is_testdata: source.is_testdata,
    };
    const [meeting] = (await saveEntityBatch(tx, meetings, { creates: [{ clientKey: 'next', values }] }, actor))
      .created;
    const newId = (meeting as EntityRow).id;

    const open = await queryJsonRows<OpenAction>(
      tx,
      sql`select id, version, item_no, description, owner, to_char(due_date, 'YYYY-MM-DD') as due_date
          from meeting_items where meeting_id = ${meetingId} and kind = 'action' and status = 'open' order by item_no for update`,
    );
    if (open.length === 0) return { meeting: meeting as EntityRow, carried: [] };
    const creates = open.map((action, i) => ({
      clientKey: String(action.id),
      values: {
        meeting_id: newId,
        item_no: i + 1,
        kind: 'action',
        description: action.description,
        owner: action.owner,
        due_date: action.due_date,
        status: 'open',
        carried_from: carriedFromLabel(date, action.item_no),
      },
    }));
    const { created } = await saveEntityBatch(tx, items, { creates }, actor);
    await saveEntityBatch(
      tx,
      items,
      { updates: open.map((action) => ({ id: action.id, version: action.version, changes: { status: 'carried' } })) },
      actor,
    );
    return { meeting: meeting as EntityRow, carried: created.map(({ clientKey: _key, ...row }) => row as EntityRow) };
  });
}
