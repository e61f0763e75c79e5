import { describe, expect, it } from 'vitest';
import { SharedReads } from '../../src/server/http/shared-reads';

/** Runs that end when the test says: each records when (in a step count) it started. */
function controlledRuns() {
  let step = 0;
  const runs: { startedAt: number; finish: (value: string) => void; fail: (error: Error) => void }[] = [];
  const run = () =>
    new Promise<{ value: string; startedAt: number }>((resolve, reject) => {
      const startedAt = ++step;
      runs.push({
        startedAt,
        finish: (value) => resolve({ value, startedAt }),
        fail: reject,
      });
    });
  const tick = () => ++step;
  return { runs, run, tick };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('shared reads (asks of one key at the same moment share their runs)', () => {
  it('answers asks made during a run from ONE later run, never from the run already under way', async () => {
    const reads = new SharedReads<number, { value: string; startedAt: number }>();
    const { runs, run, tick } = controlledRuns();
    const first = reads.read(7, run);
    const askedAt = tick();
    const during = Array.from({ length: 8 }, () => reads.read(7, run));
    expect(runs).toHaveLength(1);
    runs[0]!.finish('one');
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]!.finish('two');
    expect(await first).toMatchObject({ value: 'one' });
    const answers = await Promise.all(during);
    expect(answers.map((a) => a.value)).toEqual(Array(8).fill('two'));
    expect(answers.every((a) => a.startedAt > askedAt)).toBe(true);
    // Nothing running: the next ask runs at once.
    const later = reads.read(7, run);
    expect(runs).toHaveLength(3);
    runs[2]!.finish('three');
    expect(await later).toMatchObject({ value: 'three' });
  });

  it('keeps keys apart, and a failed run fails only its own asks', async () => {
    const reads = new SharedReads<number, { value: string; startedAt: number }>();
    const { runs, run } = controlledRuns();
    const a = reads.read(1, run);
    const b = reads.read(2, run);
    expect(runs).toHaveLength(2);
    const queued = reads.read(1, run);
    runs[0]!.fail(new Error('No Project with id 1.'));
    runs[1]!.finish('project 2');
    await expect(a).rejects.toThrow('No Project with id 1.');
    expect(await b).toMatchObject({ value: 'project 2' });
    await settle();
    expect(runs).toHaveLength(3);
    runs[2]!.finish('project 1, read again');
    expect(await queued).toMatchObject({ value: 'project 1, read again' });
  });

  it('over random interleavings of asks and ends: each answer started after its ask, one run at a time', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      let state = seed;
      const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
      const reads = new SharedReads<number, { value: string; startedAt: number }>();
      const { runs, run, tick } = controlledRuns();
      const asks: { at: number; answer: Promise<{ value: string; startedAt: number }> }[] = [];
      let finished = 0;
      for (let i = 0; i < 40; i++) {
        if (random() < 0.6) asks.push({ at: tick(), answer: reads.read(0, run) });
        else if (finished < runs.length) runs[finished++]!.finish(`run ${finished}`);
        await settle();
        expect(runs.length - finished, `seed ${seed}`).toBeLessThanOrEqual(1);
      }
      // Let every run end, the queued ones too (each starts as the one before it ends).
      while (finished < runs.length) {
        runs[finished++]!.finish(`run ${finished}`);
        await settle();
      }
      const answers = await Promise.all(asks.map((a) => a.answer));
      answers.forEach((answer, i) => expect(answer.startedAt, `seed ${seed}`).toBeGreaterThan(asks[i]!.at));
      expect(runs.length, `seed ${seed}`).toBeLessThanOrEqual(asks.length);
    }
  });
});
