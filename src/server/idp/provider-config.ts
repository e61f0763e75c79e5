import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { accessTokenClaims, findUserBySub, toAccount } from './accounts';
import { createDbAdapterFactory } from './db-adapter';
import { loadExistingGrant } from './first-party-grant';
import type { IdpKeys } from './keys';
import { messagePage } from './pages';

export const IDP_PREFIX = '/idp';
const HOUR = 60 * 60;
const DAY = 24 * HOUR;
/** The session cookie only needs to reach the provider; the app's own requests need not carry it. */
export const SESSION_COOKIE_OPTIONS = { httpOnly: true, sameSite: 'lax', path: IDP_PREFIX } as const;

export type ProviderDeps = { config: ServerConfig; db: Db; keys: IdpKeys; log: FastifyBaseLogger };

/**
 * An oidc-provider that answers like an Auth0 tenant for the one first-party client, so that the browser app
 * uses @auth0/auth0-react unchanged whether it talks to Auth0 or to this embedded provider.
 */
export function createProvider({ config, db, keys, log }: ProviderDeps): Provider {
  const { auth, publicUrl } = config;
  const publicOrigin = new URL(publicUrl).origin;

  const configuration: Configuration = {
    adapter: createDbAdapterFactory(db, log),
    clients: [
      {
        client_id: auth.clientId,
        // A browser app cannot keep a secret: it proves itself with PKCE (required for public clients).
        token_endpoint_auth_method: 'none',
        redirect_uris: [`${publicUrl}/callback`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    // Only what the SDK uses: authorization code + PKCE for one public client. No implicit flow, no secrets.
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    jwks: keys.privateJwks as Configuration['jwks'],
    cookies: { keys: keys.cookieKeys, long: SESSION_COOKIE_OPTIONS, short: { httpOnly: true, sameSite: 'lax' } },
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      jwks: '/.well-known/jwks.json',
      userinfo: '/userinfo',
    },
    // Auth0 puts every claim of the granted scopes into the ID token, and the SDK reads the user from there.
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], profile: ['name', 'nickname', 'picture'], email: ['email', 'email_verified'] },
    // The SDK names the API it wants a token for with Auth0's `audience` instead of RFC 8707's `resource`.
    extraParams: ['audience'],
    findAccount: async (_ctx, sub) => {
      const user = await findUserBySub(db, sub);
      return user ? toAccount(user) : undefined;
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await findUserBySub(db, token.accountId);
      return user ? accessTokenClaims(user, auth.rolesClaim) : undefined;
    },
    loadExistingGrant: (ctx) => loadExistingGrant(ctx, auth.clientId),
    // Refresh tokens for the browser app: with `useRefreshTokens` the SDK renews tokens with them instead of the
    // hidden iframe (which third-party-cookie blocking can break); without it, it ignores them. They rotate on
    // every use (oidc-provider's default for public clients); without `offline_access` they die with the provider
    // session, and /v2/logout revokes the session's grants, so signing out ends them in any case.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    interactions: { url: (_ctx, interaction) => `${IDP_PREFIX}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // Sign-out is Auth0's GET /v2/logout (logout-route.ts), not OIDC's end_session endpoint.
      rpInitiatedLogout: { enabled: false },
      // The SDK's silent renewal: a hidden iframe with prompt=none that posts the result back to the app.
      webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
      resourceIndicators: {
        enabled: true,
        defaultResource: (ctx, _client, oneOf) => {
          const audience = (ctx.oidc.params as { audience?: unknown } | undefined)?.audience;
          const wanted = typeof audience === 'string' && audience ? audience : auth.audience;
          if (oneOf) return oneOf.includes(wanted) ? wanted : oneOf;
          return wanted;
        },
        // The SDK does not repeat the audience at the token endpoint: the token is for the API the code was for.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== auth.audience)
            throw new errors.InvalidTarget(`unknown audience ${resourceIndicator}`);
          return {
            audience: auth.audience,
            scope: 'openid profile email',
            accessTokenFormat: 'jwt',
            accessTokenTTL: HOUR,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      userinfo: { enabled: true },
    },
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Session: 7 * DAY,
      Grant: 7 * DAY,
      // A rotated refresh token inherits what was left of its predecessor, so rotation never extends the total.
      RefreshToken: (ctx, token) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated && !token.isSenderConstrained() ? rotated.remainingTTL : 7 * DAY;
      },
    },
    clientBasedCORS: (_ctx, origin) => origin === publicOrigin,
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = messagePage({
        title: 'Sign-in problem',
        message: 'Tagbase could not complete this sign-in request.',
        details: out.error_description ?? out.error,
        returnUrl: publicUrl,
      });
    },
  };

  const provider = new Provider(auth.issuer, configuration);
  // Request URLs and the https flag come from the forwarded headers that mount-provider.ts pins to publicUrl
  // (never from the client), so links and cookies match the address users actually use, even behind a proxy.
  provider.proxy = true;
  logProviderEvents(provider, log);
  return provider;
}

function logProviderEvents(provider: Provider, log: FastifyBaseLogger): void {
  // Koa would print to stderr; route everything through pino. Errors carry codes and descriptions, never tokens.
  (provider as unknown as EventEmitter).on('error', (err: Error) => log.error({ err }, 'identity provider failed'));
  provider.on('server_error', (_ctx: KoaContextWithOIDC, err: Error) => log.error({ err }, 'identity provider failed'));
  const refused = (event: string) => (_ctx: KoaContextWithOIDC, err: errors.OIDCProviderError) => {
    // login_required answers every silent renewal of a signed-out browser: routine, not news.
    const level = err.error === 'login_required' ? 'debug' : 'info';
    log[level]({ event, error: err.error, description: err.error_description }, 'identity provider refused a request');
  };
  provider.on('authorization.error', refused('authorization'));
  provider.on('grant.error', refused('token'));
}
