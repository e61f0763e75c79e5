import { sql, type SQL } from 'drizzle-orm';
import type { OverdueActions, OverdueOwner } from '../../../lib/meetings';
import type { Db } from '../../db/client';
import { queryJsonRows, queryRows } from '../../entities/entity-sql';

/** The actions (alias i, meeting_items) overdue on `day`: open, due before it. Shared with the dashboard's count. */
export const isOverdueAction = (day: SQL): SQL => sql`i.kind = 'action' and i.status = 'open' and i.due_date < ${day}`;

/**
 * Open actions due before `today`, grouped by owner (field guide §12 "overdue actions by owner"), in one
 * statement: per owner the count, the oldest due date and the actions (oldest first) with their meeting.
 * An action carried to a later meeting is 'carried' in the earlier one, so each action counts once.
 * Owners are grouped case-insensitively ('ana torres' is Ana Torres); the group shows its first spelling.
 * `today` is the caller's date (the browser sends its own); the database's when left out.
 */
export async function overdueActionsByOwner(db: Db, today?: string): Promise<OverdueActions> {
  const day = today ? sql`${today}::date` : sql`current_date`;
  const owners = await queryJsonRows<OverdueOwner>(
    db,
    sql`select min(i.owner) as owner, count(*)::int as count, to_char(min(i.due_date), 'YYYY-MM-DD') as oldest_due,
          json_agg(json_build_object(
            'item_id', i.id, 'item_no', i.item_no, 'description', i.description,
            'due_date', to_char(i.due_date, 'YYYY-MM-DD'), 'days_overdue', ${day} - i.due_date, 'carried_from', i.carried_from,
            'meeting_id', m.id, 'meeting_date', to_char(m.meeting_date, 'YYYY-MM-DD'), 'meeting_title', m.title, 'series', m.series, 'project_name', p.name
          ) order by i.due_date, m.meeting_date, i.item_no) as items
        from meeting_items i
        join meetings m on m.id = i.meeting_id
        left join projects p on p.id = m.project_id
        where ${isOverdueAction(day)}
        group by lower(i.owner)
        order by count(*) desc, min(i.due_date), lower(i.owner)`,
  );
  const date =
    today ??
    (await queryRows<{ today: string }>(db, sql`select to_char(current_date, 'YYYY-MM-DD') as today`))[0]?.today ??
    '';
  return { today: date, owners };
}
