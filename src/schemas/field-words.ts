import { formatValue } from './display-format';
import { getEntitySchema } from './registry';
import { fieldByName } from './schema-types';

/**
 * A stored value of one field of an entity as its list shows it ('budget_quote' as 'Budget quote'), for
 * figures and workbooks that carry a row's values away from its grid (CAPEX's export, the bid tab, a quote
 * revision's changes). A field the schema does not declare shows the value as it is.
 */
export function fieldValueText(entity: string, field: string, value: unknown): string {
  const def = fieldByName(getEntitySchema(entity), field);
  if (def) return formatValue(def, value);
  return value === null || value === undefined ? '' : String(value);
}
