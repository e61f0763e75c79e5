import { sql } from 'drizzle-orm';
import type { SaveHook } from './hook-types';
import { queryRows } from '../entity-sql';
import { touchedRows } from './touched-rows';

const empty = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/**
 * A clarification's defaults: a new one was raised by the one saving it, today, unless typed; one moving to
 * Answered without a date was answered today (the database's date, as the award's).
 */
export const clarificationDefaults: SaveHook = async ({ db, schema, candidates, actor }) => {
  const answered = await touchedRows(db, schema, candidates, ['status'], ['status', 'answered_on']);
  const needsToday =
    candidates.some((c) => c.id === undefined && empty(c.values.raised_on)) ||
    answered.some(({ row }) => row.status === 'answered' && empty(row.answered_on));
  if (!needsToday) return;
  const [{ today } = { today: '' }] = await queryRows<{ today: string }>(db, sql`select current_date::text as today`);
  for (const candidate of candidates) {
    if (candidate.id !== undefined) continue;
    if (empty(candidate.values.raised_by)) candidate.values.raised_by = actor.username;
    if (empty(candidate.values.raised_on)) candidate.values.raised_on = today;
  }
  for (const { slot, row } of answered)
    if (row.status === 'answered' && empty(row.answered_on)) candidates[slot]!.values.answered_on = today;
};
