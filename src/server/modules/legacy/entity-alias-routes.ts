import type { FastifyInstance } from 'fastify';
import { getEntitySchema } from '../../../schemas/registry';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { getEntityRow, listEntityRows } from '../../entities/entity-service';
import { MAX_PAGE_SIZE } from '../../../lib/entity-api';
import { recordIdFromBody, unwrapData } from '../../http/envelope';
import { deleteOne, saveOne } from './save-one';

/**
 * Spec §7 routes for clients, suppliers, lithium projects and parts, answered by the entity engine:
 * GET /<list> returns every row; POST /<list> saves one row (envelope or bare); POST /delete<one> deletes one.
 */
const ALIASES = [
  { list: 'clients', remove: 'deleteclient', entity: 'clients' },
  { list: 'suppliers', remove: 'deletesupplier', entity: 'suppliers' },
  { list: 'lithiumprojects', remove: 'deletelithiumproject', entity: 'lithium_projects' },
  { list: 'parts', remove: 'deletepart', entity: 'parts', one: 'part' },
] as const;

export async function entityAliasRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  for (const alias of ALIASES) {
    const schema = getEntitySchema(alias.entity);
    app.get(`/${alias.list}`, async () => {
      const { rows } = await listEntityRows(db, schema, { limit: MAX_PAGE_SIZE, sort: [schema.defaultSort] });
      return rows;
    });
    app.post(`/${alias.list}`, async (request) => {
      assertRole(request, schema.writeRole, schema.labelPlural.toLowerCase());
      return saveOne(db, schema, unwrapData(request.body), actorOf(request));
    });
    app.post(`/${alias.remove}`, async (request) => {
      assertRole(request, schema.writeRole, schema.labelPlural.toLowerCase());
      return deleteOne(db, schema, unwrapData(request.body), actorOf(request));
    });
    // POST /part: one row by id.
    if ('one' in alias) {
      app.post(`/${alias.one}`, async (request) => getEntityRow(db, schema, recordIdFromBody(request.body, `${schema.label.toLowerCase()} id`)));
    }
  }
}
