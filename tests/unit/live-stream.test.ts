import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLiveStream } from '../../src/app/api/live-stream';
import type { SseEvent } from '../../src/lib/sse-parser';

/** An answer whose body is `chunks`, then closed (a dropped or ended stream). */
function streamOf(chunks: string[]): Response {
  const bytes = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(bytes.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('openLiveStream', () => {
  it('reconnects after a dropped stream with the last id as Last-Event-ID, and renews the token after expired', async () => {
    const answers = [
      streamOf([
        'id: 10\nevent: ready\ndata: {}\n\n',
        'event: change\ndata: {"list":"a"}\n\nid: 12\nevent: cha',
        'nge\ndata: {}\n\n',
      ]),
      streamOf(['event: end\ndata: {"reason":"expired"}\n\n']),
      streamOf(['id: 20\nevent: ready\ndata: {}\n\n']),
    ];
    const requests: { lastEventId: string | null; auth: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        const headers = new Headers(init.headers);
        requests.push({ lastEventId: headers.get('last-event-id'), auth: headers.get('authorization') });
        return Promise.resolve(answers.shift() ?? new Promise<Response>(() => undefined));
      }),
    );
    const tokens: boolean[] = [];
    const events: SseEvent[] = [];
    const close = openLiveStream({
      url: '/api/projects/5/events',
      getToken: (fresh) => (tokens.push(fresh), Promise.resolve(fresh ? 'renewed' : 'cached')),
      onEvent: (event) => events.push(event),
    });
    await vi.waitFor(() => expect(requests).toHaveLength(4), { timeout: 3000 });
    close();
    expect(events.map((e) => e.event)).toEqual(['ready', 'change', 'change', 'end', 'ready']);
    expect(requests.map((r) => r.lastEventId)).toEqual([null, '12', '12', '20']);
    expect(tokens).toEqual([false, false, true, false]);
    expect(requests[2]!.auth).toBe('Bearer renewed');
  });
});
