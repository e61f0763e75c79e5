import { projectRowPath, quotePath } from '../../app/paths';

/** The project document's tab of each list kept per project (its slug in the address; the projects feature's tabs). */
const PROJECT_TAB_OF: Readonly<Record<string, string>> = {
  areas: 'areas',
  mech_equipment: 'equipment',
  instruments: 'instruments',
  cabling: 'cabling',
  racking: 'racking',
  piping: 'piping',
  pids: 'pids',
  pfds: 'pfds',
  streams: 'streams',
  duty_sheets: 'duty-sheets',
};

/** Where a row is opened: its project's tab with the row open, or its quote; undefined where no screen shows it alone. */
export function recordPath(
  entity: string,
  id: number,
  root: { entity: string; id: number } | null,
): string | undefined {
  if (root?.entity === 'projects') {
    const tab = PROJECT_TAB_OF[entity];
    return tab ? projectRowPath(root.id, tab, id) : undefined;
  }
  if (root?.entity === 'quotes') return quotePath(root.id);
  if (entity === 'quotes') return quotePath(id);
  return undefined;
}

/** ManageTables on the currency rates. */
export const currencyRatesPath = '/home/general/admintables?table=currency_rates';
