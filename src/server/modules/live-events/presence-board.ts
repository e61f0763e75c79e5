/**
 * Presence (#33 item 2): who has a document's list open, and on which row, per open stream. Every app
 * process keeps the whole board, built from the presence notices all processes send on the live channel
 * (presence-notice.ts), so a stream opened on any process is told at once who is already there.
 *
 * An entry lives while its stream does: the process holding the stream sends it again every
 * PRESENCE_REFRESH_MS and says it is gone when the stream closes (a closed tab closes its connection). An
 * entry not refreshed for PRESENCE_EXPIRES_MS (its process died, or its notices were lost) is dropped: a
 * closed tab is gone at once, and in every case within 30 s.
 */
export const PRESENCE_REFRESH_MS = 10_000;
export const PRESENCE_EXPIRES_MS = 25_000;

/** One stream's place: its user, and the list and row they are on (null: the document, no list yet). */
export type PresenceEntry = {
  stream: string;
  sub: string;
  name: string;
  list: string | null;
  row: number | null;
};

/** What a `presence` event carries: everyone on the document now, one entry per open stream. */
export type PresenceSnapshot = { viewers: PresenceEntry[] };

type Held = PresenceEntry & { seenAt: number };

export class PresenceBoard {
  /** document key -> `${sub}:${stream}` -> entry: a user can only ever move their own entries. */
  private readonly documents = new Map<string, Map<string, Held>>();

  /** Sets or refreshes an entry; true when what others see changed (not a mere refresh). */
  put(document: string, entry: PresenceEntry, now: number): boolean {
    let entries = this.documents.get(document);
    if (!entries) this.documents.set(document, (entries = new Map()));
    const key = `${entry.sub}:${entry.stream}`;
    const before = entries.get(key);
    entries.set(key, { ...entry, seenAt: now });
    return !before || before.list !== entry.list || before.row !== entry.row || before.name !== entry.name;
  }

  /** Removes a stream's entry; true when there was one. */
  remove(document: string, sub: string, stream: string): boolean {
    const entries = this.documents.get(document);
    if (!entries?.delete(`${sub}:${stream}`)) return false;
    if (entries.size === 0) this.documents.delete(document);
    return true;
  }

  /** A stream's entry, for its process to send again. */
  entry(document: string, sub: string, stream: string): PresenceEntry | undefined {
    const held = this.documents.get(document)?.get(`${sub}:${stream}`);
    return held ? withoutSeen(held) : undefined;
  }

  /** Drops the entries not refreshed since `now - PRESENCE_EXPIRES_MS`; answers the documents that changed. */
  expire(now: number): string[] {
    const changed: string[] = [];
    for (const [document, entries] of this.documents) {
      let dropped = false;
      for (const [key, held] of entries)
        if (now - held.seenAt > PRESENCE_EXPIRES_MS) {
          entries.delete(key);
          dropped = true;
        }
      if (entries.size === 0) this.documents.delete(document);
      if (dropped) changed.push(document);
    }
    return changed;
  }

  snapshot(document: string): PresenceSnapshot {
    return { viewers: [...(this.documents.get(document)?.values() ?? [])].map(withoutSeen) };
  }
}

function withoutSeen({ seenAt: _seenAt, ...entry }: Held): PresenceEntry {
  return entry;
}
