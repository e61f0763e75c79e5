import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client';
import { oidcPayloads } from '../db/tables';

/** How often one process sweeps expired rows; reads ignore them anyway, this only keeps the table small. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * oidc-provider storage on the `oidc_payloads` table: sessions, interactions, grants, codes and tokens
 * live in the database so that every app process can answer and a restart signs nobody out.
 * One adapter instance per model name (Session, Grant, AuthorizationCode, ...), which is the `type` column.
 */
export function createDbAdapterFactory(db: Db, log: FastifyBaseLogger): (name: string) => Adapter {
  let lastSweep = 0;

  async function sweepExpired(): Promise<void> {
    if (Date.now() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = Date.now();
    try {
      await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, sql`now()`));
    } catch (err) {
      log.warn({ err }, 'could not delete expired identity provider rows');
    }
  }

  return (name: string): Adapter => {
    const ofThisType = (id: string) => and(eq(oidcPayloads.type, name), eq(oidcPayloads.id, id));

    async function findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.type, name), condition))
        .limit(1);
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
      const payload = row.payload as AdapterPayload;
      // oidc-provider detects reuse of a code or token from `consumed` in the payload.
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload,
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        };
        await db
          .insert(oidcPayloads)
          .values({ id, type: name, ...values })
          .onConflictDoUpdate({ target: [oidcPayloads.id, oidcPayloads.type], set: values });
        await sweepExpired();
      },
      find: (id) => findWhere(eq(oidcPayloads.id, id)),
      findByUid: (uid) => findWhere(eq(oidcPayloads.uid, uid)),
      findByUserCode: (userCode) => findWhere(eq(oidcPayloads.userCode, userCode)),
      async consume(id) {
        await db.update(oidcPayloads).set({ consumedAt: new Date() }).where(ofThisType(id));
      },
      async destroy(id) {
        await db.delete(oidcPayloads).where(ofThisType(id));
      },
      async revokeByGrantId(grantId) {
        await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, name), eq(oidcPayloads.grantId, grantId)));
      },
    };
  };
}
