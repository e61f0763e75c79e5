/**
 * The meetings module's API contract beyond the engine's (POST /api/meetings/:id/next, GET
 * /api/meetings/overdue-actions), shared by the server and the browser.
 */

/** Next meeting's default date: a week after the meeting it follows (series meet weekly, field guide §16). */
export const NEXT_MEETING_DAYS = 7;

/** POST /api/meetings/:id/next: both optional (the date a week on, the same title). */
export type NextMeetingBody = { meeting_date?: string; title?: string };

/** A carried action's reference to its original: the earlier meeting's date (same series) and item number, e.g. '2025-10-07 #4'. */
export function carriedFromLabel(meetingDate: string, itemNo: number): string {
  return `${meetingDate} #${itemNo}`;
}

/** 'YYYY-MM-DD' plus `days`, on the calendar (no time zone: a date is a day). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export type OverdueAction = {
  item_id: number;
  item_no: number;
  description: string;
  due_date: string;
  days_overdue: number;
  carried_from: string | null;
  meeting_id: number;
  meeting_date: string;
  meeting_title: string;
  series: string;
  project_name: string | null;
};

/** One owner's overdue actions: how many, the oldest due date, and the actions, oldest first. */
export type OverdueOwner = { owner: string; count: number; oldest_due: string; items: OverdueAction[] };

export type OverdueActions = { today: string; owners: OverdueOwner[] };
