import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { JSONWebKeySet } from 'jose';
import type { ServerConfig } from './config';
import type { Database, Db } from './db/client';
import { startOrphanSweeper } from './entities/attachments';
import type { FileStore } from './files/file-store';
import { openFileStore } from './files/open-file-store';
import { fileRoutes } from './modules/attachments';
import { serverSecret } from './db/server-secrets';
import { authenticate } from './auth/auth-hooks';
import { createTokenVerifier } from './auth/token-verifier';
import { trackConnections, type ConnectionTracker } from './http/connections';
import { notFoundBody, registerErrorHandler } from './http/error-handler';
import { registerRefusedBodies } from './http/refused-bodies';
import { registerSecurityHeaders } from './http/security-headers';
import { registerEmbeddedIdp } from './idp/register-idp';
import type { IdpKeys } from './idp/keys';
import { entitySchemas } from '../schemas/registry';
import { assertValidSchemas } from '../schemas/registry-check';
import { unknownRuleNames } from './entities/save-hooks';
import { documentDeclarations } from '../schemas/documents/document-registry';
import { registerApiDocs } from './entities/api-docs';
import { entityRoutes } from './entities/entity-routes';
import { adminTableRoutes } from './modules/admin-tables';
import { categoryRoutes } from './modules/categories';
import { dashboardRoutes } from './modules/dashboard';
import { demoRoutes } from './seed/demo-routes';
import { housekeepingRoutes } from './modules/housekeeping';
import { entityAliasRoutes, generalLookupRoutes } from './modules/spec-aliases';
import { projectRoutes, drawingRoutes, revisionRoutes, dexpiRoutes, tagRenameRoutes } from './modules/projects';
import { documentRoutes } from './modules/deliverables';
import { quoteRoutes } from './modules/quotes';
import { meetingRoutes } from './modules/meetings';
import { packageRoutes } from './modules/packages';
import { adjudicationRoutes } from './modules/adjudications';
import { capexRoutes } from './modules/capex';
import { dutySheetRoutes } from './modules/duty-sheets';
import { quoteV1Routes } from './modules/quotes-v1';
import { proposalRoutes } from './modules/proposals';
import { requestRoutes } from './modules/requests';
import { searchRoutes } from './modules/search';
import { meRoutes, publicRoutes } from './modules/session';
import { viewRoutes } from './modules/views';
import { liveEventRoutes } from './modules/live-events';

declare module 'fastify' {
  // Declaration merging needs an interface here.
  interface FastifyInstance {
    /** The server's connections: stalled uploads, and the graceful stop (http/connections.ts). */
    connections: ConnectionTracker;
    /** Where attached files are stored, and the sweep of blobs no attachment refers to any more (files/). */
    files: { store: FileStore; sweepNow: () => Promise<number> };
  }
}

export type AppDeps = {
  config: ServerConfig;
  db: Db;
  /** The database's kind, which chooses the file store (files beside PGlite, large objects in PostgreSQL); by config.databaseUrl when absent. */
  dbKind?: Database['kind'];
  /** The embedded provider's keys; required when config.auth.mode is 'embedded'. */
  idpKeys?: IdpKeys;
  /** Pino options; tests pass false to keep output quiet. */
  logger?: boolean | object;
};

