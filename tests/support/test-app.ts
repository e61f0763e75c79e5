import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { decodeJwt, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { serverSecret } from '../../src/server/db/server-secrets';
import { xsrfTokenFor as xsrfTokenFor_ } from '../../src/server/auth/xsrf';
import { loadOrCreateIdpKeyFile, type IdpKeys } from '../../src/server/idp/keys';
import { createTestDatabase } from './test-database';

/**
 * How a test request carries its XSRF token: 'match' (valid for its user), 'missing' (no header), 'wrong'
 * (a header other than the cookie), 'unsigned' (an equal random pair: a plain double submit), 'other-user'
 * (a valid token of another user, in both), 'forged' (an equal pair signed with another key).
 */
export type XsrfCase = 'match' | 'missing' | 'wrong' | 'unsigned' | 'other-user' | 'forged';

export type TestApp = {
  app: FastifyInstance;
  config: ServerConfig;
  database: Database & { label: string };
  keys: IdpKeys;
  /** A valid access token for the role, signed with the embedded provider's key, unless overridden. */
  tokenFor: (role: 'viewer' | 'engineer' | 'admin', overrides?: JWTPayload) => Promise<string>;
  /**
   * app.inject with a bearer token and an XSRF cookie and header: by default ('match') a token this server
   * signed for the bearer token's user, as the browser would echo it. The other cases forge one.
   */
  call: (options: InjectOptions & { token?: string; xsrf?: XsrfCase }) => Promise<LightMyRequestResponse>;
  /** An XSRF token signed by this app for the user `sub`. */
  xsrfTokenFor: (sub: string) => string;
  close: () => Promise<void>;
};

/** Tokens of the three roles (admin, engineer, viewer), as most API test files sign in. */
export async function roleTokens(t: TestApp): Promise<{ admin: string; engineer: string; viewer: string }> {
  const [admin, engineer, viewer] = await Promise.all([
    t.tokenFor('admin'),
    t.tokenFor('engineer'),
    t.tokenFor('viewer'),
  ]);
  return { admin, engineer, viewer };
}

/**
 * The API test file set-up most files share: a test app with the three roles signed in, made before the
 * file's tests and closed after them (the file may add its own beforeAll, which runs after this one).
 * get reads as the viewer and post writes as the engineer unless given another token.
 */
export type SignedInSuite = {
  t: TestApp;
  admin: string;
  engineer: string;
  viewer: string;
  get: (url: string, token?: string) => Promise<LightMyRequestResponse>;
  post: (url: string, payload: unknown, token?: string) => Promise<LightMyRequestResponse>;
};

export function signedInSuite(): SignedInSuite {
  const suite = {
    get: (url: string, token = suite.viewer) => suite.t.call({ url: `/api${url}`, token }),
    post: (url: string, payload: unknown, token = suite.engineer) =>
      suite.t.call({ method: 'POST', url: `/api${url}`, token, payload: payload as object }),
  } as SignedInSuite;
  beforeAll(async () => {
    suite.t = await createTestApp();
    Object.assign(suite, await roleTokens(suite.t));
  });
  afterAll(async () => suite.t?.close());
  return suite;
}

export async function createTestApp(): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagbase-api-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '3999', STATIC_DIR: path.join(dataDir, 'no-browser-app') });
  // Migrated and seeded with the reference and demo data.
  const database = await createTestDatabase({ seeded: true });
  const keys = await loadOrCreateIdpKeyFile(dataDir);
  const app = await buildApp({ config, db: database.db, dbKind: database.kind, idpKeys: keys, logger: false });
  await app.ready();

  const tokenFor: TestApp['tokenFor'] = async (role, overrides = {}) =>
    signAccessToken(keys.privateJwks.keys[0] as JWK, {
      iss: config.auth.issuer,
      aud: config.auth.audience,
      sub: `local|${role}`,
      [config.auth.rolesClaim]: [role],
      'https://tagbase.app/name': role,
      ...overrides,
    });

  const secret = await serverSecret(database.db, 'xsrf');
  const xsrfTokenFor = (sub: string) => xsrfTokenFor_(secret, sub);
  const call: TestApp['call'] = async ({ token, xsrf = 'match', headers = {}, cookies = {}, ...rest }) => {
    const sub = token ? String(decodeJwt(token).sub) : 'nobody';
    const cookie = {
      match: xsrfTokenFor(sub),
      missing: xsrfTokenFor(sub),
      wrong: xsrfTokenFor(sub),
      unsigned: 'test-xsrf-token',
      'other-user': xsrfTokenFor(`${sub}-other`),
      forged: xsrfTokenFor_(Buffer.from('not the server secret'), sub),
    }[xsrf];
    const header = xsrf === 'missing' ? undefined : xsrf === 'wrong' ? xsrfTokenFor(sub) : cookie;
    return app.inject({
      ...rest,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(header ? { 'x-xsrf-token': header } : {}),
        ...headers,
      },
      cookies: { 'XSRF-TOKEN': cookie, ...cookies },
    });
  };

  return {
    app,
    config,
    database,
    keys,
    tokenFor,
    call,
    xsrfTokenFor,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs like the identity provider does (RS256 with the key's kid); expiry one hour ahead unless the payload says otherwise. */
export async function signAccessToken(jwk: JWK, payload: JWTPayload): Promise<string> {
  const key = await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iat: now, exp: now + 3600, ...payload })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .sign(key);
}

/**
 * signedInSuite, its app also listening on a real socket (port 0): what the "nothing lost" property tests
 * send their bodies to, since app.inject hands a body over in one piece and never met the reader's races.
 */
export function listeningSuite(): { suite: SignedInSuite; base: () => string } {
  const suite = signedInSuite();
  let base = '';
  beforeAll(async () => {
    base = await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  return { suite, base: () => base };
}
