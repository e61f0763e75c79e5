import { apiRoutes, projectRef } from './api-routes';

/** Where a text field's suggestions come from (schema `suggest`), for one row: its parent names the project. */
export type SuggestSource = { entity: string; parentEntity: string; parentId: number };

type Fetcher = <T>(path: string, init?: RequestInit) => Promise<T>;

/**
 * The labels of `entity`'s rows in the project of the row's parent (a quote line's quote), containing `q`:
 * the parent's project is read once per parent (`projects` caches it, per grid or per form), then
 * GET /api/projects/<project>/entities/<entity>/options?q=. The grid's cell editor and the row dialog's input both ask here.
 */
export async function fetchSuggestions(
  fetcher: Fetcher,
  projects: Map<string, Promise<number | null>>,
  source: SuggestSource,
  q: string,
  limit = 20,
): Promise<string[]> {
  const key = `${source.parentEntity}#${source.parentId}`;
  let project = projects.get(key);
  if (!project) {
    project = fetcher<Record<string, unknown>>(apiRoutes.entityRow(source.parentEntity, source.parentId)).then((row) =>
      typeof row.project_id === 'number' ? row.project_id : null,
    );
    projects.set(key, project);
    project.catch(() => projects.delete(key));
  }
  const projectId = await project;
  if (projectId === null) return [];
  const options = await fetcher<unknown>(apiRoutes.documentOptions(projectRef(projectId), source.entity, { q, limit }));
  return Array.isArray(options)
    ? options.flatMap((option: unknown) =>
        option && typeof option === 'object' && typeof (option as { label?: unknown }).label === 'string'
          ? [(option as { label: string }).label]
          : [],
      )
    : [];
}
