import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { pinForwardedHeaders } from './mount-provider';
import { IDP_PREFIX, SESSION_COOKIE_OPTIONS } from './provider-config';

type Deps = { provider: Provider; publicUrl: string; clientId: string };
type LogoutQuery = { Querystring: { returnTo?: unknown; client_id?: unknown; federated?: unknown } };

/**
 * Auth0's sign-out, GET /v2/logout?client_id=...&returnTo=...[&federated], which is what the SDK's logout() opens.
 * Unlike OIDC's end_session it asks no confirmation and needs no id_token_hint: it ends the provider session
 * (the row and the cookie), revokes what the session's grants issued (refresh tokens, unused codes), and
 * redirects. `federated` would also sign out of an upstream identity provider; there is none here, so ending
 * the local session is all it means. returnTo is honoured only for a registered address, otherwise the app's
 * start page: an open redirect on a sign-out URL is a phishing aid.
 */
export function registerLogoutRoute(app: FastifyInstance, { provider, publicUrl, clientId }: Deps): void {
  const allowedReturnTo = new Set([publicUrl, `${publicUrl}/`]);

  app.get<LogoutQuery>(`${IDP_PREFIX}/v2/logout`, async (request, reply) => {
    const { returnTo, client_id: requestedClient } = request.query;
    const knownClient = requestedClient === undefined || requestedClient === clientId;
    const target = knownClient && typeof returnTo === 'string' && allowedReturnTo.has(returnTo) ? returnTo : publicUrl;

    pinForwardedHeaders(request, publicUrl);
    // A Koa context of the provider reads its signed session cookie and writes the expired ones onto reply.raw.
    const ctx = provider.createContext(request.raw, reply.raw);
    const session = await provider.Session.get(ctx);
    if (session.accountId) {
      const grantIds = Object.values(session.authorizations ?? {}).flatMap(
        (authorization) => authorization.grantId ?? [],
      );
      await Promise.all(grantIds.map((grantId) => revokeGrant(provider, grantId)));
      request.log.info({ sub: session.accountId }, 'signed out');
    }
    // A session that never existed (no cookie) has nothing to destroy.
    if (!(session as { new?: boolean }).new) await session.destroy();
    ctx.cookies.set(provider.cookieName('session'), null, { ...SESSION_COOKIE_OPTIONS, secure: ctx.secure });
    // Hand the expired cookies over to Fastify, so that cookies other hooks add to this reply join them.
    const expired = reply.raw.getHeader('set-cookie');
    reply.raw.removeHeader('set-cookie');
    if (expired !== undefined) reply.header('set-cookie', expired);

    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });
}

async function revokeGrant(provider: Provider, grantId: string): Promise<void> {
  await Promise.all([
    provider.RefreshToken.revokeByGrantId(grantId),
    provider.AuthorizationCode.revokeByGrantId(grantId),
    provider.AccessToken.revokeByGrantId(grantId), // JWT access tokens are not stored; they simply expire
    provider.Grant.adapter.destroy(grantId),
  ]);
}
