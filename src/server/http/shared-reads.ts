/**
 * Reads of one key asked at the same time share their work, and every answer is read after its ask arrived.
 * A colleague's save makes every open copy of a project ask its roll-ups again at once (nine browsers: nine
 * copies of the same pricing query, queued on PGlite's one connection in front of the next save). Here the first
 * ask runs; asks arriving while it runs wait for ONE more run that starts when it ends, so the first run's
 * snapshot, taken before they asked, never answers them (it may predate a save they have already seen). At most
 * two runs per key, however many ask.
 */
export class SharedReads<K, V> {
  private readonly running = new Map<K, Promise<V>>();
  private readonly queued = new Map<K, Promise<V>>();

  read(key: K, run: () => Promise<V>): Promise<V> {
    const running = this.running.get(key);
    if (!running) return this.start(key, run);
    const queued = this.queued.get(key);
    if (queued) return queued;
    const next = running
      .catch(() => undefined)
      .then(() => {
        this.queued.delete(key);
        return this.start(key, run);
      });
    this.queued.set(key, next);
    return next;
  }

  private start(key: K, run: () => Promise<V>): Promise<V> {
    const started = run().finally(() => {
      if (this.running.get(key) === started) this.running.delete(key);
    });
    this.running.set(key, started);
    return started;
  }
}
