import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/tables';

/** Signing keys and cookie secrets of the embedded identity provider. */
export type IdpKeys = {
  /** RS256 private keys (RSA 2048, with kid, use 'sig', alg 'RS256'); the first one signs. */
  privateJwks: { keys: JWK[] };
  /** The same keys without their private parts, as published at /idp/.well-known/jwks.json. */
  publicJwks: { keys: JWK[] };
  /** Keys that sign the provider's cookies; the first one signs, all of them verify. */
  cookieKeys: string[];
};

const FILE_NAME = 'idp-keys.json';
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

const SECRET_NAME = 'idp-keys';

/**
 * The provider's keys, kept in the database (`server_secrets`), so that every app process on one database
 * signs tokens and cookies with the same keys and a user's requests may land on any of them. They must
 * outlive restarts: a new signing key would invalidate every token handed out, and new cookie keys would
 * sign everybody out. The first process to start makes them; a database without them adopts
 * `${dataDir}/idp-keys.json` when there is one (where 0.7 and earlier kept them, and where tests that sign
 * their own tokens put them), so an upgrade signs nobody out.
 */
export async function loadIdpKeys(db: Db, dataDir: string): Promise<IdpKeys> {
  const stored = await readStoredKeys(db);
  if (stored) return stored;
  const candidate = (await readKeys(path.join(dataDir, FILE_NAME))) ?? (await createKeys());
  // Two processes starting together: the first insert wins and both read it back.
  const value = JSON.stringify({ privateJwks: candidate.privateJwks, cookieKeys: candidate.cookieKeys });
  await db.insert(serverSecrets).values({ name: SECRET_NAME, value }).onConflictDoNothing();
  const winner = await readStoredKeys(db);
  if (!winner) throw new Error('the identity provider keys could not be read back from server_secrets');
  return winner;
}

async function readStoredKeys(db: Db): Promise<IdpKeys | undefined> {
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SECRET_NAME));
  return row ? parseKeys(row.value, `the server_secrets row '${SECRET_NAME}'`) : undefined;
}

/**
 * Reads the keys from `${dataDir}/idp-keys.json`, creating the file on first use: what a test hands the
 * server it starts (and signs its own tokens with) before the database holds any keys.
 */
export async function loadOrCreateIdpKeyFile(dataDir: string): Promise<IdpKeys> {
  const file = path.join(dataDir, FILE_NAME);
  const existing = await readKeys(file);
  if (existing) return existing;

  await mkdir(dataDir, { recursive: true });
  const created = await createKeys();
  // Write a private temp file, then hard-link it into place: link() fails if another process
  // got there first, so two processes starting together cannot end up with different keys.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, JSON.stringify(created, null, 2), { mode: 0o600 });
  try {
    await link(temp, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // Some mounted volumes have no hard links: fall back to an exclusive create, which loses only the atomicity.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') await writeExclusive(file, created);
    else if (code !== 'EEXIST') throw err;
  } finally {
    await unlink(temp);
  }
  const stored = await readKeys(file);
  if (!stored) throw new Error(`${file} could not be read back after writing it`);
  return stored;
}

async function writeExclusive(file: string, keys: IdpKeys): Promise<void> {
  try {
    await writeFile(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

async function readKeys(file: string): Promise<IdpKeys | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  // Private keys: if someone loosened the file's mode, tighten it again.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  return parseKeys(text, file);
}

function parseKeys(text: string, source: string): IdpKeys {
  const parsed = JSON.parse(text) as { privateJwks?: { keys?: JWK[] }; cookieKeys?: string[] };
  const keys = parsed.privateJwks?.keys;
  if (
    !Array.isArray(keys) ||
    keys.length === 0 ||
    !Array.isArray(parsed.cookieKeys) ||
    parsed.cookieKeys.length === 0
  ) {
    throw new Error(`${source} does not hold valid identity provider keys; remove it to have new ones created`);
  }
  return { privateJwks: { keys }, publicJwks: { keys: keys.map(publicPart) }, cookieKeys: parsed.cookieKeys };
}

async function createKeys(): Promise<IdpKeys> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  const signingKey: JWK = { ...jwk, kid, use: 'sig', alg: 'RS256' };
  return {
    privateJwks: { keys: [signingKey] },
    publicJwks: { keys: [publicPart(signingKey)] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

function publicPart(jwk: JWK): JWK {
  const copy: JWK = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete copy[member];
  return copy;
}
