import type { EntitySchema, FieldDef } from '../schemas/schema-types';

/**
 * The current project (app/current-project.tsx) as the starting value of a list's project: the lookups to
 * projects of a list that takes one (quotes, packages, meetings), where the schema sets no default of its
 * own. A scoped grid's root is its document's already, so it is left out (`scopeField`).
 */
function projectFields(schema: EntitySchema, scopeField?: string): FieldDef[] {
  return schema.fields.filter(
    (field) =>
      field.kind === 'lookup' &&
      field.entity === 'projects' &&
      !field.readOnly &&
      field.name !== scopeField &&
      (field.default === undefined || field.default === null),
  );
}

/** The values new grid rows start with: `{ project_id: <current project> }`, or nothing. */
export function projectDefaults(
  schema: EntitySchema,
  projectId: number | null | undefined,
  scopeField?: string,
): Record<string, unknown> {
  if (projectId === null || projectId === undefined) return {};
  return Object.fromEntries(projectFields(schema, scopeField).map((field) => [field.name, projectId]));
}

const withDefaults = new WeakMap<EntitySchema, Map<number, EntitySchema>>();

/** The schema whose project lookups default to the project (a new document's form); the schema itself when none. One object per schema and project. */
export function withProjectDefault(schema: EntitySchema, projectId: number | null | undefined): EntitySchema {
  if (projectId === null || projectId === undefined || projectFields(schema).length === 0) return schema;
  let byProject = withDefaults.get(schema);
  if (!byProject) {
    byProject = new Map();
    withDefaults.set(schema, byProject);
  }
  let result = byProject.get(projectId);
  if (!result) {
    const names = new Set(projectFields(schema).map((field) => field.name));
    result = {
      ...schema,
      fields: schema.fields.map((field) =>
        names.has(field.name) ? ({ ...field, default: projectId } as FieldDef) : field,
      ),
    };
    byProject.set(projectId, result);
  }
  return result;
}
