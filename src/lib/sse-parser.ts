/** One server-sent event as parsed: its type (`message` when unnamed), its data text, and its id if it had one. */
export type SseEvent = { event: string; data: string; id?: string };

/**
 * Server-sent events from text read in arbitrary chunks (https://html.spec.whatwg.org/multipage/server-sent-events.html):
 * a read may end mid-line or mid-event, or hold several events; lines end in LF, CRLF or CR. Comments (`: heartbeat`)
 * yield nothing but count as bytes received (the caller's liveness check sees every read). Pure, unit-tested.
 */
export class SseParser {
  private buffer = '';
  /** A CR ended the last read: an LF starting the next one belongs to it (one CRLF, not two line ends). */
  private pendingCr = false;
  private event = '';
  private data: string[] = [];
  private id: string | undefined;
  /** The last id seen (kept across events, as EventSource does): what a reconnect sends as Last-Event-ID. */
  lastEventId: string | undefined;

  /** Feeds one chunk; answers the events it completed, in order. */
  push(chunk: string): SseEvent[] {
    let text = chunk;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    const out: SseEvent[] = [];
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      if (end < 0) break;
      const cr = this.buffer[end] === '\r';
      const width = cr && this.buffer[end + 1] === '\n' ? 2 : 1;
      // A CR at the very end of the buffer may be the first half of a CRLF split across reads.
      if (cr && width === 1 && end === this.buffer.length - 1) this.pendingCr = true;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + width);
      const done = this.line(line);
      if (done) out.push(done);
    }
    return out;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'event') this.event = value;
    else if (name === 'data') this.data.push(value);
    else if (name === 'id' && !value.includes('\0')) this.id = value;
    return undefined;
  }

  private dispatch(): SseEvent | undefined {
    const id = this.id;
    if (id !== undefined) this.lastEventId = id;
    const hasData = this.data.length > 0;
    const event: SseEvent = {
      event: this.event || 'message',
      data: this.data.join('\n'),
      ...(id !== undefined ? { id } : {}),
    };
    this.event = '';
    this.data = [];
    this.id = undefined;
    return hasData ? event : undefined;
  }
}
