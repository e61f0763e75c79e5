/** A row as an event names it: its id and version now, or that it is gone (deleted or soft-deleted). */
export type RowState = { id: number; version?: number; deleted?: true };

/** What kind of change: a save that made, changed or deleted rows, or an import (any of these, in bulk). */
export type ChangeKind = 'insert' | 'update' | 'delete' | 'import';

/**
 * One event of a document's stream. `change`: rows of `list` changed by `by` (their display name); the
 * client re-reads them in one request. `reload` with a list: too many rows of it changed at once to name
 * them (`count`); without one (`reason: 'behind'`): the stream missed too much, the client reloads everything.
 */
export type LiveEvent =
  | { type: 'change'; list: string; by: string; kind: ChangeKind; rows: RowState[] }
  | { type: 'reload'; reason: 'many-rows'; list: string; by: string; kind: ChangeKind; count: number }
  | { type: 'reload'; reason: 'behind' };

/** The events of one or more committed transactions, and the newest audit id they cover (the event id). */
export type LiveBatch = { events: LiveEvent[]; lastId: number };

/** Audit ids from first to last (inclusive), as a notification names them. */
export type AuditRange = [first: number, last: number];
