// SendLimiter: the push dispatcher's slots. One user's devices (one key) never take every slot,
// and a key at its limit does not block the jobs of other keys queued behind it.
import { describe, expect, it } from 'vitest';
import { SendLimiter } from '../../server/push-dispatcher.ts';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('SendLimiter', () => {
  it('runs at most `perKey` jobs of one key and lets other keys past it', async () => {
    const limiter = new SendLimiter(8, 2);
    const hold = gate();
    const started: string[] = [];
    const job = (name: string) => async () => {
      started.push(name);
      if (name.startsWith('a')) await hold.opened;
      return name;
    };
    const a = ['a1', 'a2', 'a3', 'a4'].map((n) => limiter.run('A', job(n)));
    const b = limiter.run('B', job('b1'));
    expect(await b).toBe('b1');
    expect(started.sort()).toEqual(['a1', 'a2', 'b1']);
    hold.open();
    expect(await Promise.all(a)).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(started).toHaveLength(5);
  });

  it('never has more than `max` jobs in flight, and frees a slot when a job fails', async () => {
    const limiter = new SendLimiter(3, 3);
    let inFlight = 0;
    let most = 0;
    const runs = Array.from({ length: 12 }, (_, i) =>
      limiter.run(`k${i % 6}`, async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight -= 1;
        if (i % 4 === 0) throw new Error(`job ${i}`);
        return i;
      }),
    );
    const results = await Promise.allSettled(runs);
    expect(most).toBe(3);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
    expect(inFlight).toBe(0);
  });
});
