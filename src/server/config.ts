import path from 'node:path';

/** Everything the server reads from the environment, parsed once at start-up. */
export type ServerConfig = {
  port: number;
  host: string;
  /** The address users type in the browser; the embedded provider's issuer is derived from it. */
  publicUrl: string;
  dataDir: string;
  /** Set: a PostgreSQL server. Unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** Demo accounts and demo rows are created only in a demo database. */
  seedDemo: boolean;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  auth: AuthSettings;
  /** Built browser app to serve; absent in API-only tests. */
  staticDir: string | undefined;
  logLevel: string;
  bodyLimitBytes: number;
  /** Largest import request: a whole workbook is committed in one request, so in one transaction. */
  importBodyLimitBytes: number;
  /** Largest file attached to a document (FILE_LIMIT_BYTES, 50 MiB). */
  fileLimitBytes: number;
  /** The firm named in every issued document's title block (FIRM_NAME). */
  firmName: string;
  /** Where the browser goes when the sign-in callback fails (spec §8); the root by default. */
  callbackErrorPath: string;
  /** Sign-in form posts allowed per client address and minute on the embedded provider. */
  signInAttemptsPerMinute: number;
  timeouts: Timeouts;
  /** CLUSTER_WORKERS: app processes (node:cluster workers) sharing the port; 1 is the one process itself. */
  clusterWorkers: number;
};

/** Every limit in time the server keeps, in milliseconds (README's configuration table). */
export type Timeouts = {
  /** Receiving a request's headers (slow senders are answered 408). */
  headers: number;
  /** Receiving a whole request, body included; a large import on a slow link needs minutes. */
  request: number;
  /** A request whose body stops arriving for this long is answered 408 and its connection closed. */
  bodyIdle: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAlive: number;
  /** On SIGTERM or SIGINT, requests in flight get this long to finish before their connections are cut. */
  shutdown: number;
  /** Opening a PostgreSQL connection; while the server is down, requests answer 503 after at most this. */
  databaseConnect: number;
};

export type AuthSettings = {
  /** 'embedded': the identity provider under /idp; 'auth0': an external tenant. */
  mode: 'embedded' | 'auth0';
  /** What the browser SDK gets as `domain` (a full URL for the embedded provider). */
  domain: string;
  clientId: string;
  audience: string;
  /** Expected `iss` of tokens: always the domain URL followed by '/'. */
  issuer: string;
  jwksUrl: string;
  /** Custom claim that carries the user's roles in access tokens. */
  rolesClaim: string;
};

export const EMBEDDED_CLIENT_ID = 'tagbase-web';
export const DEFAULT_AUDIENCE = 'https://api.tagbase.local';
export const DEFAULT_ROLES_CLAIM = 'https://tagbase.app/roles';

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const publicUrl = stripTrailingSlash(env.PUBLIC_URL ?? `http://localhost:${port}`);
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    seedDemo: env.SEED_DEMO !== undefined ? env.SEED_DEMO === '1' || env.SEED_DEMO === 'true' : !databaseUrl,
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    auth: authSettings(env, publicUrl),
    staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimitBytes: Number(env.BODY_LIMIT_BYTES ?? 10 * 1024 * 1024),
    importBodyLimitBytes: Number(env.IMPORT_BODY_LIMIT_BYTES ?? 256 * 1024 * 1024),
    fileLimitBytes: Number(env.FILE_LIMIT_BYTES ?? 50 * 1024 * 1024),
    firmName: env.FIRM_NAME?.trim() || 'Tagbase Engineering',
    callbackErrorPath: env.AUTH_CALLBACK_ERROR_PATH ?? '/',
    signInAttemptsPerMinute: Number(env.SIGNIN_ATTEMPTS_PER_MINUTE ?? 10),
    timeouts: {
      headers: milliseconds(env, 'HEADERS_TIMEOUT_MS', 20_000),
      request: milliseconds(env, 'REQUEST_TIMEOUT_MS', 300_000),
      bodyIdle: milliseconds(env, 'BODY_IDLE_TIMEOUT_MS', 20_000),
      keepAlive: milliseconds(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000),
      shutdown: milliseconds(env, 'SHUTDOWN_TIMEOUT_MS', 8_000),
      databaseConnect: milliseconds(env, 'DB_CONNECT_TIMEOUT_MS', 5_000),
    },
    clusterWorkers: clusterWorkers(env.CLUSTER_WORKERS),
  };
}

function clusterWorkers(value: string | undefined): number {
  const workers = Number(value ?? 1);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    throw new Error(`CLUSTER_WORKERS must be a whole number from 1 to 64, got "${value}"`);
  return workers;
}

function milliseconds(env: Env, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number of milliseconds, got "${env[name]}"`);
  return value;
}

function authSettings(env: Env, publicUrl: string): AuthSettings {
  const rolesClaim = env.AUTH0_ROLES_CLAIM ?? DEFAULT_ROLES_CLAIM;
  const { AUTH0_DOMAIN: domain, AUTH0_CLIENT_ID: clientId, AUTH0_AUDIENCE: audience } = env;
  if (domain || clientId || audience) {
    if (!domain || !clientId || !audience) {
      throw new Error('AUTH0_DOMAIN, AUTH0_CLIENT_ID and AUTH0_AUDIENCE must be set together');
    }
    const domainUrl = stripTrailingSlash(/^https?:\/\//.test(domain) ? domain : `https://${domain}`);
    return {
      mode: 'auth0',
      domain,
      clientId,
      audience,
      issuer: `${domainUrl}/`,
      jwksUrl: `${domainUrl}/.well-known/jwks.json`,
      rolesClaim,
    };
  }
  const domainUrl = `${publicUrl}/idp`;
  return {
    mode: 'embedded',
    domain: domainUrl,
    clientId: EMBEDDED_CLIENT_ID,
    audience: DEFAULT_AUDIENCE,
    issuer: `${domainUrl}/`,
    jwksUrl: `${domainUrl}/.well-known/jwks.json`,
    rolesClaim,
  };
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
