import type { Database, Db } from '../../db/client';
import { lastAuditId, projectBatchOfRanges } from './change-feed';
import {
  documentBatchAfter,
  documentBatchesOfRanges,
  documentKey,
  documentRootOfTable,
  documentTables,
  type DocumentRef,
} from './document-feed';
import type { AuditRange, LiveBatch } from './live-event-types';
import { presenceNoticeOf, type PresenceNotice } from './live-presence';
import { notifySource, type NotifySource } from './notify-source';
import { sseBatch } from './sse-format';

/** A stream's writer: handed the text of each batch of its document (already in server-sent-event form). */
export type Subscriber = (text: string) => void;

type Followed = { ref: DocumentRef; subscribers: Set<Subscriber>; delivered: number };

/**
 * One per app process: the open streams by document, fed from the database's notifications. A notification
 * names a project (or a table, for the rows of quotes, packages and adjudications) and a range of audit ids;
 * the hub collects those that arrive in one turn of the event loop (a transaction's statements all notify at
 * its commit), reads the rows once (change-feed.ts, document-feed.ts), makes the text once, and writes it to
 * each stream of the document. A document with no stream open here costs nothing but the notification. The
 * hub keeps, per document, the newest audit id it delivered, so that after a lost connection to PostgreSQL
 * it reads what was committed meanwhile from the audit log.
 */
export class LiveHub {
  private readonly followed = new Map<string, Followed>();
  private readonly pendingProjects = new Map<number, AuditRange[]>();
  private pendingTables: AuditRange[] = [];
  private readonly source: NotifySource;
  /** Deliveries one after another, so a document's events keep the order of the notifications. */
  private queue: Promise<void> = Promise.resolve();
  private scheduled = false;
  /** Presence notices travel on the same channel (live-presence.ts): handed over as they come. */
  onPresence: (notice: PresenceNotice) => void = () => undefined;

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

  /** Adds a stream of the document; resolves once listening, so nothing committed after is missed. */
  async subscribe(ref: DocumentRef, subscriber: Subscriber): Promise<() => void> {
    await this.source.start();
    const key = documentKey(ref);
    let entry = this.followed.get(key);
    if (!entry) {
      const created: Followed = { ref, subscribers: new Set(), delivered: 0 };
      this.followed.set(key, created);
      try {
        created.delivered = await lastAuditId(this.db, ref.root === 'projects' ? ref.id : undefined);
      } catch (error) {
        if (created.subscribers.size === 0) this.followed.delete(key);
        throw error;
      }
      entry = created;
    }
    entry.subscribers.add(subscriber);
    const subscribed = entry;
    return () => {
      subscribed.subscribers.delete(subscriber);
      if (subscribed.subscribers.size === 0 && this.followed.get(key) === subscribed) this.followed.delete(key);
    };
  }

  /** Open streams, for the figures (tests, benchmarks). */
  get streamCount(): number {
    let count = 0;
    for (const followed of this.followed.values()) count += followed.subscribers.size;
    return count;
  }

  async stop(): Promise<void> {
    this.followed.clear();
    await this.source.stop();
  }

  /** Writes `text` to every stream of the document open here (presence: not from the audit log). */
  broadcast(key: string, text: string): void {
    for (const subscriber of this.followed.get(key)?.subscribers ?? []) subscriber(text);
  }

  private notified(payload: string): void {
    let message: { p?: unknown; t?: unknown; a?: unknown; b?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    const presence = presenceNoticeOf(message);
    if (presence) return this.onPresence(presence);
    const range: AuditRange = [Number(message.a), Number(message.b)];
    if (!Number.isSafeInteger(range[0]) || !Number.isSafeInteger(range[1])) return;
    if (message.p !== undefined) {
      const project = Number(message.p);
      if (!this.followed.has(documentKey({ root: 'projects', id: project }))) return;
      this.pendingProjects.set(project, [...(this.pendingProjects.get(project) ?? []), range]);
    } else {
      const root = typeof message.t === 'string' ? documentRootOfTable(message.t) : undefined;
      if (!root || !this.followsAny(root)) return;
      this.pendingTables.push(range);
    }
    if (this.scheduled) return;
    this.scheduled = true;
    // Not in the notification's callback: PGlite calls it while its statement still holds the database.
    setImmediate(() => this.deliverPending());
  }

  private deliverPending(): void {
    this.scheduled = false;
    const projects = [...this.pendingProjects];
    const tables = this.pendingTables;
    this.pendingProjects.clear();
    this.pendingTables = [];
    this.enqueue(async () => {
      for (const [project, ranges] of projects)
        this.publish(
          documentKey({ root: 'projects', id: project }),
          await projectBatchOfRanges(this.db, project, merged(ranges)),
        );
      if (tables.length === 0) return;
      const batches = await documentBatchesOfRanges(this.db, this.followedTables(), merged(tables));
      for (const [key, batch] of batches) this.publish(key, batch);
    }, 'reading live changes');
  }

  /** After a reconnection: every document with a stream here gets what was committed since its last delivery. */
  private catchUp(): void {
    this.enqueue(async () => {
      for (const [key, followed] of [...this.followed]) {
        const batch = await documentBatchAfter(this.db, followed.ref, followed.delivered);
        const last = await lastAuditId(this.db);
        this.publish(key, batch ?? { events: [{ type: 'reload', reason: 'behind' }], lastId: last });
      }
    }, 'catching up on live changes');
  }

  private followsAny(root: string): boolean {
    for (const followed of this.followed.values()) if (followed.ref.root === root) return true;
    return false;
  }

  /** The tables of the document kinds (other than projects) with a stream open here. */
  private followedTables(): string[] {
    const tables = new Set<string>();
    for (const { ref } of this.followed.values())
      if (ref.root !== 'projects') for (const table of documentTables(ref.root)) tables.add(table);
    return [...tables];
  }

  private publish(key: string, batch: LiveBatch): void {
    const followed = this.followed.get(key);
    if (!followed || batch.events.length === 0) return;
    followed.delivered = Math.max(followed.delivered, batch.lastId);
    const text = sseBatch(batch);
    for (const subscriber of followed.subscribers) subscriber(text);
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
