import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { containedLists } from '../../../schemas/registry';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { entityTables } from '../../db/tables';
import { errors, jsonSchema, parseOr400, writeErrors } from '../../entities/route-schemas';
import { rowResponse } from '../../entities/spec-route-schemas';
import { AppError } from '../../http/app-error';
import { isObject, objectBody, payloadOf, rowTarget } from '../../http/legacy-body';
import { pathId } from '../../http/record-id';
import { contentsOf, deleteAlone, deleteWithContents } from './cascade-delete';
import { pidRoutes } from './pid-routes';
import { flag } from './request-flag';
import { schemaOf, type DocumentEntity } from './document-lists';
import { emptyDocument, readProjectDocument } from './project-document';
import { projectRollups } from './project-rollups';
import { SharedReads } from '../../http/shared-reads';
import type { ProjectRollups } from '../../../lib/project-rollups';
import {
  cascadeDeleteBody,
  cascadeDeleted,
  cascadeQuery,
  output,
  projectBody,
  projectDocument,
  projectParams,
  projectSummaries,
  rollupsResponse,
  settingsBody,
  TAGS,
} from './project-route-schemas';
import { changeRow, projectSchema, saveProject, settingsTarget } from './project-save';

const projects = entityTables.projects!;

/**
 * The spec's project routes (§7) on the entity engine: the project list (also the navbar's project
 * picker), saving a project, its settings, deleting it (alone, or with its whole document), deleting rows
 * of its lists (alone or with their contents), the P&ID list with its soft delete (pid-routes.ts), the
 * project document (§3 shape, project-document.ts; GET /projects/:projectId) and its roll-ups
 * (project-rollups.ts). Bodies come bare or in the
 * spec's envelope {param1, param2, data}, as for the other legacy calls (legacy-body.ts). Writes need the
 * write role of every list they touch (engineer).
 */

/** The one-row delete calls of the project's lists. */
const ROW_DELETES = [
  { route: 'deletearea', entity: 'areas' },
  { route: 'deleteinstrument', entity: 'instruments' },
  { route: 'deletemechequip', entity: 'mech_equipment' },
  { route: 'deletecabling', entity: 'cabling' },
  { route: 'deleteracking', entity: 'racking' },
] as const;

/** Deletes a document row named in the body, with its contents when the caller asks (cascade). */
async function deleteDocumentRow(
  db: Db,
  request: { body: unknown; query: unknown },
  entity: DocumentEntity,
  actor: ReturnType<typeof actorOf>,
) {
  const schema = schemaOf(entity);
  const body = objectBody(request.body, `the ${schema.label.toLowerCase()} to delete`);
  const target = rowTarget(body, schema, ['param2']);
  return flag(body, request.query, 'cascade')
    ? deleteWithContents(db, entity, target, actor)
    : deleteAlone(db, entity, target, actor);
}

/** A row's list and the lists of what it contains: a delete with contents needs the write role of each. */
const withContents = (entity: DocumentEntity): DocumentEntity[] => [
  entity,
  ...(containedLists(entity) as DocumentEntity[]),
];

