import { count, desc, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, projects, users } from '../../db/tables';
import type { DashboardData } from '../../../lib/dashboard-data';

const FEED_LENGTH = 20;

/** Everything on the dashboard comes from here: the audit trail and live counts, nothing invented. */
export async function loadDashboardData(db: Db): Promise<DashboardData> {
  const weekAgo = new Date(Date.now() - 7 * 24 * 3600 * 1000);
  const [feed, [projectCount], [userCount], [auditCount], [recentCount]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        tablename: auditLog.tableName,
        field_name: auditLog.fieldName,
        record_id: auditLog.recordId,
        old_value: auditLog.oldValue,
        new_value: auditLog.newValue,
        username: auditLog.username,
        created_at: auditLog.createdAt,
        days_ago: sql<number>`floor(extract(epoch from (now() - ${auditLog.createdAt})) / 86400)::int`,
      })
      .from(auditLog)
      // Ids are drawn as rows are written: newest first by the primary key (created_at's index is BRIN).
      .orderBy(desc(auditLog.id))
      .limit(FEED_LENGTH),
    db.select({ n: count() }).from(projects),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(auditLog),
    db.select({ n: count() }).from(auditLog).where(gte(auditLog.createdAt, weekAgo)),
  ]);
  return {
    recentactivityfeed: feed.map((entry) => ({ ...entry, created_at: entry.created_at.toISOString(), days_ago: Number(entry.days_ago) })),
    counts: {
      projects: projectCount?.n ?? 0,
      users: userCount?.n ?? 0,
      auditEntries: auditCount?.n ?? 0,
      changesLast7Days: recentCount?.n ?? 0,
    },
  };
}
