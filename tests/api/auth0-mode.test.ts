import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { FastifyInstance } from 'fastify';
import { signAccessToken } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

/**
 * The same build against an external tenant, by configuration alone: a stand-in tenant on loopback serves
 * its JWKS (as Auth0 does at /.well-known/jwks.json); /idp is off and tokens are checked against the tenant.
 */
let tenant: http.Server;
let tenantUrl: string;
let tenantKey: JWK;
let app: FastifyInstance;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  tenantKey = { ...(await exportJWK(privateKey)), kid: 'tenant-key', alg: 'RS256' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'tenant-key', alg: 'RS256', use: 'sig' };
  tenant = http.createServer((req, res) => {
    if (req.url !== '/.well-known/jwks.json') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => tenant.listen(0, '127.0.0.1', resolve));
  tenantUrl = `http://127.0.0.1:${(tenant.address() as AddressInfo).port}`;

  const database = await createTestDatabase();
  closeDb = database.close;
  const config = loadConfig({
    AUTH0_DOMAIN: tenantUrl,
    AUTH0_CLIENT_ID: 'spa-client-id',
    AUTH0_AUDIENCE: 'https://tagbase.example/api',
    STATIC_DIR: '/nonexistent',
  });
  app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await closeDb?.();
  tenant?.close();
});

const sign = (payload: Record<string, unknown>) =>
  signAccessToken(tenantKey, {
    iss: `${tenantUrl}/`,
    aud: 'https://tagbase.example/api',
    sub: 'auth0|42',
    'https://tagbase.app/roles': ['engineer'],
    ...payload,
  });

describe('with AUTH0_DOMAIN, AUTH0_CLIENT_ID and AUTH0_AUDIENCE set', () => {
  it('hands the tenant to the browser at run time', async () => {
    const response = await app.inject({ url: '/api/config' });
    expect(response.json().auth).toEqual({
      mode: 'auth0',
      domain: tenantUrl,
      clientId: 'spa-client-id',
      audience: 'https://tagbase.example/api',
    });
  });

  it('turns the embedded provider off', async () => {
    expect((await app.inject({ url: '/idp/.well-known/openid-configuration' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/idp/authorize' })).statusCode).toBe(404);
  });

  it("accepts the tenant's tokens and refuses tokens for another audience or issuer", async () => {
    const ok = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${await sign({})}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ sub: 'auth0|42', roles: ['engineer'] });
    const wrongAudience = await app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${await sign({ aud: 'https://api.tagbase.local' })}` },
    });
    expect(wrongAudience.statusCode).toBe(401);
    const wrongIssuer = await app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${await sign({ iss: 'https://other.auth0.com/' })}` },
    });
    expect(wrongIssuer.statusCode).toBe(401);
  });

  it('refuses a partial tenant configuration with a clear message', () => {
    expect(() => loadConfig({ AUTH0_DOMAIN: 'acme.eu.auth0.com' })).toThrow(
      'AUTH0_DOMAIN, AUTH0_CLIENT_ID and AUTH0_AUDIENCE must be set together',
    );
  });
});