export async function projectRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  // One per app (its database): asks of a project's roll-ups at the same moment share their runs.
  const rollupReads = new SharedReads<number, ProjectRollups>();
  const writes = (request: Parameters<typeof assertRole>[0], entities: readonly DocumentEntity[]) => {
    for (const entity of entities)
      assertRole(request, schemaOf(entity).writeRole, schemaOf(entity).labelPlural.toLowerCase());
  };

  app.get(
    '/projects',
    {
      schema: {
        tags: TAGS,
        summary: "Every project (also the navbar's project picker)",
        response: { 200: output(projectSummaries, 'Every project, by id'), ...errors(401) },
      },
    },
    async () =>
      db
        .select({
          id: projects.id,
          project_number: projects.project_number,
          name: projects.name,
          client_id: projects.client_id,
          clientname: projects.clientname,
          description: projects.description,
          endusername: projects.endusername,
          endusersite: projects.endusersite,
          enduserlocation: projects.enduserlocation,
          phase: projects.phase,
          estimate_class: projects.estimate_class,
          is_testdata: projects.is_testdata,
          isdirty: projects.isdirty,
        })
        .from(projects)
        .orderBy(asc(projects.id)),
  );

  // POST /project saves (create or update); /projects-new and /newproject only create. /newproject answers
  // the new project as a document (its header with empty lists, the shape of GET /projects/:id), which is
  // what the spec's client opens after creating one; /project and /projects-new answer the row.
  const saveSchema = (summary: string, answer: Record<string, unknown>) => ({
    tags: TAGS,
    summary,
    body: jsonSchema(projectBody),
    response: { 200: answer, ...writeErrors(404, 409, 422) },
  });
  app.post(
    '/project',
    {
      schema: saveSchema(
        'Save one project: create (no id) or update (id and version); clientname names the client',
        rowResponse,
      ),
    },
    async (request) => {
      writes(request, ['projects']);
      return saveProject(db, payloadOf(objectBody(request.body, 'the project')), actorOf(request));
    },
  );
  app.post(
    '/projects-new',
    { schema: saveSchema('Create a project (no id); answers the project', rowResponse) },
    async (request) => {
      writes(request, ['projects']);
      return saveProject(db, payloadOf(objectBody(request.body, 'the new project')), actorOf(request), 'create');
    },
  );
  app.post(
    '/newproject',
    {
      schema: saveSchema(
        'Create a project (no id); answers its document (GET /projects/{id} shape, empty lists)',
        output(projectDocument, 'The new project with its (empty) lists'),
      ),
    },
    async (request) => {
      writes(request, ['projects']);
      return emptyDocument(
        await saveProject(db, payloadOf(objectBody(request.body, 'the new project')), actorOf(request), 'create'),
      );
    },
  );

  app.post(
    '/deleteproject',
    {
      schema: {
        tags: TAGS,
        summary: `Delete a project: refused (409, listing them) while it has rows, unless cascade, which deletes ${contentsOf('projects')} in one transaction`,
        body: jsonSchema(cascadeDeleteBody),
        querystring: jsonSchema(cascadeQuery),
        response: {
          200: output(cascadeDeleted, 'The id of the deleted project, and with cascade the rows deleted per list'),
          ...writeErrors(404, 409),
        },
      },
    },
    async (request) => {
      writes(
        request,
        flag(objectBody(request.body, 'the project to delete'), request.query, 'cascade')
          ? withContents('projects')
          : ['projects'],
      );
      return deleteDocumentRow(db, request, 'projects', actorOf(request));
    },
  );

  app.post(
    '/projectsettings',
    {
      schema: {
        tags: TAGS,
        summary: "Set a project's import_mode (0, 1 or 2; default 0)",
        body: jsonSchema(settingsBody),
        response: { 200: { ...rowResponse, description: 'The project as stored' }, ...writeErrors(404, 409, 422) },
      },
    },
    async (request) => {
      writes(request, ['projects']);
      const payload = payloadOf(objectBody(request.body, 'the project settings'));
      if (!isObject(payload))
        throw new AppError('bad_request', 'Send the settings as a JSON object: {"id": 12, "import_mode": 1}.');
      const target = settingsTarget(payload);
      if (payload.import_mode === undefined)
        throw new AppError(
          'bad_request',
          'Send the import_mode to set: 0 (add new rows only), 1 (add, and update by tag) or 2 (replace the list).',
        );
      return changeRow(db, projectSchema(), target, { import_mode: payload.import_mode }, actorOf(request));
    },
  );

  for (const { route, entity } of ROW_DELETES) {
    const schema = schemaOf(entity);
    app.post(
      `/${route}`,
      {
        schema: {
          tags: TAGS,
          summary: `Delete one ${schema.label.toLowerCase()}: refused (409) while others refer to it, unless cascade, which deletes ${contentsOf(entity)} with it`,
          body: jsonSchema(cascadeDeleteBody),
          querystring: jsonSchema(cascadeQuery),
          response: {
            200: output(cascadeDeleted, 'The id of the deleted row, and with cascade the rows deleted per list'),
            ...writeErrors(404, 409),
          },
        },
      },
      async (request) => {
        writes(
          request,
          flag(objectBody(request.body, `the ${schema.label.toLowerCase()} to delete`), request.query, 'cascade')
            ? withContents(entity)
            : [entity],
        );
        return deleteDocumentRow(db, request, entity, actorOf(request));
      },
    );
  }

  app.get(
    '/projects/:projectId',
    {
      schema: {
        tags: TAGS,
        summary:
          'The project document: the project with its P&IDs, PFDs (with streams) and areas (with instruments, equipment, lines)',
        params: jsonSchema(projectParams),
        response: { 200: output(projectDocument, 'The project document (spec §3 shape)'), ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      readProjectDocument(db, pathId(parseOr400(projectParams, request.params, 'path').projectId, projectSchema())),
  );
  app.get(
    '/projects/:projectId/rollups',
    {
      schema: {
        tags: TAGS,
        summary:
          'Roll-ups of the project and of each area: equipment, kW, I/O, cable and racking lengths, lines, equipment cost in base currency',
        params: jsonSchema(projectParams),
        response: { 200: output(rollupsResponse, 'The roll-ups, computed in one query'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const projectId = pathId(parseOr400(projectParams, request.params, 'path').projectId, projectSchema());
      return rollupReads.read(projectId, () => projectRollups(db, projectId));
    },
  );
  await pidRoutes(app, { db });
}
