import { formatValue } from '../../../../schemas/display-format';
import {
  fieldByName,
  SOFT_DELETE_FIELD,
  type EntityRow,
  type EntitySchema,
  type FieldDef,
} from '../../../../schemas/schema-types';
import type { DocCell, DocColumn } from '../document-model';

/** A lookup's label by entity and id (an area's code, a supplier's name); '' for none. */
export type LabelOf = (entity: string, id: unknown) => string;

/** A column of a list deliverable: a field of the list, or one the deliverable derives from the row. */
export type ListColumn = { column: DocColumn; cell: (row: EntityRow) => DocCell };

const NUMBER_KINDS = new Set(['integer', 'decimal', 'percent', 'money']);

/** The places a number field shows: a decimal's scale, money's cents, none for a count. */
function placesOf(field: FieldDef): number {
  if (field.kind === 'money') return 2;
  if ((field.kind === 'decimal' || field.kind === 'percent') && field.scale !== undefined) return field.scale;
  return 0;
}

/**
 * A field of a list as a deliverable's column, its cells as the grid shows them: numbers stay numbers (so the
 * workbook can sum them), enums and booleans in words, lookups by their row's label.
 */
export function fieldColumn(
  schema: EntitySchema,
  name: string,
  labelOf: LabelOf,
  extra: Partial<DocColumn> = {},
): ListColumn {
  const field = fieldByName(schema, name);
  if (!field) throw new Error(`${schema.name} has no field ${name}`);
  const isNumber = NUMBER_KINDS.has(field.kind) && !(field.kind === 'integer' && field.choices);
  const unit = field.kind === 'percent' ? '%' : 'unit' in field ? field.unit : undefined;
  const column: DocColumn = {
    key: name,
    label: field.label,
    unit: unit || undefined,
    kind: isNumber ? 'number' : 'text',
    decimals: placesOf(field),
    width: Math.round((field.grid?.width ?? 120) / 7),
    ...extra,
  };
  const cell = (row: EntityRow): DocCell => {
    const value = row[name];
    if (value === null || value === undefined || value === '') return null;
    if (field.kind === 'lookup') return labelOf(field.entity, value);
    if (isNumber) return Number(value);
    return formatValue(field, value);
  };
  return { column, cell };
}

/** The fields a list's grid shows by default, minus the project (the title block names it) and the soft delete. */
export function shownFields(schema: EntitySchema): string[] {
  return schema.fields
    .filter((f) => !f.grid?.hidden && f.name !== schema.scope?.root && f.name !== SOFT_DELETE_FIELD)
    .map((f) => f.name);
}

/** Live rows only: a soft-deleted row is not part of an issued list. */
export const liveRows = (rows: readonly EntityRow[]): EntityRow[] =>
  rows.filter((row) => row[SOFT_DELETE_FIELD] !== true);
