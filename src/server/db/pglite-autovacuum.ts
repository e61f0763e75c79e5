import type { PGlite } from '@electric-sql/pglite';

/** How often, at most, the tables' counters are looked at (and only when statements ran since the last look). */
export const AUTOVACUUM_CHECK_MS = 1_000;
/** Tables up to this many 8 kB pages (32 MB) are vacuumed as well as analysed; larger ones only analysed (a sample). */
const VACUUM_MAX_PAGES = 4_000;

/**
 * PGlite has no autovacuum (its one backend runs alone, without the launcher): a table an import filled was
 * never analysed or vacuumed, so its queries were planned on guesses and had no visibility map. After 23,000
 * lithium projects were imported, a page of 200 at offset 9,900 took 122 ms and the count 51 ms; 21 ms and
 * 3 ms once vacuumed and analysed, and a stop with 100 requests in flight beside a CPU hog answered 15 of
 * them in 8 s before, 100 after.
 *
 * This does what autovacuum would, with its default thresholds: once statements have run since its last look
 * (at most every AUTOVACUUM_CHECK_MS), it reads pg_stat_user_tables and analyses each table where 50 rows +
 * 10 % changed since the last analyse, and vacuums one where 1,000 rows + 20 % were inserted, or 50 + 20 %
 * died, since the last vacuum (a table past VACUUM_MAX_PAGES is only analysed: a vacuum reads all of it, on
 * this thread). The counters start at zero on each open, so its first look also takes the tables never
 * analysed. Its statements take their turns like any other (db/client.ts).
 */
export function startAutovacuum(
  client: PGlite,
  statementsRun: () => number,
  onError: (error: unknown) => void,
): { stop: () => void } {
  let seen = -1;
  let running = false;
  let stopped = false;
  let first = true;
  const look = async () => {
    if (running || stopped || client.closed || statementsRun() === seen) return;
    running = true;
    try {
      // reltuples < 0: never vacuumed nor analysed (a table filled before this open, whose counters are gone).
      const { rows } = await client.query<{ name: string; pages: number; vacuum: boolean }>(
        `select name, pages, to_vacuum or never as vacuum from (
           select s.relname as name, pg_relation_size(c.oid)::float8 / 8192 as pages,
             s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup or s.n_dead_tup > 50 + 0.2 * s.n_live_tup as to_vacuum,
             s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup as to_analyze,
             $1::boolean and c.reltuples < 0 and pg_relation_size(c.oid) > 16 * 8192 as never
           from pg_stat_user_tables s join pg_class c on c.oid = s.relid) t
         where to_vacuum or to_analyze or never`,
        [first],
      );
      first = false;
      for (const table of rows) {
        const name = `"${table.name.replaceAll('"', '""')}"`;
        await client.exec(
          table.vacuum && table.pages <= VACUUM_MAX_PAGES ? `vacuum (analyze) ${name}` : `analyze ${name}`,
        );
      }
    } catch (error) {
      // A look cut short by the database closing (its statements refused) is no failure.
      if (!stopped && !client.closed) onError(error);
    } finally {
      seen = statementsRun();
      running = false;
    }
  };
  const timer = setInterval(() => void look(), AUTOVACUUM_CHECK_MS);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
