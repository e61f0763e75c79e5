import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/tables';
import { loadIdpKeys, loadOrCreateIdpKeyFile, type IdpKeys } from '../../src/server/idp/keys';
import { hashPassword, verifyPassword } from '../../src/server/idp/passwords';
import { registerEmbeddedIdp } from '../../src/server/idp/register-idp';
import { createTestDatabase } from '../support/test-database';

const API = 'https://api.tagbase.local';
const SUB = 'local|alice';
const PASSWORD = 'correct horse battery staple';
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

/** A browser's cookie jar, just enough of it: name, value and path; expired cookies are dropped. */
class CookieJar {
  cookies = new Map<string, { value: string; path: string }>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const attr = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.split('=')[1];
      const expires = attr('expires');
      if (!value || (expires && new Date(expires).getTime() < Date.now())) this.cookies.delete(name);
      else this.cookies.set(name, { value, path: attr('path') ?? '/' });
    }
  }
  header(url: string): string {
    const pathname = new URL(url).pathname;
    return [...this.cookies]
      .filter(([, c]) => pathname.startsWith(c.path))
      .map(([n, c]) => `${n}=${c.value}`)
      .join('; ');
  }
  copy(): CookieJar {
    const jar = new CookieJar();
    jar.cookies = new Map(this.cookies);
    return jar;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function buildApp(config: ServerConfig, database: Database, keys: IdpKeys): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(cookie);
  // What the real app does for /idp requests: the CSP goes onto the raw response before the provider runs.
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader('content-security-policy', CSP);
    reply.raw.setHeader('x-frame-options', 'DENY');
  });
  await registerEmbeddedIdp(app, { config, db: database.db, keys });
  return app;
}

let config: ServerConfig;
let database: Database;
let keys: IdpKeys;
let app: FastifyInstance;
let dataDir: string;
let base: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tagbase-idp-'));
  const port = await freePort();
  config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
  });
  base = config.publicUrl;
  // In-memory PGlite, or a PostgreSQL database in the api-postgres project.
  database = await createTestDatabase();
  await database.db.insert(users).values({
    sub: SUB,
    username: 'alice',
    passwordHash: await hashPassword(PASSWORD),
    nickname: 'alice',
    name: 'Alice Example',
    email: 'alice@example.com',
    picture: 'https://example.com/alice.png',
    roles: ['engineer'],
  });
  keys = await loadOrCreateIdpKeyFile(dataDir);
  app = await buildApp(config, database, keys);
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function get(url: string, jar: CookieJar): Promise<Response> {
  const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header(url) } });
  jar.store(res);
  return res;
}

async function postForm(url: string, form: Record<string, string>, jar = new CookieJar()): Promise<Response> {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(url), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  jar.store(res);
  return res;
}

function location(res: Response): string {
  const value = res.headers.get('location');
  expect(value, `status ${res.status} without Location`).toBeTruthy();
  return new URL(value!, base).href;
}

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The query the SDK sends (plus its auth0Client telemetry), as an /idp/authorize URL. */
function authorizeUrl(challenge: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    client_id: config.auth.clientId,
    redirect_uri: `${base}/callback`,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email',
    audience: API,
    state: randomBytes(8).toString('hex'),
    nonce: 'nonce-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    auth0Client: Buffer.from(JSON.stringify({ name: 'auth0-react', version: '2.27.0' })).toString('base64'),
    ...extra,
  });
  return `${base}/idp/authorize?${params}`;
}

async function exchangeCode(code: string, verifier: string): Promise<Response> {
  return postForm(`${base}/idp/oauth/token`, {
    grant_type: 'authorization_code',
    client_id: config.auth.clientId,
    code,
    code_verifier: verifier,
    redirect_uri: `${base}/callback`,
  });
}

