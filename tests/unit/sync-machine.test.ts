/**
 * The sync engine's state machine (src/data/sync/machine.ts), transition by transition: each
 * event from each state it can meet, the next state and the effects the engine carries out.
 */
import { describe, expect, it } from 'vitest';
import {
  initialMachineState,
  transition,
  type SyncEvent,
  type SyncMachineState,
} from '@/data/sync/machine.ts';

const state = (patch: Partial<SyncMachineState> = {}): SyncMachineState => ({
  ...initialMachineState,
  ...patch,
});
const step = (s: SyncMachineState, e: SyncEvent) => transition(s, e);
const types = (s: SyncMachineState, e: SyncEvent) => step(s, e).effects.map((x) => x.type);

describe('sync machine: pull', () => {
  it('starts a round when idle', () => {
    const t = step(state(), { type: 'pullRequested' });
    expect(t.state.pull).toBe('preparing');
    expect(t.effects).toEqual([{ type: 'pullRound' }]);
  });

  it.each(['preparing', 'reading', 'again'] as const)(
    'asked while %s, runs one more round after this one (never two at once)',
    (pull) => {
      const t = step(state({ pull }), { type: 'pullRequested' });
      expect(t.state.pull).toBe('again');
      expect(t.effects).toEqual([]);
    },
  );

  it('does nothing once stopped', () => {
    const t = step(state({ stopped: true }), { type: 'pullRequested' });
    expect(t.state.pull).toBe('idle');
    expect(t.effects).toEqual([]);
  });

  it('preparing → reading when the round begins reading; other phases keep theirs', () => {
    expect(step(state({ pull: 'preparing' }), { type: 'pullReading' }).state.pull).toBe('reading');
    expect(step(state({ pull: 'again' }), { type: 'pullReading' }).state.pull).toBe('again');
  });

  it('a round done: idle and settled, or one more round when asked again', () => {
    const done = step(state({ pull: 'reading' }), { type: 'pullRoundDone' });
    expect(done.state.pull).toBe('idle');
    expect(done.effects).toEqual([{ type: 'pullSettled' }]);
    const again = step(state({ pull: 'again' }), { type: 'pullRoundDone' });
    expect(again.state.pull).toBe('preparing');
    expect(again.effects).toEqual([{ type: 'pullRound' }]);
  });

  it('a round done after stop settles, with no further round', () => {
    const t = step(state({ pull: 'again', stopped: true }), { type: 'pullRoundDone' });
    expect(t.state.pull).toBe('idle');
    expect(t.effects).toEqual([{ type: 'pullSettled' }]);
  });
});

describe('sync machine: flush', () => {
  it('starts a round when idle, with the backoff choice of the request', () => {
    const t = step(state(), { type: 'flushRequested', ignoreBackoff: true });
    expect(t.state.flush).toBe('running');
    expect(t.effects).toEqual([{ type: 'flushRound', ignoreBackoff: true }]);
  });

  it('asked while running: one more round, ignoring backoff if any request asked so', () => {
    let s = state({ flush: 'running' });
    s = step(s, { type: 'flushRequested', ignoreBackoff: true }).state;
    s = step(s, { type: 'flushRequested', ignoreBackoff: false }).state;
    expect(s.flushAgain).toEqual({ ignoreBackoff: true });
    const t = step(s, { type: 'flushRoundDone', sessionRefreshed: false });
    expect(t.state).toMatchObject({ flush: 'running', flushAgain: null });
    expect(t.effects).toEqual([{ type: 'flushRound', ignoreBackoff: true }]);
  });

  it('a round done with nothing asked: idle and settled', () => {
    const t = step(state({ flush: 'running' }), {
      type: 'flushRoundDone',
      sessionRefreshed: false,
    });
    expect(t.state.flush).toBe('idle');
    expect(t.effects).toEqual([{ type: 'flushSettled' }]);
  });

  it('a refreshed session runs one more round, ignoring backoff', () => {
    const t = step(state({ flush: 'running' }), { type: 'flushRoundDone', sessionRefreshed: true });
    expect(t.effects).toEqual([{ type: 'flushRound', ignoreBackoff: true }]);
  });

  it('stopped: no new flush, and a running one ends after its round', () => {
    expect(
      types(state({ stopped: true }), { type: 'flushRequested', ignoreBackoff: false }),
    ).toEqual([]);
    const t = step(
      state({ stopped: true, flush: 'running', flushAgain: { ignoreBackoff: false } }),
      {
        type: 'flushRoundDone',
        sessionRefreshed: false,
      },
    );
    expect(t.state).toMatchObject({ flush: 'idle', flushAgain: null });
    expect(t.effects).toEqual([{ type: 'flushSettled' }]);
  });
});

