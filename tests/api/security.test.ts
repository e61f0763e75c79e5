import { generateKeyPair, exportJWK, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signAccessToken, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('API security', () => {
  it('answers /api/health and /api/config without a token', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'up' });

    const config = await t.app.inject({ url: '/api/config' });
    expect(config.statusCode).toBe(200);
    expect(config.json().auth).toMatchObject({
      mode: 'embedded',
      clientId: 'tagbase-web',
      audience: 'https://api.tagbase.local',
    });
  });

  it('issues the XSRF-TOKEN cookie on a signed-in read, signed for that user only, readable by the page', async () => {
    expect((await t.app.inject({ url: '/api/config' })).cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    const token = await t.tokenFor('engineer');
    const read = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    const xsrf = read.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.value).toMatch(/^[\w-]{40,}\.[\w-]{40,}$/);
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.sameSite).toBe('Strict');
    const cookies = { 'XSRF-TOKEN': xsrf!.value };
    const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf!.value };
    // The cookie it issued carries a write of the same user, and is not issued again; another user's write fails with it.
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/entities/clients/batch',
      headers,
      cookies,
      payload: { creates: [{ clientKey: 'x', values: { name: 'Xsrf issued' } }] },
    });
    expect(write.statusCode, write.body).toBe(200);
    expect(write.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/entities/clients/batch',
      headers: { ...headers, authorization: `Bearer ${await t.tokenFor('admin')}` },
      cookies,
      payload: { creates: [{ clientKey: 'x', values: { name: 'Xsrf other' } }] },
    });
    expect(other.statusCode).toBe(403);
    // The refusal carries a fresh cookie for the admin, with which the browser retries once.
    expect(other.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('sends the security headers and no-store on JSON', async () => {
    const response = await t.app.inject({ url: '/api/config' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBeTruthy();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses a call without a token with 401 and a readable JSON body', async () => {
    const response = await t.app.inject({ url: '/api/dashboarddata' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'unauthenticated', message: expect.stringMatching(/token/i) });
  });

  it('accepts a valid token', async () => {
    const response = await t.call({ url: '/api/me', token: await t.tokenFor('engineer') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sub: 'local|engineer', name: 'engineer', roles: ['engineer'] });
  });

  const forged: [string, () => Promise<string>][] = [
    ['expired', async () => t.tokenFor('admin', { exp: Math.floor(Date.now() / 1000) - 60 })],
    ['without exp', async () => t.tokenFor('admin', { exp: undefined })],
    ['wrong audience', async () => t.tokenFor('admin', { aud: 'https://some-other-api.example' })],
    ['wrong issuer', async () => t.tokenFor('admin', { iss: 'https://evil.example/' })],
    [
      'wrong key',
      async () => {
        const { privateKey } = await generateKeyPair('RS256', { extractable: true });
        const jwk = { ...(await exportJWK(privateKey)), kid: t.keys.privateJwks.keys[0]?.kid };
        return signAccessToken(jwk, {
          iss: t.config.auth.issuer,
          aud: t.config.auth.audience,
          sub: 'local|admin',
          [t.config.auth.rolesClaim]: ['admin'],
        });
      },
    ],
    [
      'alg=none',
      async () =>
        new UnsecuredJWT({ [t.config.auth.rolesClaim]: ['admin'] })
          .setIssuer(t.config.auth.issuer)
          .setAudience(t.config.auth.audience)
          .setSubject('local|admin')
          .setIssuedAt()
          .setExpirationTime('1h')
          .encode(),
    ],
    [
      'HS256 signed with the public key as secret',
      async () =>
        new SignJWT({ [t.config.auth.rolesClaim]: ['admin'] })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer(t.config.auth.issuer)
          .setAudience(t.config.auth.audience)
          .setSubject('local|admin')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode(JSON.stringify(t.keys.publicJwks.keys[0]))),
    ],
  ];

  it.each(forged)('refuses a %s token with 401', async (_label, makeToken) => {
    const response = await t.call({ url: '/api/dashboarddata', token: await makeToken() });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('unauthenticated');
  });

  it('says why a token without exp is refused', async () => {
    const response = await t.call({ url: '/api/me', token: await t.tokenFor('admin', { exp: undefined }) });
    expect(response.json().message).toBe('The access token has no expiry (exp). Sign in again.');
  });

  it.each(['missing', 'wrong', 'unsigned', 'other-user', 'forged'] as const)(
    'refuses a write whose XSRF token is %s with 403, writing nothing',
    async (xsrf) => {
      const token = await t.tokenFor('engineer');
      const name = `Xsrf ${xsrf}`;
      const response = await t.call({
        method: 'POST',
        url: '/api/entities/clients/batch',
        token,
        xsrf,
        payload: { creates: [{ clientKey: 'x', values: { name } }] },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        error: 'xsrf_mismatch',
        message: expect.stringContaining('X-XSRF-TOKEN'),
      });
      const filters = encodeURIComponent(JSON.stringify([{ field: 'name', op: 'equals', value: name }]));
      expect((await t.call({ url: `/api/entities/clients?filters=${filters}`, token })).json().total).toBe(0);
    },
  );

  it('refuses malformed XSRF tokens: no dot, empty parts, three parts, a huge value', async () => {
    const token = await t.tokenFor('engineer');
    const valid = t.xsrfTokenFor('local|engineer');
    for (const bad of [
      'nodot',
      '.',
      `${valid.split('.')[0]}.`,
      `.${valid.split('.')[1]}`,
      `${valid}.extra`,
      `${'a'.repeat(300)}.${'b'.repeat(300)}`,
    ]) {
      const response = await t.call({
        method: 'POST',
        url: '/api/housekeeping',
        token: await t.tokenFor('admin'),
        cookies: { 'XSRF-TOKEN': bad },
        headers: { 'x-xsrf-token': bad },
        payload: { param1: 'purgeExpiredSignIns' },
      });
      expect(response.statusCode, bad).toBe(403);
    }
    expect(
      (await t.call({ method: 'POST', url: '/api/entities/clients/batch', token, payload: { creates: [] } }))
        .statusCode,
    ).toBe(200);
  });

  it('takes a write with the token this server signed for the user', async () => {
    const right = await t.call({
      method: 'POST',
      url: '/api/housekeeping',
      token: await t.tokenFor('admin'),
      payload: { param1: 'purgeExpiredSignIns' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ operation: 'purgeExpiredSignIns', removed: expect.any(Number) });
  });

  it('refuses an admin operation to an engineer with 403', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/housekeeping',
      token: await t.tokenFor('engineer'),
      payload: { param1: 'purgeExpiredSignIns' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'forbidden', message: expect.stringContaining('admin') });
  });

  it('answers bad input with a readable 4xx, never a 5xx', async () => {
    const token = await t.tokenFor('admin');
    const unknownOp = await t.call({
      method: 'POST',
      url: '/api/housekeeping',
      token,
      payload: { param1: 'dropEverything' },
    });
    expect(unknownOp.statusCode).toBe(400);
    expect(unknownOp.json().message).toContain('param1');
    const badJson = await t.call({
      method: 'POST',
      url: '/api/housekeeping',
      token,
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    const unknownRoute = await t.call({ url: '/api/no-such-thing', token });
    expect(unknownRoute.statusCode).toBe(404);
    expect(unknownRoute.json().error).toBe('not_found');
  });
});
