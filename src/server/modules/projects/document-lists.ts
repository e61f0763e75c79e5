import { getEntitySchema } from '../../../schemas/registry';
import type { EntitySchema } from '../../../schemas/schema-types';

/**
 * The lists of a project document (src/schemas/entities/project-lists.ts) and its header. What a row of
 * them contains (and so what a delete with contents takes) is declared in the schemas (`partOf` lookups,
 * src/schemas/containment.ts).
 */
export const DOCUMENT_LISTS = [
  'areas',
  'pids',
  'pfds',
  'mech_equipment',
  'piping',
  'instruments',
  'cabling',
  'racking',
  'streams',
] as const;
export type DocumentList = (typeof DOCUMENT_LISTS)[number];
export type DocumentEntity = DocumentList | 'projects';

export const schemaOf = (name: DocumentEntity): EntitySchema => getEntitySchema(name);
