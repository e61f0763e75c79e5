import { fieldByName, type EntitySchema } from './schema-types';

/**
 * The lists of a project named by tags: every list kept in a project (its scope's root a lookup to projects)
 * whose rows are named by a text (its labelField): areas, equipment, instruments, cables, drawings, duty
 * sheets... A bulk rename of tags covers them (server/modules/projects/tag-rename). A list whose tag is
 * computed (a line number, composed from its area) follows what it is composed of.
 */
export function isProjectTagList(schema: EntitySchema): boolean {
  const root = schema.scope && fieldByName(schema, schema.scope.root);
  const label = fieldByName(schema, schema.labelField);
  return root?.kind === 'lookup' && root.entity === 'projects' && label?.kind === 'text' && schema.labelIsTag !== false;
}

/** Whether the list's tag is composed from other fields (it follows them, and is never renamed itself). */
export function hasComposedTag(schema: EntitySchema): boolean {
  return !!fieldByName(schema, schema.labelField)?.computed;
}