/** Builds the whole HTTP app without listening, so tests can drive it with app.inject. */
export async function buildApp({ config, db, dbKind, idpKeys, logger }: AppDeps): Promise<FastifyInstance> {
  assertValidSchemas(entitySchemas, documentDeclarations); // a misspelt reference stops the start, rather than switching a check off
  const unknownRules = unknownRuleNames();
  if (unknownRules.length > 0)
    throw new Error(`The documents name rules no hook implements: ${unknownRules.join(', ')}.`);
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      // Tokens, cookies and passwords never reach the logs.
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.access_token',
        '*.id_token',
        '*.refresh_token',
      ],
    },
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 64
        ? req.headers['x-request-id']
        : randomUUID(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: process.env.TRUST_PROXY === '1',
    // Timeouts (README's configuration table). Node checks the headers and request timeouts every
    // connectionsCheckingInterval (30 s by default, too coarse for them).
    keepAliveTimeout: config.timeouts.keepAlive,
    requestTimeout: config.timeouts.request,
    // New requests during a stop get our own 503 (below), in the API's error shape.
    return503OnClosing: false,
    http: {
      // List filters travel in the URL: a set filter of a few thousand values overran Node's 16 KiB of
      // headers and got a bare 431. 256 KiB holds ~10,000 short values, well under what browsers send.
      maxHeaderSize: 256 * 1024,
      headersTimeout: config.timeouts.headers,
      connectionsCheckingInterval: 1_000,
    },
  });
  const connections = trackConnections(app.server, {
    bodyIdleMs: config.timeouts.bodyIdle,
    keepAliveMs: config.timeouts.keepAlive,
  });
  app.decorate('connections', connections);
  app.addHook('onRequest', async (_request, reply) => {
    if (connections.refusing) {
      return reply
        .status(503)
        .header('connection', 'close')
        .send({ error: 'unavailable', message: 'The server is stopping; send the request again in a moment.' });
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    if (connections.stopping) reply.header('connection', 'close');
  });

  const store = openFileStore({ db, kind: dbKind ?? (config.databaseUrl ? 'postgres' : 'pglite') }, config.dataDir);
  const sweeper = startOrphanSweeper(db, store, (error) =>
    app.log.error({ err: error }, 'the sweep of unreferenced files failed; it tries again later'),
  );
  app.decorate('files', { store, sweepNow: sweeper.sweepNow });
  app.addHook('onClose', async () => sweeper.stop());

  registerErrorHandler(app);
  registerSecurityHeaders(app, config.auth);
  // A compressed body is a 415 before it is read (after the security headers' hook, so the answer has them);
  // a refused body is read and dropped after its answer, so the client reads it (http/refused-bodies.ts).
  registerRefusedBodies(app, { stopping: () => connections.stopping });
  await app.register(cookie);
  // Answers only: request bodies are never decompressed (a compressed one is a 415, above).
  await app.register(compress, { global: true, globalDecompression: false, threshold: 1024 });

  await registerApiDocs(app);

  const localJwks: JSONWebKeySet | undefined =
    config.auth.mode === 'embedded' ? requireKeys(idpKeys).publicJwks : undefined;
  const verify = createTokenVerifier(config.auth, localJwks);
  const xsrfSecret = await serverSecret(db, 'xsrf');

  await app.register(
    async (api) => {
      await api.register(publicRoutes, { db, config });
      await api.register(async (secured) => {
        secured.addHook('onRequest', authenticate(verify, xsrfSecret));
        await secured.register(meRoutes);
        await secured.register(dashboardRoutes, { db });
        await secured.register(projectRoutes, { db });
        await secured.register(drawingRoutes, { db });
        await secured.register(revisionRoutes, { db });
        await secured.register(documentRoutes, { db, firmName: config.firmName });
        await secured.register(dexpiRoutes, { db });
        await secured.register(tagRenameRoutes, { db });
        await secured.register(housekeepingRoutes, { db });
        await secured.register(demoRoutes, { db });
        await secured.register(entityRoutes, { db, importBodyLimitBytes: config.importBodyLimitBytes });
        await secured.register(fileRoutes, { db, store, limitBytes: config.fileLimitBytes });
        await secured.register(entityAliasRoutes, { db });
        await secured.register(generalLookupRoutes, { db });
        await secured.register(categoryRoutes, { db });
        await secured.register(adminTableRoutes, { db });
        await secured.register(requestRoutes, { db });
        await secured.register(quoteRoutes, { db });
        await secured.register(meetingRoutes, { db });
        await secured.register(proposalRoutes, { db });
        await secured.register(packageRoutes, { db });
        await secured.register(adjudicationRoutes, { db });
        await secured.register(dutySheetRoutes, { db });
        await secured.register(quoteV1Routes, { db });
        await secured.register(capexRoutes, { db });
        await secured.register(searchRoutes, { db });
        await secured.register(viewRoutes, { db });
        await secured.register(liveEventRoutes, { db, kind: dbKind ?? (config.databaseUrl ? 'postgres' : 'pglite') });
      });
    },
    { prefix: '/api' },
  );

  if (config.auth.mode === 'embedded') await registerEmbeddedIdp(app, { config, db, keys: requireKeys(idpKeys) });
  const hasBrowserApp = Boolean(config.staticDir && fs.existsSync(path.join(config.staticDir, 'index.html')));
  if (hasBrowserApp && config.staticDir) await serveBrowserApp(app, config.staticDir);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // History fallback: any page address of the browser app is answered with index.html.
    if (
      hasBrowserApp &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/idp/')
    ) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(notFoundBody(request));
  });
  return app;
}

function requireKeys(keys: IdpKeys | undefined): IdpKeys {
  if (!keys) throw new Error('The embedded identity provider needs its signing keys (idpKeys).');
  return keys;
}

/** The built browser app: hashed assets cached for a year, the rest revalidated. */
async function serveBrowserApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
