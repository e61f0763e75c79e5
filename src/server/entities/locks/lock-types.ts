import type { SQL } from 'drizzle-orm';

/**
 * A lock a document puts on rows (Engine v2: a rule on the document, not on a screen): while it holds, no save,
 * import or delete through the engine changes them, and the answer is a 409 saying who holds it and how to lift
 * it. The routes that set and lift a lock (the award, its withdrawal) write past the engine's checks, as they must.
 */
export type DocumentLock = {
  /** The field of the row naming the document whose lock applies ('id': the row is that document). */
  via: string;
  /**
   * For those documents' ids, the locked ones: `(id int, message text, held_by text)`, the message saying who
   * holds the lock and how to lift it, `held_by` naming the holder in a few words ("the award of ADJ-200-01").
   */
  holders: (ids: SQL) => SQL;
  /**
   * Takes a share lock (FOR SHARE) on the rows the lock's state is kept in, for those documents' ids, so that on
   * PostgreSQL a save and the setting of the lock (an award) cannot pass each other: whichever comes second
   * waits for the first to commit, and a save then reads the lock as set.
   */
  guard: (ids: SQL) => SQL;
  /** Fields a locked row may still change: they touch nothing the lock keeps (a quote's status, notes). */
  exempt?: readonly string[];
};
