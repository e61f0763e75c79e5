import { useCallback, useEffect, useMemo } from 'react';
import { useApi } from '../../../app/api/api-client';
import type { ChangeSummary, Revision } from '../../../lib/project-revisions';
import type { SinceMark, SinceMarks } from '../../../grids/since-marks';
import { apiRoutes } from '../../../lib/api-routes';

/**
 * The revision clouds of one list of a project: the rows added or changed since the last issued revision,
 * with each changed field's value in that revision, for the tab's grid to mark; `reload` after a save in
 * the tab, so the marks follow. Nothing is asked for while the project has no revision.
 */
export function useRevisionMarks(
  projectId: number,
  entity: string | undefined,
): { marks: SinceMarks | undefined; reload: () => void } {
  const { data: revisions } = useApi<Revision[]>(entity ? apiRoutes.projectRevisions(projectId) : null, {
    revalidateOnFocus: false,
  });
  const latest = revisions?.[revisions.length - 1];
  const path = latest && entity ? apiRoutes.projectChanges(projectId, { from: latest.rev, entity }) : null;
  const { data, mutate } = useApi<ChangeSummary>(path, { revalidateOnFocus: false });
  const marks = useMemo(() => (data && latest ? toMarks(data, `Revision ${latest.rev}`) : undefined), [data, latest]);
  const reload = useCallback(() => void mutate(), [mutate]);
  // Read again whenever the tab opens: other users may have changed the list since it was last shown.
  useEffect(() => {
    if (path) void mutate();
  }, [path, mutate]);
  return { marks, reload };
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
