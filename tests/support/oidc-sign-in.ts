import { createHash, randomBytes } from 'node:crypto';

/**
 * A browser's walk through the embedded provider's sign-in (authorization code with PKCE, as the SDK does),
 * with a cookie jar, where each step may go to another app process: `at(step)` names the origin (a
 * process's own address) that step is sent to, though every address the provider hands out is PUBLIC_URL's.
 */
export type SignInSteps = 'authorize' | 'login' | 'resume' | 'token';

export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The same address on another process: PUBLIC_URL's path and query, `origin`'s host. */
export function onProcess(url: string, origin: string): string {
  const parsed = new URL(url);
  return `${origin}${parsed.pathname}${parsed.search}`;
}

async function send(url: string, jar: CookieJar, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  });
  jar.store(res);
  return res;
}

function location(res: Response, publicUrl: string): string {
  const value = res.headers.get('location');
  if (!value) throw new Error(`expected a redirect, got ${res.status}`);
  return new URL(value, publicUrl).href;
}

/** Starts a sign-in at `origin`: answers the sign-in page's address (on PUBLIC_URL) and the PKCE verifier. */
export async function beginSignIn(
  origin: string,
  publicUrl: string,
  jar: CookieJar,
): Promise<{ signInUrl: string; verifier: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    client_id: 'tagbase-web',
    redirect_uri: `${publicUrl}/callback`,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email offline_access',
    audience: 'https://api.tagbase.local',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const authorize = await send(`${origin}/idp/authorize?${params}`, jar);
  if (authorize.status !== 303) throw new Error(`authorize answered ${authorize.status}`);
  return { signInUrl: location(authorize, publicUrl), verifier };
}

/** Posts the sign-in form to `origin`; answers the response (303 when signed in, 401 wrong, 429 limited). */
export function postSignIn(
  origin: string,
  signInUrl: string,
  jar: CookieJar,
  username: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return send(`${onProcess(signInUrl, origin)}/login`, jar, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ username, password }).toString(),
  });
}

/** The whole sign-in, each step at the origin `at` names; answers the access token. */
export async function signInThrough(
  at: (step: SignInSteps) => string,
  publicUrl: string,
  username: string,
  password: string,
): Promise<string> {
  const jar = new CookieJar();
  const { signInUrl, verifier } = await beginSignIn(at('authorize'), publicUrl, jar);
  const login = await postSignIn(at('login'), signInUrl, jar, username, password);
  if (login.status !== 303)
    throw new Error(`the sign-in answered ${login.status}: ${(await login.text()).slice(0, 200)}`);
  const resumed = await send(onProcess(location(login, publicUrl), at('resume')), jar);
  const code = new URL(location(resumed, publicUrl)).searchParams.get('code');
  if (!code) throw new Error(`no code after the sign-in: ${resumed.headers.get('location')}`);
  const token = await send(`${at('token')}/idp/oauth/token`, jar, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'tagbase-web',
      code,
      code_verifier: verifier,
      redirect_uri: `${publicUrl}/callback`,
    }).toString(),
  });
  if (token.status !== 200) throw new Error(`the token endpoint answered ${token.status}: ${await token.text()}`);
  return ((await token.json()) as { access_token: string }).access_token;
}
