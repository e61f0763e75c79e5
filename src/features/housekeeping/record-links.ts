import { projectRowPath, quotePath } from '../../app/paths';
import { projectDocument, tabbedLists } from '../../schemas/documents/document-registry';

/** The project page's tab of each list kept per project (its slug in the address), from the project's declaration. */
const PROJECT_TAB_OF: ReadonlyMap<string, string> = new Map(
  tabbedLists(projectDocument).map((list) => [list.entity, list.tab.slug]),
);

/** Where a row is opened: its project's tab with the row open, or its quote; undefined where no screen shows it alone. */
export function recordPath(
  entity: string,
  id: number,
  root: { entity: string; id: number } | null,
): string | undefined {
  if (root?.entity === 'projects') {
    const tab = PROJECT_TAB_OF.get(entity);
    return tab ? projectRowPath(root.id, tab, id) : undefined;
  }
  if (root?.entity === 'quotes') return quotePath(root.id);
  if (entity === 'quotes') return quotePath(id);
  return undefined;
}

/** ManageTables on the currency rates. */
export const currencyRatesPath = '/home/general/admintables?table=currency_rates';
