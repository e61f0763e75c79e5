import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_FILE_BYTES } from '../../../lib/attachments';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { errors, jsonSchema, parseOr400, rowParams, writeErrors } from '../../entities/route-schemas';
import { AppError } from '../../http/app-error';
import {
  deleteAttachment,
  getAttachment,
  listAttachments,
  schemaTakingFiles,
  uploadAttachment,
} from '../../entities/attachments';
import type { FileStore } from '../../files/file-store';
import { attachmentDisposition, HEAD_BYTES, sniffHead, type HeadVerdict } from '../../files/file-types';

const TAG = ['files'];

const fileParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).describe('The file (attachment) id'),
});
const uploadQuery = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'name: the file name is required (?name=offer.pdf)')
    .max(1000)
    .describe("The file name, as the user's computer names it"),
});
const deleteQuery = z.object({
  version: z.coerce.number().int().min(1).optional().describe('The version the caller loaded'),
});

const attachment = z.object({
  id: z.number(),
  entity: z.string(),
  row_id: z.number(),
  file_name: z.string(),
  content_type: z.string().describe('The type the content was found to be, not the one the client named'),
  size_bytes: z.number(),
  sha256: z.string(),
  uploaded_by: z.string(),
  uploaded_at: z.string(),
  version: z.number(),
});

function fileLimitMiB(limit: number): string {
  return `${Math.floor(limit / 1048576).toLocaleString('en-US')} MiB`;
}

/**
 * The files of engine rows (#29 item 7): list, upload, download, delete. An upload's body is the file itself,
 * any Content-Type, streamed into the file store as it arrives (never buffered whole), its type found from its
 * first bytes (415 at once when they are not of a type taken), its size counted (413 past the limit, answered
 * while the rest is read and dropped). A body that stops arriving is the connection tracker's 408.
 */
export async function fileRoutes(
  app: FastifyInstance,
  { db, store, limitBytes = MAX_FILE_BYTES }: { db: Db; store: FileStore; limitBytes?: number },
): Promise<void> {
  app.get(
    '/entities/:entity/:id/files',
    {
      schema: {
        tags: TAG,
        summary: "A row's files: name, type, size, who uploaded them and when, newest first",
        params: jsonSchema(rowParams),
        response: { 200: jsonSchema(z.array(attachment), 'output'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { entity, id } = parseOr400(rowParams, request.params, 'path');
      return listAttachments(db, schemaTakingFiles(entity), id);
    },
  );

  app.get(
    '/files/:id',
    {
      compress: false,
      schema: {
        tags: TAG,
        summary:
          'Download a file: its bytes as stored, streamed, as an attachment (Content-Disposition) of the type its content was found to be',
        params: jsonSchema(fileParams),
        response: {
          200: {
            description: 'The file',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errors(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { id } = parseOr400(fileParams, request.params, 'path');
      const file = await getAttachment(db, id);
      const body = store.open(file.storage_key);
      return reply
        .header('content-type', file.content_type)
        .header('content-length', String(file.size_bytes))
        .header('content-disposition', attachmentDisposition(file.file_name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('etag', `"${file.sha256}"`)
        .send(body);
    },
  );

  app.delete(
    '/files/:id',
    {
      schema: {
        tags: TAG,
        summary: "Delete a file (its list's write role; refused while a document lock holds its row)",
        params: jsonSchema(fileParams),
        querystring: jsonSchema(deleteQuery),
        response: { 200: jsonSchema(z.object({ deleted: z.number() }), 'output'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = parseOr400(fileParams, request.params, 'path');
      const { version } = parseOr400(deleteQuery, request.query, 'query');
      await deleteAttachment(db, id, version, actorOf(request), (schema) =>
        assertRole(request, schema.writeRole, `the files of ${schema.labelPlural.toLowerCase()}`),
      );
      return { deleted: id };
    },
  );

  // The upload reads its body itself, as a stream: its own scope, whose one parser hands any body over unread.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.post(
      '/entities/:entity/:id/files',
      {
        schema: {
          tags: TAG,
          summary: `Upload a file to a row: the body is the file (any Content-Type), its name in ?name=; at most ${fileLimitMiB(limitBytes)}; a PDF, .xlsx, .docx or image by its content`,
          params: jsonSchema(rowParams),
          querystring: jsonSchema(uploadQuery),
          body: { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
          response: { 201: jsonSchema(attachment, 'output'), ...writeErrors(404, 408) },
        },
      },
      async (request, reply) => {
        try {
          const { entity, id } = parseOr400(rowParams, request.params, 'path');
          const schema = schemaTakingFiles(entity);
          assertRole(request, schema.writeRole, `the files of ${schema.labelPlural.toLowerCase()}`);
          const { name } = parseOr400(uploadQuery, request.query, 'query');
          if (Number(request.headers['content-length']) > limitBytes) throw tooLarge(limitBytes);
          const body = request.body as Readable | undefined;
          let head: HeadVerdict | undefined;
          const row = await uploadAttachment(db, store, {
            schema,
            rowId: id,
            name,
            head: () => head,
            body: checkedBody(body, limitBytes, (verdict) => (head = verdict)),
            actor: actorOf(request),
          });
          return reply.status(201).send(row);
        } catch (error) {
          refuseRest(request, reply);
          throw error;
        }
      },
    );
  });
}

/** A refusal before the body was read whole closes the connection once the rest has been read and dropped (refused-bodies.ts). */
function refuseRest(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.raw.complete) reply.header('connection', 'close');
}

function tooLarge(limit: number): AppError {
  return new AppError('payload_too_large', `A file may be at most ${fileLimitMiB(limit)}.`);
}

/**
 * The body's chunks as they arrive, checked on the way: its first bytes (a refused type is a 415 at once), its
 * size (a 413 as soon as it passes the limit). When it refuses, the rest of the body is read and dropped in
 * the background, so the client, still sending, reads the answer rather than a reset.
 */
async function* checkedBody(
  body: Readable | undefined,
  limitBytes: number,
  onHead: (verdict: HeadVerdict) => void,
): AsyncGenerator<Buffer> {
  let head: Buffer = Buffer.alloc(0);
  let decided = false;
  const decide = () => {
    decided = true;
    const verdict = sniffHead(head);
    onHead(verdict);
    if ('refused' in verdict) throw new AppError('unsupported_media_type', `${verdict.refused}.`);
  };
  if (!body) {
    decide();
    return;
  }
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let received = 0;
  for (;;) {
    let next: IteratorResult<Buffer>;
    try {
      next = await chunks.next();
    } catch (error) {
      throw new AppError('bad_request', `The upload was cut off before its end (${(error as Error).message}).`);
    }
    if (next.done) break;
    received += next.value.length;
    try {
      if (received > limitBytes) throw tooLarge(limitBytes);
      if (!decided) {
        head =
          head.length === 0
            ? next.value.subarray(0, HEAD_BYTES)
            : Buffer.concat([head, next.value]).subarray(0, HEAD_BYTES);
        if (head.length >= HEAD_BYTES) decide();
      }
    } catch (error) {
      void dropRest(chunks);
      throw error;
    }
    yield next.value;
  }
  if (!decided) decide();
}

async function dropRest(chunks: AsyncIterator<Buffer>): Promise<void> {
  try {
    while (!(await chunks.next()).done);
  } catch {
    // the client went away: nothing left to drop
  }
}
