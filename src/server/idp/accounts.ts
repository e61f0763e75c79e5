import { eq } from 'drizzle-orm';
import type { Account } from 'oidc-provider';
import type { Db } from '../db/client';
import { users } from '../db/tables';
import { hashPassword, verifyPassword } from './passwords';

export type IdpUser = typeof users.$inferSelect;

/** Claim with the user's display name in access tokens, so the API needs no profile lookup. */
export const NAME_CLAIM = 'https://tagbase.app/name';

export async function findUserBySub(db: Db, sub: string): Promise<IdpUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.sub, sub)).limit(1);
  return user;
}

// Verified against when the username is unknown, so that a wrong username takes as long as a wrong password
// and response times do not tell which usernames exist.
let dummyHash: Promise<string> | undefined;

/** The user whose username and password match, or undefined. Accounts without a local password never match. */
export async function checkCredentials(db: Db, username: string, password: string): Promise<IdpUser | undefined> {
  const [user] = username ? await db.select().from(users).where(eq(users.username, username)).limit(1) : [];
  if (!user?.passwordHash) {
    dummyHash ??= hashPassword('no account has this password');
    await verifyPassword(password, await dummyHash);
    return undefined;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : undefined;
}

export function displayName(user: IdpUser): string {
  return user.name ?? user.nickname ?? user.username ?? user.sub;
}

/** The oidc-provider view of a user; the provider keeps only the claims the granted scopes allow. */
export function toAccount(user: IdpUser): Account {
  return {
    accountId: user.sub,
    claims: () => ({
      sub: user.sub,
      name: displayName(user),
      nickname: user.nickname ?? user.username ?? undefined,
      picture: user.picture ?? undefined,
      email: user.email ?? undefined,
      // Addresses are typed in by an administrator and nobody confirms them by mail.
      email_verified: false,
    }),
  };
}

/** Claims added to every access token, read fresh from the database at each issue (also on refresh). */
export function accessTokenClaims(user: IdpUser, rolesClaim: string): Record<string, unknown> {
  return { [rolesClaim]: user.roles, [NAME_CLAIM]: displayName(user) };
}
