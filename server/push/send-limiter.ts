/**
 * Runs async jobs with at most `max` in flight, at most `perKey` of them with the same key (one
 * user's devices), the others waiting in order: a key at its limit never blocks the jobs of other
 * keys queued behind it.
 */
export class SendLimiter {
  private active = 0;
  private readonly perKeyActive = new Map<string, number>();
  private readonly queue: { key: string; start: () => void }[] = [];

  constructor(
    readonly max: number,
    readonly perKey: number,
  ) {}

  run<T>(key: string, job: () => Promise<T>): Promise<T> {
    return new Promise<void>((start) => {
      this.queue.push({ key, start });
      this.pump();
    })
      .then(job)
      .finally(() => {
        this.active -= 1;
        const n = (this.perKeyActive.get(key) ?? 1) - 1;
        if (n) this.perKeyActive.set(key, n);
        else this.perKeyActive.delete(key);
        this.pump();
      });
  }

  private pump(): void {
    for (let i = 0; i < this.queue.length && this.active < this.max;) {
      const { key, start } = this.queue[i]!;
      const n = this.perKeyActive.get(key) ?? 0;
      if (n >= this.perKey) {
        i += 1;
        continue;
      }
      this.queue.splice(i, 1);
      this.active += 1;
      this.perKeyActive.set(key, n + 1);
      start();
    }
  }
}
