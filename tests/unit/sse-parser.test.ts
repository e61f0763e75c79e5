import { describe, expect, it } from 'vitest';
import { SseParser, type SseEvent } from '../../src/lib/sse-parser';

const STREAM =
  'id: 1234\nevent: ready\ndata: {"document":"projects","id":5,"lastEventId":1234,"replayed":0}\n\n' +
  ': heartbeat\n\n' +
  'event: change\ndata: {"list":"instruments","by":"Ann Lee","kind":"update","rows":[{"id":7,"version":3}]}\n\n' +
  'id: 1240\nevent: reload\ndata: {"reason":"behind"}\n\n';

const EXPECTED: SseEvent[] = [
  { event: 'ready', id: '1234', data: '{"document":"projects","id":5,"lastEventId":1234,"replayed":0}' },
  { event: 'change', data: '{"list":"instruments","by":"Ann Lee","kind":"update","rows":[{"id":7,"version":3}]}' },
  { event: 'reload', id: '1240', data: '{"reason":"behind"}' },
];

/** Feeds `text` cut at the given offsets; answers every event and the parser. */
function feed(text: string, cuts: number[]): { events: SseEvent[]; parser: SseParser } {
  const parser = new SseParser();
  const events: SseEvent[] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    events.push(...parser.push(text.slice(from, cut)));
    from = cut;
  }
  return { events, parser };
}

describe('SseParser', () => {
  it('reads several events from one read, skipping comments, and keeps the last id', () => {
    const { events, parser } = feed(STREAM, []);
    expect(events).toEqual(EXPECTED);
    expect(parser.lastEventId).toBe('1240');
  });

  it('gives the same events wherever the reads are cut (an event split across reads)', () => {
    for (let cut = 1; cut < STREAM.length; cut++) expect(feed(STREAM, [cut]).events).toEqual(EXPECTED);
    const everyChar = Array.from({ length: STREAM.length }, (_v, i) => i + 1);
    expect(feed(STREAM, everyChar).events).toEqual(EXPECTED);
  });

  it('reads CRLF and CR line ends as LF, also with a CRLF split between two reads', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    for (let cut = 1; cut < crlf.length; cut++) expect(feed(crlf, [cut]).events).toEqual(EXPECTED);
    expect(feed(STREAM.replace(/\n/g, '\r'), [7, 40]).events).toEqual(EXPECTED);
  });

  it('holds an unfinished event until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.push('event: change\ndata: {"a"')).toEqual([]);
    expect(parser.push(':1}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'change', data: '{"a":1}' }]);
  });

  it('joins several data lines with a line break; an event without data is not dispatched', () => {
    expect(feed('data: a\ndata:b\n\nevent: x\n\n', []).events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});
