import { afterEach, describe, expect, it, vi } from 'vitest';
import { HIDDEN_GRACE_MS, openLiveStream, SILENCE_MS } from '../../src/app/api/live-stream';
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

describe('a hidden tab', () => {
  it('lets its stream go after the grace period, and opens it again with Last-Event-ID when shown', async () => {
    vi.useFakeTimers();
    try {
      let hidden = false;
      const listeners = new Set<() => void>();
      const visibility = {
        hidden: () => hidden,
        onChange: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
      };
      const setHidden = (value: boolean) => {
        hidden = value;
        for (const listener of listeners) listener();
      };
      const requests: (string | null)[] = [];
      const aborted: boolean[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn((_url: string, init: RequestInit) => {
          requests.push(new Headers(init.headers).get('last-event-id'));
          const signal = init.signal!;
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(`id: ${requests.length * 10}\nevent: ready\ndata: {}\n\n`));
              signal.addEventListener('abort', () => {
                aborted.push(true);
                controller.error(new DOMException('aborted', 'AbortError'));
              });
            },
          });
          return Promise.resolve(new Response(body, { status: 200 }));
        }),
      );
      const close = openLiveStream({
        url: '/e',
        getToken: () => Promise.resolve('t'),
        onEvent: () => undefined,
        visibility,
      });
      await vi.waitFor(() => expect(requests).toHaveLength(1));

      // A glance elsewhere (shorter than the grace) keeps the stream. (This fake server sends no heartbeat: the
      // whole test stays under SILENCE_MS before the pause, or the silence would end the stream first.)
      setHidden(true);
      await vi.advanceTimersByTimeAsync(HIDDEN_GRACE_MS - 20_000);
      setHidden(false);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(aborted).toEqual([]);

      // Hidden past the grace: the stream goes, and no other opens while hidden, however long.
      setHidden(true);
      await vi.advanceTimersByTimeAsync(HIDDEN_GRACE_MS + 1);
      expect(HIDDEN_GRACE_MS - 20_000 + 1_000 + HIDDEN_GRACE_MS).toBeLessThan(SILENCE_MS);
      expect(aborted).toEqual([true]);
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(requests).toHaveLength(1);

      // Shown: opened again at once, replaying from the last id it saw.
      setHidden(false);
      await vi.advanceTimersByTimeAsync(10);
      expect(requests).toEqual([null, '10']);
      close();
    } finally {
      vi.useRealTimers();
    }
  });
});
