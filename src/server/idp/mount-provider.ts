import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { IDP_PREFIX } from './provider-config';

/**
 * The provider's own requests as oidc-provider (a Koa app) expects them: host and scheme as the users see them.
 * The provider trusts forwarded headers (provider.proxy), so they are overwritten here, never taken from the
 * client: X-Forwarded-Host/Proto from publicUrl, X-Forwarded-For from Fastify's idea of the client address.
 */
export function pinForwardedHeaders(request: FastifyRequest, publicUrl: string): void {
  const { host, protocol } = new URL(publicUrl);
  const headers = request.raw.headers;
  headers['x-forwarded-host'] = host;
  headers['x-forwarded-proto'] = protocol.replace(/:$/, '');
  headers['x-forwarded-for'] = request.ip;
}

/**
 * Hands every /idp/* request that has no route of its own (authorize, oauth/token, jwks, discovery, userinfo)
 * to oidc-provider. Registered in its own encapsulated scope so that nothing reads the request body before
 * oidc-provider does: it parses form and JSON bodies itself, from the raw stream.
 */
export async function mountProvider(app: FastifyInstance, provider: Provider, publicUrl: string): Promise<void> {
  const handle = provider.callback();

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // Accept any body but leave the stream unread (payload is not consumed; oidc-provider reads it).
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    scope.all(`${IDP_PREFIX}/*`, async (request, reply) => {
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      const url = raw.url ?? '';
      // Fastify may route spellings such as //idp/... here; only the canonical one maps onto the provider.
      if (!url.startsWith(`${IDP_PREFIX}/`)) return reply.code(404).send({ error: 'not_found', message: 'Not found' });
      pinForwardedHeaders(request, publicUrl);
      // oidc-provider derives its mount path from originalUrl minus url (lib/helpers/oidc_context.js).
      raw.originalUrl = url;
      raw.url = url.slice(IDP_PREFIX.length);
      // oidc-provider writes the response itself (including headers already set on reply.raw, such as the CSP,
      // to which its web_message page adds its script hash); Fastify must not answer as well.
      reply.hijack();
      try {
        await handle(raw, reply.raw);
      } finally {
        raw.url = url; // so that logs show the path the client asked for
      }
    });
  });
}
