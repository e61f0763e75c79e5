import { z } from 'zod';
import type { ColumnFilter } from '../../lib/entity-api';
import { documentDeclarations } from '../../schemas/documents/document-registry';
import { findEntitySchema, getEntitySchema, scopeDocumentOf } from '../../schemas/registry';
import type { EntitySchema } from '../../schemas/schema-types';
import { MAX_INTEGER } from '../../schemas/validators';
import { AppError } from '../http/app-error';
import { parseOr400 } from './route-schemas';
import { requireSchemaOf } from './entity-sql';

/**
 * The documents whose lists are kept per document (a project's areas, a quote's lines), and the address
 * their lists' calls live under: /api/<document>/:<root as camelCase>/…, e.g. /api/projects/:projectId/…,
 * /api/quotes/:quoteId/…. Derived from the document declarations (src/schemas/documents), so a new document's
 * lists get their addresses with it. The id has one name per document on the wire; the older spellings (?scope= and an
 * import body's scope) are aliases onto the same handlers.
 */
export type ScopedDocument = {
  /** The header's entity: projects, quotes… */
  document: string;
  /** The lists' root field: project_id. */
  root: string;
  /** The path parameter: projectId. */
  param: string;
  /** The route prefix: /projects/:projectId. */
  prefix: string;
  label: string;
};

const camelCase = (name: string) => name.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase());

/** Every declared document that has lists (src/schemas/documents), with the root its lists are kept by. */
function scopedDocuments(): ScopedDocument[] {
  return documentDeclarations.flatMap(({ header, lists }) => {
    const [first] = lists;
    const root = first && getEntitySchema(first.entity).scope?.root;
    if (!root) return [];
    const param = camelCase(root);
    return [
      {
        document: header,
        root,
        param,
        prefix: `/${header}/:${param}`,
        label: getEntitySchema(header).label.toLowerCase(),
      },
    ];
  });
}

export const SCOPED_DOCUMENTS: readonly ScopedDocument[] = scopedDocuments();

/** The project's entry: the lists of a project. */
export const PROJECT_SCOPE = SCOPED_DOCUMENTS.find((d) => d.document === 'projects') as ScopedDocument;

const documentId = (label: string) =>
  z
    .string()
    .regex(/^\d+$/, `A ${label} id is digits only (a positive whole number)`)
    .transform(Number)
    .pipe(
      z
        .number()
        .positive(`A ${label} id is a positive whole number`)
        .max(MAX_INTEGER, `No ${label} has an id this large`),
    )
    .describe(`The ${label}'s id (digits)`);

/** The path parameters of a document's address (and of one of its lists, with `entity`). */
export function documentParams(document: ScopedDocument) {
  return z.object({ [document.param]: documentId(document.label) });
}
export function documentListParams(document: ScopedDocument) {
  return documentParams(document).extend({ entity: z.string().describe('The list, e.g. areas') });
}

/** The document's id named in the path. */
export function documentIdOf(document: ScopedDocument, params: unknown): number {
  return parseOr400(documentParams(document), params, 'path')[document.param] as number;
}

/**
 * The list named in the path and the document's id, if the list is kept per this document; a list that is not
 * (clients, or a quote's lines under a project) is not at this address: 404.
 */
export function documentListOf(document: ScopedDocument, params: unknown): { schema: EntitySchema; id: number } {
  const parsed = parseOr400(documentListParams(document), params, 'path') as Record<string, unknown>;
  const schema = requireSchemaOf(String(parsed.entity));
  if (scopeDocumentOf(schema) !== document.document)
    throw new AppError(
      'not_found',
      `${schema.labelPlural} are not kept per ${document.label}: ask for them at /api/entities/${schema.name}.`,
    );
  return { schema, id: parsed[document.param] as number };
}

/** The filter that narrows a list kept per document to one document's rows. */
export function documentFilter(schema: EntitySchema, id: number): ColumnFilter {
  return { field: schema.scope?.root as string, op: 'equals', value: id };
}

/** The document a list kept per document belongs to (its scope root's entity), if any. */
export function scopedDocumentOf(entity: string): ScopedDocument | undefined {
  const schema = findEntitySchema(entity);
  const document = schema && scopeDocumentOf(schema);
  return SCOPED_DOCUMENTS.find((d) => d.document === document);
}

/**
 * A document named twice (the address, and an older spelling in the query or body, e.g. scope): the same one,
 * else a readable 400. Answers the address's.
 */
export function sameDocument(fromPath: number, alias: number | null | undefined, name: string): number {
  if (alias !== undefined && alias !== null && alias !== fromPath)
    throw new AppError(
      'bad_request',
      `The address names ${fromPath}, ${name} names ${alias}: leave ${name} out (the address says which).`,
    );
  return fromPath;
}
