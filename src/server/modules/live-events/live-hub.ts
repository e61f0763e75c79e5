import type { Database, Db } from '../../db/client';
import { batchAfter, batchOfRanges, lastAuditId } from './change-feed';
import type { AuditRange, LiveBatch } from './live-event-types';
import { notifySource, type NotifySource } from './notify-source';
import { sseBatch } from './sse-format';

/** A stream's writer: handed the text of each batch of its document (already in server-sent-event form). */
export type Subscriber = (text: string) => void;

/**
 * One per app process: the open streams by project, fed from the database's notifications. A notification
 * names a project and a range of audit ids; the hub collects those that arrive in one turn of the event loop
 * (a transaction's statements all notify at its commit), reads the rows once (change-feed.ts), makes the
 * text once, and writes it to each stream of the project. A project with no stream open here costs nothing
 * but the notification. The hub keeps, per project, the newest audit id it delivered, so that after a lost
 * connection to PostgreSQL it reads what was committed meanwhile from the audit log.
 */
export class LiveHub {
  private readonly streams = new Map<number, Set<Subscriber>>();
  private readonly pending = new Map<number, AuditRange[]>();
  private readonly delivered = new Map<number, number>();
  private readonly source: NotifySource;
  /** Deliveries one after another, so a document's events keep the order of the notifications. */
  private queue: Promise<void> = Promise.resolve();
  private scheduled = false;

  constructor(
    private readonly db: Db,
    kind: Database['kind'],
    private readonly onError: (error: Error, what: string) => void,
  ) {
    this.source = notifySource(db, kind, {
      onPayload: (payload) => this.notified(payload),
      onResumed: () => this.catchUp(),
      onError: (error) => onError(error, 'the connection listening for live changes was lost; it reconnects'),
    });
  }

  /** Adds a stream of `projectId`; resolves once listening, so nothing committed after is missed. */
  async subscribe(projectId: number, subscriber: Subscriber): Promise<() => void> {
    await this.source.start();
    let set = this.streams.get(projectId);
    if (!set) {
      set = new Set();
      this.streams.set(projectId, set);
      const last = await lastAuditId(this.db, projectId);
      this.delivered.set(projectId, Math.max(this.delivered.get(projectId) ?? 0, last));
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size > 0 || this.streams.get(projectId) !== set) return;
      this.streams.delete(projectId);
      this.delivered.delete(projectId);
    };
  }

  /** Open streams, for the figures (tests, benchmarks). */
  get streamCount(): number {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  async stop(): Promise<void> {
    this.streams.clear();
    await this.source.stop();
  }

  private notified(payload: string): void {
    let message: { p?: unknown; a?: unknown; b?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    const [project, first, last] = [Number(message.p), Number(message.a), Number(message.b)];
    if (!this.streams.has(project) || !Number.isSafeInteger(first) || !Number.isSafeInteger(last)) return;
    const ranges = this.pending.get(project) ?? [];
    ranges.push([first, last]);
    this.pending.set(project, ranges);
    if (this.scheduled) return;
    this.scheduled = true;
    // Not in the notification's callback: PGlite calls it while its statement still holds the database.
    setImmediate(() => {
      this.scheduled = false;
      const work = [...this.pending];
      this.pending.clear();
      this.enqueue(async () => {
        for (const [projectId, projectRanges] of work)
          this.publish(projectId, await batchOfRanges(this.db, projectId, merged(projectRanges)));
      }, 'reading live changes');
    });
  }

  /** After a reconnection: every project with a stream here gets what was committed since its last delivery. */
  private catchUp(): void {
    this.enqueue(async () => {
      for (const [projectId, after] of [...this.delivered]) {
        const batch = await batchAfter(this.db, projectId, after);
        const last = await lastAuditId(this.db, projectId);
        this.publish(projectId, batch ?? { events: [{ type: 'reload', reason: 'behind' }], lastId: last });
      }
    }, 'catching up on live changes');
  }

  private publish(projectId: number, batch: LiveBatch): void {
    const set = this.streams.get(projectId);
    if (!set || batch.events.length === 0) return;
    this.delivered.set(projectId, Math.max(this.delivered.get(projectId) ?? 0, batch.lastId));
    const text = sseBatch(batch);
    for (const subscriber of set) subscriber(text);
  }

  private enqueue(work: () => Promise<void>, what: string): void {
    this.queue = this.queue.then(work).catch((error: unknown) => this.onError(error as Error, what));
  }
}

/** Ranges in order, adjacent or overlapping ones joined (a transaction's statements follow each other). */
function merged(ranges: readonly AuditRange[]): AuditRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: AuditRange[] = [];
  for (const [first, last] of sorted) {
    const previous = out[out.length - 1];
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else out.push([first, last]);
  }
  return out;
}
