import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/actor';
import { hasRole } from '../../auth/roles';
import type { Db } from '../../db/client';
import { parseBody, recordIdFromBody, recordIdSchema, unwrapData } from '../../http/envelope';
import { deleteRequest, getRequest, listRequests, saveRequest, type RequestCaller } from './request-service';

const idParams = z.object({ id: recordIdSchema('request id') });

function callerOf(request: FastifyRequest): RequestCaller {
  return { actor: actorOf(request), isAdmin: hasRole(request.user.roles, 'admin') };
}

/**
 * Spec §7 request calls, V2 and legacy, on the same table. Every signed-in user (viewers too) files
 * requests: reporting a problem needs no edit rights. The envelope's param2 (the caller's sub) is accepted
 * but the token's sub is what is stored, so nobody files a request in someone else's name.
 */
export async function requestRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  for (const names of [
    { one: '/bugV2', list: '/bugsV2', remove: '/deletebugV2/:id' },
    { one: '/bug', list: '/bugs', remove: '/deletebug/:id' },
  ]) {
    app.post(names.one, async (request) => getRequest(db, recordIdFromBody(request.body, 'request id')));
    app.get(names.list, async () => listRequests(db));
    app.post(names.list, async (request) => saveRequest(db, unwrapData(request.body), callerOf(request)));
    app.delete(names.remove, async (request) => {
      const { id } = parseBody(idParams, request.params, 'path');
      return deleteRequest(db, id, callerOf(request));
    });
  }
}
