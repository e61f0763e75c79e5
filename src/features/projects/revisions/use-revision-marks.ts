import { useCallback, useEffect, useMemo } from 'react';
import { useApi, useApiFetch } from '../../../app/api/api-client';
import type { LiveFeed } from '../../../app/live-changes';
import type { ChangeSummary, Revision } from '../../../lib/project-revisions';
import type { SinceMark, SinceMarks } from '../../../grids/since-marks';
import { apiRoutes } from '../../../lib/api-routes';

/** After colleagues' saves, the marks re-read only the rows they named, up to this many (more: the whole list). */
const SOME_ROWS_MAX = 1000;
/** Saves settle this long before the marks are read again: a burst of saves is one read. */
const SETTLE_MS = 500;

/**
 * The revision clouds of one list of a project: the rows added or changed since the last issued revision,
 * with each changed field's value in that revision, for the tab's grid to mark; `reload` after a save in
 * the tab, so the marks follow. Nothing is asked for while the project has no revision. With the project's
 * live feed, others' saves to the list re-read only the rows they name (`ids`): at 150,000 cables the whole
 * list's summary is seconds of the server's time, and every open tab would ask it again after every save.
 */
export function useRevisionMarks(
  projectId: number,
  entity: string | undefined,
  live?: LiveFeed,
): { marks: SinceMarks | undefined; reload: () => void } {
  const { data: revisions } = useApi<Revision[]>(entity ? apiRoutes.projectRevisions(projectId) : null, {
    revalidateOnFocus: false,
  });
  const latest = revisions?.[revisions.length - 1];
  const path = latest && entity ? apiRoutes.projectChanges(projectId, { from: latest.rev, entity }) : null;
  const { data, mutate } = useApi<ChangeSummary>(path, { revalidateOnFocus: false });
  const fetcher = useApiFetch();
  const marks = useMemo(() => (data && latest ? toMarks(data, `Revision ${latest.rev}`) : undefined), [data, latest]);
  const reload = useCallback(() => void mutate(), [mutate]);
  // Read again whenever the tab opens: other users may have changed the list since it was last shown.
  useEffect(() => {
    if (path) void mutate();
  }, [path, mutate]);

  useEffect(() => {
    if (!live || !latest || !entity) return;
    let named = new Set<number>();
    let whole = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const ids = [...named];
        const all = whole || ids.length > SOME_ROWS_MAX;
        named = new Set();
        whole = false;
        if (all) return void mutate();
        if (ids.length === 0) return;
        const some = apiRoutes.projectChanges(projectId, { from: latest.rev, entity, ids });
        void mutate(
          async (current) => {
            const answer = await fetcher<ChangeSummary>(some);
            return current ? withSomeRows(current, answer, ids) : current;
          },
          { revalidate: false },
        ).catch(() => void mutate());
      }, SETTLE_MS);
    };
    const unsubscribe = live.subscribe({
      change: (change) => {
        if (change.list !== entity) return;
        for (const row of change.rows) named.add(row.id);
        settle();
      },
      reload: (event) => {
        if (event.list !== undefined && event.list !== entity) return;
        whole = true;
        settle();
      },
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [live, latest, entity, projectId, fetcher, mutate]);
  return { marks, reload };
}

/**
 * The summary with some rows' entries replaced by a summary of those rows alone (`ids`): the rows the whole
 * list's summary had for them go (a row now unchanged loses its mark), and theirs added or changed come in. For
 * the marks only: the counts, and the deleted rows, stay as the whole list's summary last said.
 */
export function withSomeRows(whole: ChangeSummary, some: ChangeSummary, ids: readonly number[]): ChangeSummary {
  const named = new Set(ids);
  return {
    ...whole,
    rows: [
      ...whole.rows.filter((row) => row.rowId === undefined || !named.has(row.rowId)),
      ...some.rows.filter((row) => row.rowId !== undefined),
    ],
  };
}

/** The change summary's added and changed rows by grid row key (the row's id); a renamed row is a changed one. */
export function toMarks(summary: Pick<ChangeSummary, 'rows'>, label: string): SinceMarks {
  const rows = new Map<string, SinceMark>();
  for (const row of summary.rows) {
    if (row.rowId === undefined || row.change === 'deleted') continue;
    // A renamed row is the same row under a new tag: changed, its old tag on the tag cell.
    rows.set(String(row.rowId), {
      added: row.change === 'added' && row.renamedFrom === undefined,
      old: Object.fromEntries(row.fields.map((f) => [f.field, f.old])),
    });
  }
  return { label, rows };
}
