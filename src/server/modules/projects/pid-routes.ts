import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getEntitySchema } from '../../../schemas/registry';
import type { EntityRow } from '../../../schemas/schema-types';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { ident, queryJsonRows, wireColumns } from '../../entities/entity-sql';
import { errors, jsonSchema, parseOr400, writeErrors } from '../../entities/route-schemas';
import { saveOne } from '../../entities/save-one';
import { AppError } from '../../http/app-error';
import { objectBody, payloadOf, rowTarget } from '../../http/legacy-body';
import { pathId } from '../../http/record-id';
import { rowResponse } from '../../entities/spec-route-schemas';
import { output, pidRows, pidsQuery, projectBody, projectParams, softDeleteBody, TAGS } from './project-route-schemas';
import { changeRow, projectSchema } from './project-save';
import { flag } from './request-flag';

/**
 * A project's P&IDs (spec §7: GET /pids, POST /pids, POST /deletepid): the list, under the project
 * (GET /projects/:projectId/pids; the spec's GET /pids?project_id= is its alias), saving one, and the soft
 * delete. Writes need the P&ID list's write role (engineer).
 */
export async function pidRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const pids = getEntitySchema('pids');
  const canWrite = (request: Parameters<typeof assertRole>[0]) =>
    assertRole(request, pids.writeRole, pids.labelPlural.toLowerCase());
  /** The spec's P&ID list: of one project (projectId), or of every project; soft-deleted ones only when asked. */
  const listPids = async (projectId: number | undefined, query: unknown) => {
    const includeDeleted = flag({}, query, 'include_deleted');
    if (projectId !== undefined) {
      const found = await queryJsonRows(db, sql`select id from projects where id = ${projectId}`);
      if (found.length === 0) throw new AppError('not_found', `No Project with id ${projectId}.`);
    }
    const conditions = [sql`true`];
    if (projectId !== undefined) conditions.push(sql`t.project_id = ${projectId}`);
    if (!includeDeleted) conditions.push(sql`not t.deleteflag`);
    return queryJsonRows<EntityRow>(
      db,
      sql`select ${wireColumns(pids, 't')} from ${ident('pids')} t where ${sql.join(conditions, sql` and `)} order by t.project_id, t.drawing_number, t.sheet, t.id`,
    );
  };
  const pidsResponse = { 200: output(pidRows, 'The P&IDs, by project and drawing number'), ...errors(400, 401, 404) };
  app.get(
    '/projects/:projectId/pids',
    {
      schema: {
        tags: TAGS,
        summary: "A project's P&IDs; soft-deleted ones only with ?include_deleted=1",
        params: jsonSchema(projectParams),
        querystring: jsonSchema(pidsQuery.omit({ project_id: true })),
        response: pidsResponse,
      },
    },
    async (request) =>
      listPids(pathId(parseOr400(projectParams, request.params, 'path').projectId, projectSchema()), request.query),
  );
  // The spec's address, an alias: ?project_id= names the project the canonical route names in its path.
  app.get(
    '/pids',
    {
      schema: {
        tags: TAGS,
        summary:
          'P&IDs (of one project, with ?project_id=: an alias of /projects/{projectId}/pids); soft-deleted ones only with ?include_deleted=1',
        querystring: jsonSchema(pidsQuery),
        response: pidsResponse,
      },
    },
    async (request) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const projectId = query.project_id === undefined ? undefined : pathId(String(query.project_id), projectSchema());
      return listPids(projectId, query);
    },
  );
  app.post(
    '/pids',
    {
      schema: {
        tags: TAGS,
        summary: 'Save one P&ID: create (no id) or update (id and version)',
        body: jsonSchema(projectBody),
        response: { 200: rowResponse, ...writeErrors(404, 409, 422) },
      },
    },
    async (request) => {
      canWrite(request);
      return saveOne(db, pids, payloadOf(objectBody(request.body, 'the P&ID')), actorOf(request));
    },
  );
  app.post(
    '/deletepid',
    {
      schema: {
        tags: TAGS,
        summary: 'Soft-delete a P&ID (deleteflag true), or restore it with restore: true; answers the drawing',
        body: jsonSchema(softDeleteBody),
        response: { 200: { ...rowResponse, description: 'The P&ID as stored' }, ...writeErrors(404, 409, 422) },
      },
    },
    async (request) => {
      canWrite(request);
      const body = objectBody(request.body, 'the P&ID to delete');
      const target = rowTarget(body, pids, ['param2']);
      return changeRow(db, pids, target, { deleteflag: !flag(body, undefined, 'restore') }, actorOf(request));
    },
  );
}
