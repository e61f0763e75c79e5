import { getEntitySchema } from '../../../schemas/registry';
import { projectDocument, revisedLists } from '../../../schemas/documents/document-registry';
import type { EntitySchema } from '../../../schemas/schema-types';

/**
 * The lists of the project document kept in its JSON and revisions, in the declaration's order
 * (src/schemas/documents/project.ts). What a row of them contains (and so what a delete with contents takes)
 * is declared in the schemas (`partOf` lookups, src/schemas/containment.ts).
 */
export const DOCUMENT_LISTS: readonly string[] = revisedLists(projectDocument);
export type DocumentList = string;
export type DocumentEntity = string;

export const schemaOf = (name: DocumentEntity): EntitySchema => getEntitySchema(name);
