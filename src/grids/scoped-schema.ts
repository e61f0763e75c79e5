import type { ColumnFilter } from '../lib/entity-api';
import type { EntitySchema, FieldDef } from '../schemas/schema-types';

/**
 * A grid showing one document's rows of a scoped list (a project's equipment): `field` is the list's root
 * (project_id), `value` the document's id. Pure: the grid, the import and the import's worker use it.
 */
export type GridScope = { field: string; value: number };

const derived = new WeakMap<EntitySchema, Map<string, EntitySchema>>();

/**
 * The schema a scoped grid works with: the root field defaults to the document, so every new row (Add row,
 * a paste running past the end, Duplicate, an imported row) is stamped with it, and it is hidden. One object
 * per schema and scope, so everything keyed by the schema's identity (validators, the store) is made once.
 */
export function scopedSchema(schema: EntitySchema, scope: GridScope): EntitySchema {
  let byScope = derived.get(schema);
  if (!byScope) {
    byScope = new Map();
    derived.set(schema, byScope);
  }
  const key = `${scope.field}=${scope.value}`;
  let result = byScope.get(key);
  if (!result) {
    const fields = schema.fields.map((field) =>
      field.name === scope.field
        ? ({ ...field, default: scope.value, grid: { ...field.grid, hidden: true } } as FieldDef)
        : field,
    );
    result = { ...schema, fields };
    byScope.set(key, result);
  }
  return result;
}

/** The list filter that narrows a scoped grid (and its export) to its document's rows. */
export function scopeFilter(scope: GridScope): ColumnFilter {
  return { field: scope.field, op: 'equals', value: scope.value };
}

/** The schema without the scope's root field: a document's export leaves the column out (every row would name the same document). */
export function withoutScopeField(schema: EntitySchema, scope: GridScope): EntitySchema {
  return { ...schema, fields: schema.fields.filter((field) => field.name !== scope.field) };
}
