import type { FastifyInstance } from 'fastify';
import type { AuthSettings } from '../config';

/**
 * Headers on every response. Set on the raw response in onRequest so that the embedded identity provider,
 * which writes the raw response itself, sends them too (and can add its script hash to the CSP).
 */
export function registerSecurityHeaders(app: FastifyInstance, auth: AuthSettings): void {
  const authOrigin = auth.mode === 'auth0' ? ` ${new URL(auth.issuer).origin}` : '';
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // MUI's emotion injects <style> elements at run time; scripts stay locked down.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self'${authOrigin}`,
    `frame-src 'self'${authOrigin}`,
    `form-action 'self'${authOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

  app.addHook('onRequest', async (request, reply) => {
    const raw = reply.raw;
    raw.setHeader('Content-Security-Policy', csp);
    raw.setHeader('X-Content-Type-Options', 'nosniff');
    raw.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    raw.setHeader('X-Frame-Options', 'DENY');
    raw.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    raw.setHeader('X-Request-Id', request.id);
  });

  // JSON is never cached: it may carry one user's data.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.includes('application/json')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
