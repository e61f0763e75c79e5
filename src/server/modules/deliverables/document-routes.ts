import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DOCUMENT_STATUSES } from '../../../lib/deliverables';
import { REVISION_PATTERN } from '../../../lib/project-revisions';
import { getEntitySchema } from '../../../schemas/registry';
import { isValidIsoDate } from '../../../schemas/validators';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { errors, jsonSchema, parseOr400, writeErrors } from '../../entities/route-schemas';
import { AppError } from '../../http/app-error';
import { assertProject, refreshRevisionStatistics } from '../projects';
import { issuedFile, issueDocument, registerWithIssues, workingCopy } from './issue-document';
import { printRoutes } from './print-routes';
import { binary, sendFile } from './send-file';

/**
 * The document register's routes (#31 item 7): the register with each document's issues, Issue, and the issued
 * files (GET .../revisions/B.pdf and B.xlsx, byte for byte as issued), plus a working copy of the project as it
 * stands (GET .../working.pdf, marked "not issued"). The register's rows themselves are an engine list
 * (/api/entities/project_documents): created, edited and exported like every list.
 */

const TAGS = ['documents'];
const projectParams = z.object({ projectId: z.coerce.number().int().positive().describe('Project id') });
const documentParams = projectParams.extend({ docId: z.coerce.number().int().positive().describe('Register row id') });
const fileParams = documentParams.extend({ file: z.string().describe('The revision and the kind: B.pdf or B.xlsx') });
const workingParams = documentParams.extend({ kind: z.enum(['pdf', 'xlsx']) });
const issueBody = z
  .object({
    status: z
      .enum(DOCUMENT_STATUSES.map((s) => s.value) as ['IFR', 'IFA', 'IFC', 'ASB'])
      .optional()
      .describe("IFR, IFA, IFC or ASB (as-built); the register row's status when left out, else IFR"),
    description: z.string().max(200).optional().describe('What this issue is for; "Issued for <status>" when left out'),
    rev: z
      .string()
      .regex(REVISION_PATTERN, 'A revision is 1 to 4 capital letters or digits: A, B, 0, 1...')
      .optional()
      .describe(
        'The project revision to issue when the project has changed since its last one (the next letter when left out)',
      ),
    issued_on: z.string().refine(isValidIsoDate, 'Must be a date (YYYY-MM-DD)').optional(),
  })
  .strict();

export async function documentRoutes(
  app: FastifyInstance,
  { db, firmName }: { db: Db; firmName: string },
): Promise<void> {
  const schema = getEntitySchema('project_documents');

  app.get(
    '/projects/:projectId/documents',
    {
      schema: {
        tags: TAGS,
        summary: "The project's document register: every document with its issues (revision, status, date, file sizes)",
        params: jsonSchema(projectParams),
        response: { 200: { type: 'array', items: {} }, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { projectId: id } = parseOr400(projectParams, request.params, 'path');
      await assertProject(db, id);
      return registerWithIssues(db, id);
    },
  );

  app.post(
    '/projects/:projectId/documents/:docId/issue',
    {
      schema: {
        tags: TAGS,
        summary:
          "Issue a document: at the project's current revision (or the next one, issued now, when the project changed since); stores its PDF and workbook for good",
        params: jsonSchema(documentParams),
        body: jsonSchema(issueBody),
        response: {
          200: {
            description: 'The revision issued (`revision`) and the issue',
            type: 'object',
            additionalProperties: true,
          },
          ...writeErrors(404, 422),
        },
      },
    },
    async (request) => {
      assertRole(request, schema.writeRole, schema.name);
      const { projectId: id, docId } = parseOr400(documentParams, request.params, 'path');
      const { issuedRevision, ...issued } = await issueDocument(
        db,
        id,
        docId,
        parseOr400(issueBody, request.body ?? {}, 'body'),
        actorOf(request),
        firmName,
      );
      // An issue that issued the project's next revision: its rows, like any issue's (revision-routes.ts).
      if (issuedRevision) await refreshRevisionStatistics(db, issuedRevision);
      return issued;
    },
  );

  app.get(
    '/projects/:projectId/documents/:docId/revisions/:file',
    {
      compress: false,
      schema: {
        tags: TAGS,
        summary: 'An issued revision of a document as issued: B.pdf or B.xlsx',
        params: jsonSchema(fileParams),
        response: { 200: binary('The file as issued'), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { projectId: id, docId, file } = parseOr400(fileParams, request.params, 'path');
      const match = /^([A-Z0-9]{1,4})\.(pdf|xlsx)$/.exec(file);
      if (!match) throw new AppError('bad_request', `'${file}' is not a revision's file: ask for B.pdf or B.xlsx.`);
      const kind = match[2] as 'pdf' | 'xlsx';
      return sendFile(reply, await issuedFile(db, id, docId, match[1] as string, kind), kind, true);
    },
  );

  app.get(
    '/projects/:projectId/documents/:docId/working.:kind',
    {
      schema: {
        tags: TAGS,
        summary: 'A working copy of a document from the project as it stands, marked "not issued"',
        params: jsonSchema(workingParams),
        response: { 200: binary('The working copy'), ...errors(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { projectId: id, docId, kind } = parseOr400(workingParams, request.params, 'path');
      return sendFile(reply, await workingCopy(db, id, docId, kind, firmName), kind, false);
    },
  );
  await printRoutes(app, { db, firmName });
}
