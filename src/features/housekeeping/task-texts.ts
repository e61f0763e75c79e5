import {
  HOUSEKEEPING_TASK_LABELS,
  type HousekeepingTask,
  type ListCount,
  type TaskResults,
} from '../../lib/housekeeping';

const n = (value: number) => value.toLocaleString('en-US');
const rows = (count: number) => `${n(count)} ${count === 1 ? 'row' : 'rows'}`;

/** "1 Mechanical equipment, 2 P&IDs" */
export function listsText(lists: readonly ListCount[]): string {
  return lists.map((l) => `${n(l.count)} ${l.label}`).join(', ');
}

/** What each task does, said before anyone ticks it. */
export function taskHelp(task: HousekeepingTask, purgeDays: number): string {
  switch (task) {
    case 'markExpiredQuotes':
      return 'Quotes past their valid-until date and still Requested, Received or Under review are set to Expired.';
    case 'recomputeDerived':
      return 'Stored computed fields (line totals, base amounts, line numbers, test pressures, client names) are derived again; only rows whose value differs are written. Roll-ups, CAPEX and quote totals are computed on every read, so they are never stale.';
    case 'purgeSoftDeleted':
      return `Rows deleted in their lists and unchanged for more than ${n(purgeDays)} days are deleted for good. A row that something still in use refers to is kept.`;
    case 'deleteTestData':
      return 'Rows marked Test data (the demo projects with their documents, quotes, packages, adjudications, meetings, proposals) are deleted for good, with everything in them. A test row that real data still refers to is kept, with what is in it.';
  }
}

/** The count a dry run found, in words. */
export function countText(task: HousekeepingTask, tasks: TaskResults): string {
  switch (task) {
    case 'markExpiredQuotes':
      return `${n(tasks.markExpiredQuotes.count)} ${tasks.markExpiredQuotes.count === 1 ? 'quote' : 'quotes'}`;
    case 'recomputeDerived':
      return `${rows(tasks.recomputeDerived.count)} out of date (of ${n(tasks.recomputeDerived.checked)} checked)`;
    case 'purgeSoftDeleted':
    case 'deleteTestData':
      return rows(tasks[task].count);
  }
}

/** What a run of `task` will do, for the confirmation. */
export function confirmText(task: HousekeepingTask, tasks: TaskResults): string {
  switch (task) {
    case 'markExpiredQuotes':
      return `Mark ${n(tasks.markExpiredQuotes.count)} expired ${tasks.markExpiredQuotes.count === 1 ? 'quote' : 'quotes'} as Expired.`;
    case 'recomputeDerived':
      return `Write the derived figures of ${rows(tasks.recomputeDerived.count)}${tasks.recomputeDerived.lists.length ? ` (${listsText(tasks.recomputeDerived.lists)})` : ''}.`;
    case 'purgeSoftDeleted': {
      const plan = tasks.purgeSoftDeleted;
      return `Delete for good ${rows(plan.count)} soft-deleted before ${plan.cutoff}${plan.lists.length ? `: ${listsText(plan.lists)}` : ''}.`;
    }
    case 'deleteTestData': {
      const plan = tasks.deleteTestData;
      return `Delete for good ${rows(plan.count)} of test data${plan.lists.length ? `: ${listsText(plan.lists)}` : ''}.`;
    }
  }
}

/** What a run did, one line per task. */
export function resultText(task: HousekeepingTask, results: Partial<TaskResults>): string {
  const label = HOUSEKEEPING_TASK_LABELS[task];
  switch (task) {
    case 'markExpiredQuotes':
      return `${label}: ${n(results.markExpiredQuotes?.count ?? 0)} marked expired`;
    case 'recomputeDerived':
      return `${label}: ${rows(results.recomputeDerived?.count ?? 0)} written`;
    case 'purgeSoftDeleted':
    case 'deleteTestData': {
      const plan = results[task];
      const kept = plan?.kept.reduce((sum, k) => sum + k.count, 0) ?? 0;
      return `${label}: ${rows(plan?.count ?? 0)} deleted${kept ? `, ${rows(kept)} kept` : ''}`;
    }
  }
}
