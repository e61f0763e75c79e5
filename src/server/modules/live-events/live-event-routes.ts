import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { findEntitySchema, getEntitySchema } from '../../../schemas/registry';
import type { Database, Db } from '../../db/client';
import { SCOPED_DOCUMENTS } from '../../entities/document-scope';
import { ident, queryRows } from '../../entities/entity-sql';
import { errors, jsonSchema, parseOr400, writeErrors } from '../../entities/route-schemas';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { pathId } from '../../http/record-id';
import { lastAuditId } from './change-feed';
import { DOCUMENT_ROOTS, documentBatchAfter, documentKey, type DocumentRef } from './document-feed';
import { EventStreams, type EventStream } from './event-stream';
import { LiveHub } from './live-hub';
import { LivePresence, newStreamId, STREAM_ID_PATTERN } from './live-presence';
import { sseBatch, sseEvent } from './sse-format';

const TAGS = ['Live changes'];

/** Where a stream's user is: PUT …/presence. */
const presenceBody = z.strictObject({
  stream: z.string().regex(new RegExp(STREAM_ID_PATTERN)).describe("The stream's id (from its ready event)"),
  list: z.string().max(64).nullable().describe('The list open (an entity name), or null'),
  row: z.number().int().positive().nullable().describe('The row the user is on (its id), or null'),
});

/** The answer as the OpenAPI document shows it: a stream of text events, described in words. */
const STREAM_ANSWER = {
  description:
    'text/event-stream: `ready` (id: the newest audit id), then `change` and `reload` events as saves commit, `: heartbeat` comments every 15 s, and `end` (reason expired or stopping) before the server closes it',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
};

/**
 * GET /api/{projects,quotes,packages,adjudications}/:id/events: the document's committed changes as
 * server-sent events, for an open list to follow its colleagues' saves (#33). Behind the same bearer token
 * as the API: the browser reads the stream with fetch, which sends the header (EventSource cannot, and a
 * token in the address would reach logs and proxies, so none is taken there). Every signed-in user reads
 * every document today (auth/roles.ts), and a stream carries one document's changes only, so no one
 * receives a document they may not read. The stream ends at the token's expiry: the browser opens a new one
 * with its renewed token and Last-Event-ID.
 */
