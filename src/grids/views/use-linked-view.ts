import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApi } from '../../app/api/api-client';
import { apiRoutes } from '../../lib/api-routes';
import { VIEW_PARAM, type SavedView } from '../../lib/saved-views';

/**
 * For a page of several lists (a document's tabs): the list of the view named in the address when the page
 * opened (`?view=<id>`, a colleague's link), so the page opens on that list's tab and its grid applies the
 * view. `waiting` while it is read (the tabs wait, or the first tab's grid would load for nothing).
 * `leave` drops the parameter when the user moves to another tab: it named the other list's view.
 */
export function useLinkedViewList(enabled: boolean): { waiting: boolean; list: string | null; leave: () => void } {
  const [search, setSearch] = useSearchParams();
  const param = search.get(VIEW_PARAM);
  const linked = useRef(param && /^\d{1,9}$/.test(param) ? Number(param) : null);
  const { data, error } = useApi<SavedView>(
    enabled && linked.current !== null ? apiRoutes.view(linked.current) : null,
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
    },
  );
  const leave = useCallback(() => {
    setSearch(
      (now) => {
        const next = new URLSearchParams(now);
        next.delete(VIEW_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setSearch]);
  return { waiting: enabled && linked.current !== null && !data && !error, list: data?.list ?? null, leave };
}
