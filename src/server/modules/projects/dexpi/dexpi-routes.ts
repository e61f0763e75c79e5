import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { actorOf, assertRole } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { errors, jsonSchema, parseOr400 } from '../../../entities/route-schemas';
import { AppError } from '../../../http/app-error';
import { pathId } from '../../../http/record-id';
import { output, projectParams, TAGS } from '../project-route-schemas';
import { projectSchema } from '../project-save';
import { schemaOf } from '../document-lists';
import { importDexpi } from './dexpi-import';
import { readDexpiModel } from './dexpi-model';
import { decodeXml, parseDexpiXml } from './dexpi-xml';

/**
 * POST /api/projects/:id/dexpi: a DEXPI P&ID (Proteus XML 4.x) into the project. Its own plugin scope
 * takes XML bodies only (application/xml, text/xml, or any +xml type), read here up to their own limit.
 */

export const DEXPI_BODY_LIMIT_BYTES = 20 * 1024 * 1024;
const XML_TYPES = /^(application|text)\/([\w.-]+\+)?xml\b/i;

const flag = z.enum(['0', '1', 'true', 'false']).optional();
const dexpiQuery = z.object({
  dry_run: flag.describe('1: write nothing; answer the preview (every tag found and what would happen to it)'),
  pid: z
    .string()
    .regex(/^\d+$/, 'a P&ID id (digits)')
    .optional()
    .describe(
      "The P&ID (id) the rows are attached to; left out: the project's P&ID with the file's drawing number, created when there is none",
    ),
  area: z
    .string()
    .max(40)
    .optional()
    .describe(
      "The area new rows go to (its code, or id); left out: the P&ID's area, the file's plant section, else the project's first area",
    ),
});

const counts = z.object({
  found: z.number().describe('Items of the file'),
  add: z.number(),
  update: z.number(),
  unchanged: z.number(),
  skip: z.number(),
  restore: z.number().describe('Soft-deleted rows the file brings back'),
  delete: z.number().describe('Mode 2: rows on the P&ID the file no longer holds, soft-deleted'),
  error: z.number(),
});
const item = z.object({
  kind: z.enum(['drawing', 'equipment', 'line', 'instrument']),
  tag: z.string(),
  class: z.string().describe('The DEXPI ComponentClass'),
  description: z.string().nullable().optional(),
  nozzles: z.array(z.string()).optional(),
  from: z.string().nullable().optional(),
  to: z.string().nullable().optional(),
  fromDetail: z.string().nullable().optional(),
  toDetail: z.string().nullable().optional(),
  lineNumber: z
    .string()
    .nullable()
    .optional()
    .describe('The line number composed in the project (size-service-area-sequence-spec)'),
  action: z.enum(['add', 'update', 'unchanged', 'skip', 'restore', 'delete', 'error']),
  id: z.number().optional(),
  reason: z.string().optional(),
  errors: z.array(z.string()).optional(),
  warnings: z.array(z.string()).optional(),
});
const dexpiAnswer = z.object({
  dryRun: z.boolean(),
  file: z.object({
    originatingSystem: z.string().nullable(),
    schemaVersion: z.string().nullable(),
    drawingNumbers: z.array(z.string()),
    title: z.string().nullable(),
  }),
  importMode: z.number().describe("The project's import_mode, the mode the import runs in"),
  modeNote: z.string(),
  pid: z.object({
    id: z.number().nullable().describe('null in a dry run that would create it'),
    drawing_number: z.string(),
    how: z.string(),
  }),
  area: z.object({ id: z.number(), areacode: z.string(), how: z.string() }),
  counts: z.object({ equipment: counts, line: counts, instrument: counts }),
  items: z
    .array(item)
    .describe(
      'Dry run: every tag found (the P&ID first). Commit: the items left out for their errors, or written with warnings',
    ),
});

/**
 * The body, read up to the limit. Past it a 413 with `Connection: close`; the rest is left flowing unread
 * (dropped), and after the answer the connection lingers until the client stops sending
 * (http/refused-bodies.ts), so the client reads the answer. (Destroying the stream here closed the
 * connection before the answer was written: a chunked upload over 20 MiB got no answer at all.)
 */
function readBody(stream: Readable, reply: FastifyReply, declaredLength: number, limit: number): Promise<Buffer> {
  const tooLarge = () => {
    reply.header('connection', 'close');
    return new AppError(
      'payload_too_large',
      `A DEXPI file may be at most ${limit / 1048576} MiB; this one is larger. Split the drawing set and import one P&ID at a time.`,
    );
  };
  if (declaredLength > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop(); // still flowing: what follows is dropped
      chunks.length = 0;
      reject(tooLarge());
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(new AppError('bad_request', `The upload was cut off before its end (${error.message}).`));
    };
    const onClose = () => onError(new Error('the connection closed'));
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}

export async function dexpiRoutes(
  app: FastifyInstance,
  { db, bodyLimitBytes = DEXPI_BODY_LIMIT_BYTES }: { db: Db; bodyLimitBytes?: number },
): Promise<void> {
  app.removeAllContentTypeParsers();
  // Handed over unread: the handler reads it with its own limit and message.
  app.addContentTypeParser(XML_TYPES, (_request, payload, done) => done(null, payload));

  app.post(
    '/projects/:projectId/dexpi',
    {
      schema: {
        tags: TAGS,
        summary:
          'Import a DEXPI P&ID (Proteus XML 4.x) into the project: equipment with nozzles, lines with from/to, instrumentation functions; ?dry_run=1 previews',
        description:
          'The body is the XML file (Content-Type application/xml or text/xml, at most 20 MiB). Tags are matched in the project and added, updated or left alone by its import_mode (0 adds only; 1 also updates; 2 also soft-deletes the equipment, lines and instruments on the P&ID that the file no longer holds). Rows are attached to the P&ID named by pid, else to the P&ID with the drawing number of the file (created when the project has none). A file with a DTD (DOCTYPE, ENTITY), not XML, or whose root is not PlantModel is refused with 400 and nothing written.',
        params: jsonSchema(projectParams),
        querystring: jsonSchema(dexpiQuery),
        consumes: ['application/xml', 'text/xml'],
        body: { type: 'string', description: 'The DEXPI file (Proteus XML)' },
        response: {
          200: output(dexpiAnswer, 'The preview (dry run), or the counts written and the items left out'),
          ...errors(400, 401, 403, 404, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      for (const entity of ['pids', 'mech_equipment', 'piping', 'instruments'] as const)
        assertRole(request, schemaOf(entity).writeRole, schemaOf(entity).labelPlural.toLowerCase());
      const projectId = pathId(parseOr400(projectParams, request.params, 'path').projectId, projectSchema());
      const query = parseOr400(dexpiQuery, request.query ?? {}, 'query');
      if (!request.body)
        throw new AppError(
          'bad_request',
          'Send the DEXPI file (Proteus XML) as the body, with Content-Type application/xml.',
        );
      const body = await readBody(
        request.body as Readable,
        reply,
        Number(request.headers['content-length'] ?? 0),
        bodyLimitBytes,
      );
      const model = readDexpiModel(parseDexpiXml(decodeXml(body)));
      const dryRun = query.dry_run === '1' || query.dry_run === 'true';
      return importDexpi(
        db,
        projectId,
        model,
        { dryRun, pid: query.pid === undefined ? undefined : Number(query.pid), area: query.area },
        actorOf(request),
      );
    },
  );
}
