import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EntitySchema } from '../../../schemas/schema-types';
import { actorOf } from '../../auth/actor';
import { requireRole } from '../../auth/auth-hooks';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { documentListOf, documentListParams, sameDocument, SCOPED_DOCUMENTS } from '../document-scope';
import { requireSchemaOf } from '../entity-sql';
import { entityParams, importBody, jsonSchema, parseOr400, responses, writeErrors } from '../route-schemas';
import { importAnswerJson } from './import-plan';
import { IMPORT_CHUNK_ROWS } from './import-rows';
import { runImport } from './import-run';
import { receiveImportBody } from './receive-import-body';

const TAG = ['entities'];
const DEFAULT_IMPORT_LIMIT = 256 * 1024 * 1024;

function refuseTooLarge(reply: FastifyReply, limit: number): never {
  reply.header('connection', 'close');
  throw new AppError(
    'payload_too_large',
    `An import body may be at most ${Math.floor(limit / 1048576).toLocaleString('en-US')} MiB (IMPORT_BODY_LIMIT_BYTES).`,
  );
}

/**
 * POST /api/entities/:entity/import, and for a list kept per document the same import under its document,
 * POST /api/<document>/:<documentId>/entities/:entity/import (a project's: /api/projects/:projectId/…): the
 * address names the document every row goes into, as the body's `scope` does on the first (an alias). The
 * routes read their bodies themselves, as a stream (receiveImportBody): their own encapsulated plugin, whose
 * only parser hands the JSON body over unread.
 */
export async function importRoutes(
  app: FastifyInstance,
  { db, importBodyLimitBytes }: { db: Db; importBodyLimitBytes?: number },
): Promise<void> {
  const limit = importBodyLimitBytes ?? DEFAULT_IMPORT_LIMIT;
  const importInto = async (
    request: FastifyRequest,
    reply: FastifyReply,
    schema: EntitySchema,
    documentId: number | undefined,
  ) => {
    await requireRole(schema.writeRole)(request);
    if (!(request.body instanceof Readable))
      throw new AppError('bad_request', 'An import needs a JSON body: {"mode": 0, "rows": [{…}, …]}.');
    if (Number(request.headers['content-length']) > limit) refuseTooLarge(reply, limit);
    const upload = await receiveImportBody(request.body, schema, limit).catch((error: unknown) => {
      // The rest of a body over the limit is read and dropped while the 413 goes out; then the connection closes.
      if (error instanceof AppError && error.status === 413) reply.header('connection', 'close');
      throw error;
    });
    try {
      const options =
        documentId === undefined
          ? upload.options
          : { ...upload.options, scope: sameDocument(documentId, upload.options.scope, 'scope') };
      const outcome = await runImport(
        db,
        schema,
        options,
        upload.rowCount,
        upload.chunks(IMPORT_CHUNK_ROWS),
        actorOf(request),
      );
      return reply.type('application/json; charset=utf-8').send(Readable.from(importAnswerJson(outcome)));
    } finally {
      await upload.dispose();
    }
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', (_request, payload, done) => done(null, payload));
    const docs = (summary: string, params: Record<string, unknown>) => ({
      schema: {
        tags: TAG,
        summary,
        params,
        body: jsonSchema(importBody),
        response: { 200: jsonSchema(responses.imported, 'output'), ...writeErrors(404, 409, 422) },
      },
    });
    scope.post(
      '/entities/:entity/import',
      docs('Import parsed rows: add, update or skip by key', jsonSchema(entityParams)),
      async (request, reply) => {
        const { entity } = parseOr400(entityParams, request.params, 'path');
        return importInto(request, reply, requireSchemaOf(entity), undefined);
      },
    );
    for (const document of SCOPED_DOCUMENTS)
      scope.post(
        `${document.prefix}/entities/:entity/import`,
        docs(
          `Import parsed rows into one ${document.label}'s list: every row goes into it (as scope does on /entities/{entity}/import)`,
          jsonSchema(documentListParams(document)),
        ),
        async (request, reply) => {
          const { schema, id } = documentListOf(document, request.params);
          return importInto(request, reply, schema, id);
        },
      );
  });
}
