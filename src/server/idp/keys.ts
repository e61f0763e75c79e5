import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

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

/**
 * Reads the keys from `${dataDir}/idp-keys.json`, creating them on first use.
 * They must outlive restarts: a new signing key would invalidate every token handed out,
 * and new cookie keys would sign everybody out.
 */
export async function loadOrCreateIdpKeys(dataDir: string): Promise<IdpKeys> {
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
  const parsed = JSON.parse(text) as { privateJwks?: { keys?: JWK[] }; cookieKeys?: string[] };
  const keys = parsed.privateJwks?.keys;
  if (!Array.isArray(keys) || keys.length === 0 || !Array.isArray(parsed.cookieKeys) || parsed.cookieKeys.length === 0) {
    throw new Error(`${file} is not a valid identity provider key file; move it away to have a new one created`);
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
