import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import { LIVE_CHANNEL } from './notify-source';
import { PRESENCE_REFRESH_MS, PresenceBoard, type PresenceEntry } from './presence-board';
import { sseEvent } from './sse-format';

/** A presence notice on the live channel (`v: 'presence'`); `g`: the stream is gone. */
export type PresenceNotice = {
  v: 'presence';
  k: string;
  s: string;
  u: string;
  n: string;
  l: string | null;
  r: number | null;
  g?: 1;
};

/** Names longer than this are cut in a notice: PostgreSQL's payload limit is 8,000 bytes. */
const NAME_MAX = 120;

type OwnStream = { document: string; sub: string; name: string };

/**
 * Presence across app processes (#33 item 2). A client says where it is (PUT …/presence, any process); the
 * process publishes it as a notice on the live channel, and every process (this one too) puts it on its
 * board and sends the document's open streams the new `presence` snapshot. The process holding a stream
 * refreshes its entry and says it is gone when the stream closes (presence-board.ts).
 */
export class LivePresence {
  readonly board = new PresenceBoard();
  private readonly own = new Map<string, OwnStream>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    /** Writes an event to every stream of the document open in this process. */
    private readonly broadcast: (document: string, text: string) => void,
    private readonly onError: (error: Error, what: string) => void,
  ) {
    this.timer = setInterval(() => this.tick(), PRESENCE_REFRESH_MS);
    this.timer.unref();
  }

  /** A stream opened here (its id from newStreamId): refreshed while open, and said gone when it closes. */
  opened(stream: string, document: string, sub: string, name: string): void {
    this.own.set(stream, { document, sub, name });
  }

  /** The stream closed (the tab, the network, the token's expiry): everyone sees it go now. */
  closed(stream: string): void {
    const own = this.own.get(stream);
    if (!own) return;
    this.own.delete(stream);
    this.publish({ ...noticeOf(own.document, own.sub, own.name, { stream, list: null, row: null }), g: 1 });
  }

  /** The client on `stream` is on `list` (null: none) at `row` (null: none). */
  async moved(document: string, sub: string, name: string, place: Omit<PresenceEntry, 'sub' | 'name'>): Promise<void> {
    await this.send(noticeOf(document, sub, name, place));
  }

  /** The `presence` event of a document as it stands, for a stream that just opened. */
  snapshotEvent(document: string): string {
    return sseEvent('presence', this.board.snapshot(document));
  }

  /** A notice from any process (through the database): the board and the streams here follow it. */
  received(notice: PresenceNotice): void {
    const changed = notice.g
      ? this.board.remove(notice.k, notice.u, notice.s)
      : this.board.put(
          notice.k,
          { stream: notice.s, sub: notice.u, name: notice.n, list: notice.l, row: notice.r },
          Date.now(),
        );
    if (changed) this.broadcast(notice.k, this.snapshotEvent(notice.k));
  }

  stop(): void {
    clearInterval(this.timer);
    for (const stream of [...this.own.keys()]) this.closed(stream);
  }

  /** Refreshes the entries of the streams held here, and drops the entries nobody refreshed. */
  private tick(): void {
    for (const [stream, own] of this.own) {
      const entry = this.board.entry(own.document, own.sub, stream);
      if (entry) this.publish(noticeOf(own.document, own.sub, own.name, entry));
    }
    for (const document of this.board.expire(Date.now())) this.broadcast(document, this.snapshotEvent(document));
  }

  private publish(notice: PresenceNotice): void {
    this.send(notice).catch((error: unknown) => this.onError(error as Error, 'sending a presence notice'));
  }

  private async send(notice: PresenceNotice): Promise<void> {
    await queryRows(this.db, sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`);
  }
}

/** The notice of a stream's place (its user's name cut to NAME_MAX for NOTIFY's payload limit). */
function noticeOf(
  document: string,
  sub: string,
  name: string,
  place: Pick<PresenceEntry, 'stream' | 'list' | 'row'>,
): PresenceNotice {
  return {
    v: 'presence',
    k: document,
    s: place.stream,
    u: sub,
    n: name.slice(0, NAME_MAX),
    l: place.list,
    r: place.row,
  };
}

/** A stream's presence id: what its client names when it says where it is. */
export const newStreamId = (): string => randomBytes(8).toString('hex');
export const STREAM_ID_PATTERN = '^[0-9a-f]{16}$';

/** A presence notice, when the payload is one (else the hub reads it as committed changes). */
export function presenceNoticeOf(message: Record<string, unknown>): PresenceNotice | undefined {
  if (message.v !== 'presence') return undefined;
  const { k, s, u, n, l, r } = message;
  if (typeof k !== 'string' || typeof s !== 'string' || typeof u !== 'string' || typeof n !== 'string')
    return undefined;
  if (l !== null && typeof l !== 'string') return undefined;
  if (r !== null && !Number.isSafeInteger(r)) return undefined;
  return message as PresenceNotice;
}
