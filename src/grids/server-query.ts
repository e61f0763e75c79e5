import type { IFilterOptionDef } from 'ag-grid-community';
import type { ColumnFilter, FilterOp, SortSpec } from '../lib/entity-api';
import { isDecimalKind, type EntitySchema, type FieldDef } from '../schemas/schema-types';

/**
 * Filtering happens on the SERVER (lists are 20,000+ rows). The grid keeps its filter UI, but every
 * filter option's predicate passes every row, so the client-side row model never hides a loaded row (the
 * server already chose them) nor a new/pending one; the model is translated into ListQuery and the rows
 * reloaded. Sorting goes to the server only while the grid holds part of the view; once it holds every
 * row (loaded == total) a header click sorts the rows held with comparators that order as the server does
 * (column-factory `ClientSort`), and the query's sort still follows, so an export or a reload keeps it.
 */
const pass = () => true;
const option = (op: FilterOp, displayName: string, numberOfInputs: 0 | 1 | 2 = 1): IFilterOptionDef => ({
  displayKey: `srv_${op}`,
  displayName,
  predicate: pass,
  numberOfInputs,
});

export const textFilterOptions = [
  option('contains', 'Contains'),
  option('equals', 'Equals'),
  option('notEquals', 'Does not equal'),
  option('startsWith', 'Begins with'),
  option('blank', 'Blank', 0),
  option('notBlank', 'Not blank', 0),
];
export const rangeFilterOptions = [
  option('equals', 'Equals'),
  option('notEquals', 'Does not equal'),
  option('gte', 'At least'),
  option('lte', 'At most'),
  option('between', 'Between (inclusive)', 2),
  option('blank', 'Blank', 0),
  option('notBlank', 'Not blank', 0),
];

/** The model of the checkbox filter used for enum, lookup and boolean columns; a null value is '(Blanks)'. */
export type SetFilterModel = { filterType: 'set'; values: (string | number | boolean | null)[] };

type SimpleModel = {
  filterType?: string;
  type?: string;
  filter?: unknown;
  filterTo?: unknown;
  dateFrom?: string | null;
  dateTo?: string | null;
  values?: unknown[];
  operator?: string;
  conditions?: SimpleModel[];
};

function toWire(field: FieldDef | undefined, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (!field) return value;
  if (isDecimalKind(field)) return String(value);
  return value;
}

function translate(fieldName: string, field: FieldDef | undefined, model: SimpleModel): ColumnFilter[] {
  if (model.conditions)
    return model.operator === 'OR' ? [] : model.conditions.flatMap((c) => translate(fieldName, field, c));
  if (model.filterType === 'set')
    return model.values && model.values.length ? [{ field: fieldName, op: 'in', value: model.values }] : [];
  const op = (model.type ?? '').replace(/^srv_/, '') as FilterOp;
  if (!op) return [];
  if (op === 'blank' || op === 'notBlank') return [{ field: fieldName, op }];
  if (model.filterType === 'date') {
    const from = model.dateFrom?.slice(0, 10);
    const to = model.dateTo?.slice(0, 10);
    if (!from) return [];
    return op === 'between'
      ? [{ field: fieldName, op, value: from, valueTo: to ?? from }]
      : [{ field: fieldName, op, value: from }];
  }
  if (model.filter === undefined || model.filter === null || model.filter === '') return [];
  return op === 'between'
    ? [
        {
          field: fieldName,
          op,
          value: toWire(field, model.filter),
          valueTo: toWire(field, model.filterTo ?? model.filter),
        },
      ]
    : [{ field: fieldName, op, value: toWire(field, model.filter) }];
}

/** AG Grid filter model -> ColumnFilter[] (AND across columns, as the API applies them). */
export function filtersFromModel(schema: EntitySchema, model: Record<string, unknown>): ColumnFilter[] {
  return Object.entries(model).flatMap(([name, m]) =>
    translate(
      name,
      schema.fields.find((f) => f.name === name),
      m as SimpleModel,
    ),
  );
}

/** Sorted columns (in sort order) -> SortSpec[], else the schema's default; id last keeps paging stable. */
export function sortFromColumns(
  schema: EntitySchema,
  columns: readonly { colId: string; sort?: 'asc' | 'desc' | null; sortIndex?: number | null }[],
): SortSpec[] {
  const fields = new Set(schema.fields.map((f) => f.name));
  const sorted = columns
    .filter((c) => c.sort && fields.has(c.colId))
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
    .map((c) => ({ field: c.colId, direction: c.sort as 'asc' | 'desc' }));
  const sort = sorted.length ? sorted : [{ ...schema.defaultSort }];
  return sort.some((s) => s.field === 'id') ? sort : [...sort, { field: 'id', direction: 'asc' }];
}