describe('sync machine: realtime', () => {
  it('a restart takes a new generation', () => {
    const t = step(state({ realtimeGen: 3 }), { type: 'realtimeRestart' });
    expect(t.state.realtimeGen).toBe(4);
    expect(t.effects).toEqual([{ type: 'restartRealtime', gen: 4 }]);
    expect(types(state({ stopped: true }), { type: 'realtimeRestart' })).toEqual([]);
  });

  it('keeps a connection of the current generation and drops an overtaken one', () => {
    expect(types(state({ realtimeGen: 2 }), { type: 'realtimeStarted', gen: 2 })).toEqual([
      'keepRealtime',
    ]);
    expect(types(state({ realtimeGen: 2 }), { type: 'realtimeStarted', gen: 1 })).toEqual([
      'dropRealtime',
    ]);
  });

  it('a reconnect waits for the connect: arms the timer and restarts realtime', () => {
    const t = step(state({ realtimeGen: 1 }), { type: 'reconnectRequested' });
    expect(t.state).toMatchObject({ connectWait: true, realtimeGen: 2 });
    expect(t.effects).toEqual([{ type: 'armConnectTimer' }, { type: 'restartRealtime', gen: 2 }]);
  });

  it('a reconnect after stop lets its caller go at once', () => {
    expect(types(state({ stopped: true }), { type: 'reconnectRequested' })).toEqual([
      'releaseWaiters',
    ]);
  });

  it('connected with nobody waiting and no pull: live, and a pull covers the gap', () => {
    const t = step(state(), { type: 'realtimeConnected' });
    expect(t.state.pull).toBe('preparing');
    expect(t.effects).toEqual([
      { type: 'realtimeStatus', realtime: 'live' },
      { type: 'pullRound' },
    ]);
  });

  it('connected while a pull is reading: one more round after it', () => {
    const t = step(state({ pull: 'reading' }), { type: 'realtimeConnected' });
    expect(t.state.pull).toBe('again');
    expect(types(state({ pull: 'reading' }), { type: 'realtimeConnected' })).toEqual([
      'realtimeStatus',
    ]);
  });

  it('connected while a pull has not begun reading: that pull covers it, no extra round', () => {
    const t = step(state({ pull: 'preparing', connectWait: true }), { type: 'realtimeConnected' });
    expect(t.state).toMatchObject({ pull: 'preparing', connectWait: false });
    expect(t.effects).toEqual([
      { type: 'realtimeStatus', realtime: 'live' },
      { type: 'clearConnectTimer' },
      { type: 'releaseWaitersAfterPull' },
    ]);
  });

  it('connected with callers waiting: they go after the pull it starts', () => {
    const t = step(state({ connectWait: true }), { type: 'realtimeConnected' });
    expect(t.effects).toEqual([
      { type: 'realtimeStatus', realtime: 'live' },
      { type: 'clearConnectTimer' },
      { type: 'pullRound' },
      { type: 'releaseWaitersAfterPull' },
    ]);
  });

  it('the wait runs out: pull without realtime, callers go after it', () => {
    const t = step(state({ connectWait: true }), { type: 'connectTimeout' });
    expect(t.state).toMatchObject({ connectWait: false, pull: 'preparing' });
    expect(t.effects).toEqual([
      { type: 'clearConnectTimer' },
      { type: 'pullRound' },
      { type: 'releaseWaitersAfterPull' },
    ]);
    expect(types(state(), { type: 'connectTimeout' })).toEqual([]);
  });

  it('a failed start of the current generation: off, and a waiting pull runs without it', () => {
    const t = step(state({ realtimeGen: 2, connectWait: true }), {
      type: 'realtimeFailed',
      gen: 2,
    });
    expect(t.effects.map((x) => x.type)).toEqual([
      'realtimeStatus',
      'clearConnectTimer',
      'pullRound',
      'releaseWaitersAfterPull',
    ]);
    expect(types(state({ realtimeGen: 2 }), { type: 'realtimeFailed', gen: 1 })).toEqual([]);
  });

  it('offline at a restart: off, and a waiting pull is let go', () => {
    const t = step(state({ connectWait: true, stopped: true }), { type: 'realtimeOffline' });
    expect(t.effects).toEqual([
      { type: 'realtimeStatus', realtime: 'off' },
      { type: 'clearConnectTimer' },
      { type: 'releaseWaiters' },
    ]);
  });
});

describe('sync machine: start and stop', () => {
  it('stop: nothing new starts, realtime stops, waiting callers go', () => {
    const t = step(state({ realtimeGen: 5, connectWait: true }), { type: 'stop' });
    expect(t.state).toMatchObject({ stopped: true, realtimeGen: 6, connectWait: false });
    expect(t.effects).toEqual([
      { type: 'clearConnectTimer' },
      { type: 'releaseWaiters' },
      { type: 'stopRealtime' },
    ]);
  });

  it('a late start answer after stop is dropped', () => {
    const stopped = step(state({ realtimeGen: 1 }), { type: 'stop' }).state;
    expect(types(stopped, { type: 'realtimeStarted', gen: 1 })).toEqual(['dropRealtime']);
  });

  it('start lifts the stop', () => {
    expect(step(state({ stopped: true }), { type: 'start' }).state.stopped).toBe(false);
  });
});
