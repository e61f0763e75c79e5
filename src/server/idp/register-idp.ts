import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { registerInteractionRoutes } from './interaction-routes';
import type { IdpKeys } from './keys';
import { registerLogoutRoute } from './logout-route';
import { mountProvider } from './mount-provider';
import { createProvider } from './provider-config';

export type { IdpKeys } from './keys';
export { loadIdpKeys, loadOrCreateIdpKeyFile } from './keys';

/**
 * The embedded, Auth0-compatible identity provider under /idp, for config.auth.mode === 'embedded':
 *   GET  /idp/authorize, POST /idp/oauth/token, GET /idp/userinfo, GET /idp/v2/logout,
 *   GET  /idp/.well-known/openid-configuration, GET /idp/.well-known/jwks.json,
 *   GET  /idp/interaction/:uid (sign-in page), POST /idp/interaction/:uid/login.
 * Needs nothing registered before it; it brings its own form parser and rate limiter in encapsulated scopes
 * and leaves the provider's request bodies unread for oidc-provider.
 */
export async function registerEmbeddedIdp(
  app: FastifyInstance,
  deps: { config: ServerConfig; db: Db; keys: IdpKeys },
): Promise<void> {
  const { config, db, keys } = deps;
  if (config.auth.mode !== 'embedded') throw new Error('registerEmbeddedIdp needs config.auth.mode "embedded"');
  const provider = createProvider({ config, db, keys, log: app.log });
  await registerInteractionRoutes(app, {
    provider,
    db,
    publicUrl: config.publicUrl,
    attemptsPerMinute: config.signInAttemptsPerMinute,
  });
  registerLogoutRoute(app, { provider, publicUrl: config.publicUrl, clientId: config.auth.clientId });
  await mountProvider(app, provider, config.publicUrl);
}
