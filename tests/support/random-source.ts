/**
 * The sweeps' seeded generator: the large project's (mulberry32), so a failing case is replayed from its seed.
 * One generator, not a copy of it: the same seed draws the same cases as before.
 */
export { seededRandom as randomSource, type Random } from '../../src/server/seed/large-project/random';
