import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { serverSecrets } from './tables';

/**
 * The secret named `name`, made (32 random bytes) by the first process to ask and read by every other:
 * several app processes on one database must sign and check alike, so it lives in the database.
 */
export async function serverSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`the server secret ${name} could not be read back`);
  return Buffer.from(row.value, 'base64url');
}