export async function liveEventRoutes(app: FastifyInstance, options: { db: Db; kind: Database['kind'] }) {
  const { db } = options;
  const warn = (error: Error, what: string) => app.log.warn({ err: error }, what);
  const hub = new LiveHub(db, options.kind, warn);
  const presence = new LivePresence(db, (key, text) => hub.broadcast(key, text), warn);
  hub.onPresence = (notice) => presence.received(notice);
  const streams = new EventStreams();
  app.connections.onStop(() => streams.endAll('stopping'));
  app.addHook('onClose', async () => {
    streams.stop();
    presence.stop();
    await hub.stop();
  });

  for (const root of DOCUMENT_ROOTS) {
    const schema = getEntitySchema(root);
    const what = schema.label.toLowerCase();
    // The id is named as every other route under the document names it ({projectId}, {quoteId}…).
    const param = SCOPED_DOCUMENTS.find((d) => d.document === root)?.param ?? 'id';
    /** The document the address names; 404 when there is none. */
    const documentOf = async (request: FastifyRequest): Promise<DocumentRef> => {
      const ref: DocumentRef = { root, id: pathId((request.params as Record<string, string>)[param] ?? '', schema) };
      const [found] = await queryRows(db, sql`select 1 from ${ident(root)} where id = ${ref.id}`);
      if (!found) throw new AppError('not_found', `There is no ${what} ${ref.id}.`);
      return ref;
    };
    app.get(
      `/${root}/:${param}/events`,
      {
        schema: {
          tags: TAGS,
          summary: `The ${what}'s committed changes as they happen (server-sent events), replayed from Last-Event-ID`,
          params: {
            type: 'object',
            properties: { [param]: { type: 'string', description: `${schema.label} id (digits)` } },
          },
          headers: {
            type: 'object',
            properties: {
              'last-event-id': { type: 'string', description: 'The last event id received: replays after it' },
            },
          },
          response: { 200: STREAM_ANSWER, ...errors(400, 401, 404, 503) },
        },
      },
      async (request, reply) => {
        const after = lastEventIdOf(request);
        if (app.connections.stopping)
          throw new AppError('unavailable', 'The server is stopping; open the stream again in a moment.');
        const ref = await documentOf(request);
        const expiresAt = expiryOf(request);

        // Subscribed first, so nothing committed from here on is missed; what arrives before the stream is
        // ready waits here (a batch also in the replay comes twice: the client re-reads the rows, no harm).
        const opened: { stream?: EventStream } = {};
        const early: string[] = [];
        const unsubscribe = await hub.subscribe(ref, (text) =>
          opened.stream ? opened.stream.write(text) : void early.push(text),
        );
        const presenceId = newStreamId();
        let opening: string;
        try {
          opening = await openingOf(db, ref, after, presenceId);
        } catch (error) {
          unsubscribe();
          throw error;
        }
        const key = documentKey(ref);
        presence.opened(presenceId, key, request.user.sub, request.user.name);
        reply.hijack();
        const stream = (opened.stream = streams.start(reply.raw, expiresAt, () => {
          unsubscribe();
          presence.closed(presenceId);
        }));
        stream.write(opening);
        stream.write(presence.snapshotEvent(key));
        for (const text of early.splice(0)) stream.write(text);
      },
    );

    app.put(
      `/${root}/:${param}/presence`,
      {
        schema: {
          tags: TAGS,
          summary: `Where this user is in the ${what}: the list and row shown to everyone with it open (presence)`,
          description:
            "Sent by an open stream's client (its id from `ready`) when it opens a list or moves to a row; every stream of the document is sent the new `presence` event. An entry goes when its stream closes.",
          params: {
            type: 'object',
            properties: { [param]: { type: 'string', description: `${schema.label} id (digits)` } },
          },
          body: jsonSchema(presenceBody),
          response: {
            200: {
              description: 'Where the user is, as sent to everyone with the document open',
              ...jsonSchema(presenceBody, 'output'),
            },
            ...writeErrors(404),
          },
        },
      },
      async (request) => {
        const ref = await documentOf(request);
        const body = parseOr400(presenceBody, request.body, 'presence');
        if (body.list !== null && !findEntitySchema(body.list))
          throw new AppError('bad_request', `There is no list "${body.list}".`);
        await presence.moved(documentKey(ref), request.user.sub, request.user.name, body);
        return body;
      },
    );
  }
}

/**
 * What a stream starts with: the replay of what its client missed (after Last-Event-ID), or `reload` when
 * that is too much, then `ready` with the newest audit id of the project as its id, and the stream's own id
 * (`stream`: what its client names when it says where it is, PUT …/presence).
 */
async function openingOf(db: Db, ref: DocumentRef, after: number | undefined, stream: string): Promise<string> {
  let text = '';
  let replayed = 0;
  if (after !== undefined) {
    const replay = await documentBatchAfter(db, ref, after);
    if (replay) {
      text += sseBatch(replay);
      replayed = replay.events.length;
    } else text += sseEvent('reload', { reason: 'behind' });
  }
  const cursor = Math.max(await lastAuditId(db, ref.root === 'projects' ? ref.id : undefined), after ?? 0);
  return text + sseEvent('ready', { document: ref.root, id: ref.id, lastEventId: cursor, replayed, stream }, cursor);
}

/** Last-Event-ID (the header EventSource sends, and a fetch client sets itself), or undefined. */
function lastEventIdOf(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  if (header === undefined || header === '') return undefined;
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header.trim()))
    throw new AppError('bad_request', 'Last-Event-ID must be the id of an event this stream sent (digits).');
  return Number(header.trim());
}

/** When the bearer token expires (ms): the authenticate hook verified it, exp included, before this runs. */
function expiryOf(request: FastifyRequest): number {
  const token = request.headers.authorization?.split(' ')[1] ?? '';
  const exp = decodeJwt(token).exp;
  if (typeof exp !== 'number') throw new AppError('unauthenticated', 'The access token has no expiry (exp).');
  return exp * 1000;
}
