import { sql, type SQL } from 'drizzle-orm';
import { describeActivities, type ActivityGroup } from '../../entities/history/activity-words';
import { queryRows } from '../../entities/entity-sql';
import type { Db } from '../../db/client';
import type { DashboardData } from '../../../lib/dashboard-data';
import { dashboardFigures } from './dashboard-figures';

const FEED_LENGTH = 20;
/** The newest audit rows the feed is grouped from. */
const RECENT_ROWS = 5_000;

/** Everything on the dashboard comes from here: the audit trail and live figures, nothing invented. */
export async function loadDashboardData(db: Db): Promise<DashboardData> {
  const [feed, figures] = await Promise.all([recentActivity(db), dashboardFigures(db)]);
  const words = await describeActivities(db, feed);
  return {
    ...figures,
    recentactivityfeed: feed.map((entry, i) => ({
      ...entry,
      created_at: new Date(entry.created_at).toISOString(),
      days_ago: Number(entry.days_ago),
      ...words[i]!,
    })),
  };
}

/**
 * The latest entries of the trail, one per save and kind of change: the audit rows one save writes share
 * their moment (created_at is the transaction's), so a 50-row paste or a seeded project is one entry
 * ("engineer changed Installed kW of 50 Mechanical equipment") instead of a screenful. Read from the
 * newest rows only (ids are drawn as rows are written), so the feed costs the same on any size of trail.
 */
async function recentActivity(db: Db) {
  return queryRows<ActivityGroup & { id: number; created_at: string; days_ago: number }>(db, recentActivityQuery());
}

/** The feed's statement (also run raw by the dashboard benchmark). */
export function recentActivityQuery(): SQL {
  return sql`with recent as (select * from audit_log order by id desc limit ${RECENT_ROWS})
        select max(id)::int as id, action, table_name as tablename, field_name,
               (array_agg(record_id order by id desc))[1] as record_id,
               (array_agg(old_value order by id desc))[1] as old_value,
               (array_agg(new_value order by id desc))[1] as new_value,
               username, count(*)::int as rows, created_at,
               floor(extract(epoch from (now() - created_at)) / 86400)::int as days_ago
        from recent
        group by created_at, username, action, table_name, field_name
        order by max(id) desc
        limit ${FEED_LENGTH}`;
}