describe('embedded identity provider', () => {
  const jar = new CookieJar();
  const { verifier, challenge } = pkce();
  let code = '';
  let tokens: { access_token: string; id_token: string; refresh_token?: string; token_type: string };
  let sessionRefreshToken = '';

  it('publishes discovery under /idp with the issuer the SDK expects', async () => {
    const res = await fetch(`${base}/idp/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.issuer).toBe(`${base}/idp/`);
    expect(body.issuer).toBe(config.auth.issuer);
    expect(body.authorization_endpoint).toBe(`${base}/idp/authorize`);
    expect(body.token_endpoint).toBe(`${base}/idp/oauth/token`);
    expect(body.jwks_uri).toBe(config.auth.jwksUrl);
    expect(body.response_modes_supported).toContain('web_message');
  });

  it('sends an unknown browser to the sign-in page and refuses a wrong password', async () => {
    const authorize = await get(authorizeUrl(challenge), jar);
    expect(authorize.status).toBe(303);
    const signInUrl = location(authorize);
    expect(signInUrl).toMatch(new RegExp(`^${base}/idp/interaction/[\\w-]+$`));

    const page = await get(signInUrl, jar);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Sign in to Tagbase</title>');
    expect(html).toContain('name="username"');
    expect(html).toContain('type="password"');
    expect(html).not.toContain('<script');
    expect(page.headers.get('x-frame-options')).toBe('DENY');

    const wrong = await postForm(`${signInUrl}/login`, { username: 'alice', password: 'wrong' }, jar);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('location')).toBeNull();
    expect(await wrong.text()).toContain('Wrong username or password.');

    const unknown = await postForm(`${signInUrl}/login`, { username: '<b>mallory</b>', password: PASSWORD }, jar);
    expect(unknown.status).toBe(401);
    const unknownHtml = await unknown.text();
    expect(unknownHtml).toContain('Wrong username or password.');
    expect(unknownHtml).toContain('&lt;b&gt;mallory&lt;/b&gt;');
    expect(unknownHtml).not.toContain('<b>mallory');

    const right = await postForm(`${signInUrl}/login`, { username: 'alice', password: PASSWORD }, jar);
    expect(right.status).toBe(303);
    const resumed = await get(location(right), jar);
    expect(resumed.status).toBe(303);
    const callback = new URL(location(resumed));
    expect(`${callback.origin}${callback.pathname}`).toBe(`${base}/callback`);
    expect(callback.searchParams.get('error')).toBeNull();
    expect(callback.searchParams.get('iss')).toBe(config.auth.issuer);
    code = callback.searchParams.get('code') ?? '';
    expect(code).not.toBe('');
  });

  it('exchanges the code for an API access token and an ID token', async () => {
    const res = await exchangeCode(code, verifier);
    expect(res.status).toBe(200);
    tokens = (await res.json()) as typeof tokens;
    expect(tokens.token_type).toBe('Bearer');

    const jwks = createRemoteJWKSet(new URL(`${base}/idp/.well-known/jwks.json`));
    expect(decodeProtectedHeader(tokens.access_token).alg).toBe('RS256');
    const { payload: access } = await jwtVerify(tokens.access_token, jwks, {
      issuer: config.auth.issuer,
      audience: API,
    });
    expect(access.sub).toBe(SUB);
    expect(access[config.auth.rolesClaim]).toEqual(['engineer']);
    expect(access['https://tagbase.app/name']).toBe('Alice Example');

    const { payload: id } = await jwtVerify(tokens.id_token, jwks, {
      issuer: `${base}/idp/`,
      audience: 'tagbase-web',
      algorithms: ['RS256'],
    });
    expect(id).toMatchObject({
      sub: SUB,
      nonce: 'nonce-123',
      nickname: 'alice',
      name: 'Alice Example',
      email: 'alice@example.com',
      email_verified: false,
    });
    expect(id.picture).toBe('https://example.com/alice.png');
  });

  it('renews tokens with the refresh token, still for the API audience', async () => {
    expect(tokens.refresh_token).toBeTruthy();
    const res = await postForm(`${base}/idp/oauth/token`, {
      grant_type: 'refresh_token',
      client_id: config.auth.clientId,
      refresh_token: tokens.refresh_token!,
    });
    expect(res.status).toBe(200);
    const renewed = (await res.json()) as typeof tokens;
    const jwks = createRemoteJWKSet(new URL(config.auth.jwksUrl));
    const { payload } = await jwtVerify(renewed.access_token, jwks, { issuer: config.auth.issuer, audience: API });
    expect(payload[config.auth.rolesClaim]).toEqual(['engineer']);
  });

  it('refuses a code used twice, and revokes what it issued', async () => {
    const again = await exchangeCode(code, verifier);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: string }).error).toBe('invalid_grant');
    // Replay means the code leaked: oidc-provider revokes the tokens issued with it.
    const refresh = await postForm(`${base}/idp/oauth/token`, {
      grant_type: 'refresh_token',
      client_id: config.auth.clientId,
      refresh_token: tokens.refresh_token!,
    });
    expect(refresh.status).toBe(400);
  });

  it('answers silent renewal (prompt=none, web_message) with a code and a CSP hash for its script', async () => {
    const silent = pkce();
    const res = await get(
      authorizeUrl(silent.challenge, { prompt: 'none', response_mode: 'web_message', scope: 'openid' }),
      jar,
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('authorization_response');
    const silentCode = /"code":"([^"]+)"/.exec(html)?.[1];
    expect(silentCode).toBeTruthy();
    // The SDK loads this in a hidden iframe: it must be frameable, and its inline script allowed by hash.
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(res.headers.get('content-security-policy')).not.toContain('frame-ancestors');
    expect(res.headers.get('x-frame-options')).toBeNull();

    const wrongVerifier = await exchangeCode(silentCode!, pkce().verifier);
    expect(wrongVerifier.status).toBe(400);
    // Even for scope=openid alone (no API scope requested) the access token is for the API.
    const token = await exchangeCode(silentCode!, silent.verifier);
    expect(token.status).toBe(200);
    const { access_token, refresh_token } = (await token.json()) as typeof tokens;
    sessionRefreshToken = refresh_token ?? '';
    const { payload } = await jwtVerify(access_token, createRemoteJWKSet(new URL(config.auth.jwksUrl)), {
      issuer: config.auth.issuer,
      audience: API,
    });
    expect(payload.sub).toBe(SUB);
  });

  it('keeps the session in the database: another app process on the same database knows the browser', async () => {
    const other = await buildApp(config, database, await loadOrCreateIdpKeyFile(dataDir));
    try {
      const url = authorizeUrl(pkce().challenge, { prompt: 'none' });
      const res = await other.inject({
        method: 'GET',
        url: url.slice(base.length),
        headers: { cookie: jar.header(url) },
      });
      expect(res.statusCode).toBe(303);
      expect(new URL(res.headers.location as string).searchParams.get('code')).toBeTruthy();
    } finally {
      await other.close();
    }
  });

  it('refuses an audience it does not know', async () => {
    const res = await get(
      authorizeUrl(pkce().challenge, { prompt: 'none', audience: 'https://elsewhere.example' }),
      jar,
    );
    expect(res.status).toBe(303);
    expect(new URL(location(res)).searchParams.get('error')).toBe('invalid_target');
  });

  it('signs out with Auth0 /v2/logout, ending the session on the server', async () => {
    const stolenCookies = jar.copy();
    const res = await get(
      `${base}/idp/v2/logout?client_id=tagbase-web&returnTo=${encodeURIComponent(base)}&federated`,
      jar,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(base);
    expect(jar.cookies.has('_session')).toBe(false);

    for (const cookies of [jar, stolenCookies]) {
      const silent = await get(authorizeUrl(pkce().challenge, { prompt: 'none' }), cookies);
      expect(silent.status).toBe(303);
      const callback = new URL(location(silent));
      expect(callback.searchParams.get('error')).toBe('login_required');
      expect(callback.searchParams.get('code')).toBeNull();
    }

    // The refresh token of the ended session dies with it.
    expect(sessionRefreshToken).not.toBe('');
    const refresh = await postForm(`${base}/idp/oauth/token`, {
      grant_type: 'refresh_token',
      client_id: config.auth.clientId,
      refresh_token: sessionRefreshToken,
    });
    expect(refresh.status).toBe(400);
  });

  it('does not redirect sign-out to an unregistered address', async () => {
    const res = await get(
      `${base}/idp/v2/logout?client_id=tagbase-web&returnTo=${encodeURIComponent('https://evil.example/')}`,
      new CookieJar(),
    );
    expect(res.headers.get('location')).toBe(base);
  });

  it('limits sign-in attempts per address with a readable page', async () => {
    const fresh = new CookieJar();
    const signInUrl = location(await get(authorizeUrl(pkce().challenge), fresh));
    let limited: Response | undefined;
    for (let attempt = 0; attempt < 11 && !limited; attempt++) {
      const res = await postForm(`${signInUrl}/login`, { username: 'alice', password: 'guess' }, fresh);
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(401);
    }
    expect(limited?.status).toBe(429);
    expect(limited?.headers.get('content-type')).toContain('text/html');
    expect(await limited?.text()).toContain('Too many sign-in attempts');
    const right = await postForm(`${signInUrl}/login`, { username: 'alice', password: PASSWORD }, fresh);
    expect(right.status).toBe(429);
  });
});

describe('identity provider keys', () => {
  it('creates the keys once, private to the owner, and reuses them', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tagbase-keys-'));
    try {
      const first = await loadOrCreateIdpKeyFile(dir);
      const second = await loadOrCreateIdpKeyFile(dir);
      const [key] = first.privateJwks.keys;
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key?.kid).toBeTruthy();
      expect(second.privateJwks.keys[0]?.kid).toBe(key?.kid);
      expect(second.cookieKeys).toEqual(first.cookieKeys);
      expect(first.publicJwks.keys[0]?.d).toBeUndefined();
      const file = path.join(dir, 'idp-keys.json');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      await chmod(file, 0o644);
      expect((await loadOrCreateIdpKeyFile(dir)).privateJwks.keys[0]?.kid).toBe(key?.kid);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('identity provider keys in the database', () => {
  it("adopts a data directory's key file once; every later process reads the database's keys, whatever its own directory holds", async () => {
    const withFile = await mkdtemp(path.join(os.tmpdir(), 'tagbase-keys-'));
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'tagbase-keys-'));
    const fresh = await createTestDatabase();
    try {
      const fileKeys = await loadOrCreateIdpKeyFile(withFile);
      const otherFile = await loadOrCreateIdpKeyFile(otherDir);
      const adopted = await loadIdpKeys(fresh.db, withFile);
      expect(adopted.privateJwks.keys[0]?.kid).toBe(fileKeys.privateJwks.keys[0]?.kid);
      expect(adopted.cookieKeys).toEqual(fileKeys.cookieKeys);
      // A second process with another key file on the same database signs with the same keys as the first.
      const second = await loadIdpKeys(fresh.db, otherDir);
      expect(second.privateJwks.keys[0]?.kid).toBe(fileKeys.privateJwks.keys[0]?.kid);
      expect(second.privateJwks.keys[0]?.kid).not.toBe(otherFile.privateJwks.keys[0]?.kid);
      expect(second.publicJwks.keys[0]?.d).toBeUndefined();
    } finally {
      await fresh.close();
      await rm(withFile, { recursive: true, force: true });
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  it('makes one set of keys when two processes start together on a database without any', async () => {
    const fresh = await createTestDatabase();
    const [dirA, dirB] = [
      await mkdtemp(path.join(os.tmpdir(), 'tagbase-keys-')),
      await mkdtemp(path.join(os.tmpdir(), 'tagbase-keys-')),
    ];
    try {
      const [a, b] = await Promise.all([loadIdpKeys(fresh.db, dirA), loadIdpKeys(fresh.db, dirB)]);
      expect(a.privateJwks.keys[0]?.kid).toBeTruthy();
      expect(b.privateJwks.keys[0]?.kid).toBe(a.privateJwks.keys[0]?.kid);
    } finally {
      await fresh.close();
      await rm(dirA, { recursive: true, force: true });
      await rm(dirB, { recursive: true, force: true });
    }
  });
});

describe('passwords', () => {
  it('verifies the right password only', async () => {
    const stored = await hashPassword('s3cret!');
    expect(stored).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('s3cret!', stored)).toBe(true);
    expect(await verifyPassword('s3cret', stored)).toBe(false);
    expect(await verifyPassword('s3cret!', 'plain-text')).toBe(false);
    expect(await hashPassword('s3cret!')).not.toBe(stored);
  });
});
