/** What the server's error handling reads of a PostgreSQL error (node-postgres and PGlite alike). */
export type PgErrorLike = {
  code?: string;
  constraint?: string;
  detail?: string;
  column?: string;
  message?: string;
  cause?: unknown;
};

/** The database's own error inside `error`, if there is one. */
export function pgError(error: unknown): PgErrorLike | undefined {
  // drizzle wraps driver errors (DrizzleQueryError) and keeps the driver's error as `cause`.
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as PgErrorLike;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/**
 * The database's error if it is of class 22, data exception: a value the database could not read or hold
 * (out of range, bad date, NUL). The checks before a query should have refused it; if one slips through
 * it is still the caller's input.
 */
export function dataException(error: unknown): PgErrorLike | undefined {
  const pg = pgError(error);
  return pg?.code?.startsWith('22') ? pg : undefined;
}
