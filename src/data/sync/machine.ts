/**
 * The sync engine's decisions as a pure state machine: what runs next when a pull or a flush is
 * asked for, when realtime connects or fails, when a wait for realtime runs out, and on stop.
 * `transition(state, event)` returns the next state and the effects the engine (engine.ts) carries
 * out: it does the I/O (requests, IndexedDB, timers) and reports back with events. Nothing here
 * touches the network, the store or a clock, so every transition is tested on its own
 * (tests/unit/sync-machine.test.ts). The table of states is in docs/sync.md, The engine.
 *
 * Three parts run side by side:
 * - pull: idle → preparing (session read, private tables claimed) → reading (requests under way)
 *   → idle; asked again while running, it goes to `again` and runs one more round after this one.
 *   Pulls never overlap.
 * - flush: idle → running → idle; asked again while running, one more round follows (ignoring
 *   backoff if any of the requests asked so).
 * - realtime: each restart gets a new generation, so the answer of an older start is dropped. A
 *   caller may wait for the connect to pull (`connectWait`): the connect's pull covers everything
 *   before the subscriptions; if realtime fails, goes offline or takes longer than the engine's
 *   wait, the pull runs without it.
 */

export type PullPhase = 'idle' | 'preparing' | 'reading' | 'again';

export interface SyncMachineState {
  /** After stop: nothing new starts (a late connect, a timer, a queued row). */
  stopped: boolean;
  /** `again`: a round is under way and one more follows it. */
  pull: PullPhase;
  flush: 'idle' | 'running';
  /** One more flush round after this one, and whether it ignores backoff. */
  flushAgain: { ignoreBackoff: boolean } | null;
  /** The current realtime start; answers of older ones are dropped. */
  realtimeGen: number;
  /** Callers wait for realtime to connect before their pull. */
  connectWait: boolean;
}

export type SyncEvent =
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'pullRequested' }
  /** The pull round under way has begun reading from the server. */
  | { type: 'pullReading' }
  | { type: 'pullRoundDone' }
  | { type: 'flushRequested'; ignoreBackoff: boolean }
  /** `sessionRefreshed`: the server refused the token, and a refresh got a new one. */
  | { type: 'flushRoundDone'; sessionRefreshed: boolean }
  /** Start realtime again (at start, and inside reconnectRequested). */
  | { type: 'realtimeRestart' }
  /** A login, a logout or the network back: restart realtime and pull once it connects. */
  | { type: 'reconnectRequested' }
  | { type: 'realtimeStarted'; gen: number }
  | { type: 'realtimeFailed'; gen: number }
  /** The restart found the device offline. */
  | { type: 'realtimeOffline' }
  /** The subscriptions are in place (every connect and reconnect of the SDK). */
  | { type: 'realtimeConnected' }
  /** The wait for realtime ran out. */
  | { type: 'connectTimeout' };

export type SyncEffect =
  /** Run one pull round; report pullReading when it reads, pullRoundDone when it ends. */
  | { type: 'pullRound' }
  /** The pull is over: settle the promise callers of pull() hold. */
  | { type: 'pullSettled' }
  | { type: 'flushRound'; ignoreBackoff: boolean }
  | { type: 'flushSettled' }
  /** Stop the current realtime connection and start one as generation `gen`. */
  | { type: 'restartRealtime'; gen: number }
  /** Keep the connection started as the current generation. */
  | { type: 'keepRealtime' }
  /** Stop a connection whose start was overtaken by a newer one. */
  | { type: 'dropRealtime' }
  | { type: 'stopRealtime' }
  | { type: 'realtimeStatus'; realtime: 'off' | 'live' }
  /** (Re)arm the timer that ends the wait for realtime (connectTimeout). */
  | { type: 'armConnectTimer' }
  | { type: 'clearConnectTimer' }
  /** Let the callers waiting for realtime go once the pull under way (with its rounds) is over. */
  | { type: 'releaseWaitersAfterPull' }
  /** Let the callers waiting for realtime go now (stop). */
  | { type: 'releaseWaiters' };

export interface Transition {
  state: SyncMachineState;
  effects: SyncEffect[];
}

export const initialMachineState: SyncMachineState = {
  stopped: false,
  pull: 'idle',
  flush: 'idle',
  flushAgain: null,
  realtimeGen: 0,
  connectWait: false,
};

/** A pull is asked for: start one, or run one more round after the one under way. */
function requestPull(state: SyncMachineState): Transition {
  if (state.stopped) return { state, effects: [] };
  if (state.pull === 'idle')
    return { state: { ...state, pull: 'preparing' }, effects: [pullRound] };
  return { state: { ...state, pull: 'again' }, effects: [] };
}

/** The wait for realtime ends without a connect: pull now, and let the waiters go after it. */
function releaseConnectWait(state: SyncMachineState): Transition {
  if (!state.connectWait) return { state, effects: [] };
  const next = requestPull({ ...state, connectWait: false });
  return {
    state: next.state,
    effects: [{ type: 'clearConnectTimer' }, ...next.effects, ...waitersAfterPull(next.state)],
  };
}

/** Waiters go after the pull; a stopped engine runs no pull, so they go at once. */
function waitersAfterPull(state: SyncMachineState): SyncEffect[] {
  return [state.pull === 'idle' ? { type: 'releaseWaiters' } : { type: 'releaseWaitersAfterPull' }];
}

const pullRound: SyncEffect = { type: 'pullRound' };

export function transition(state: SyncMachineState, event: SyncEvent): Transition {
  switch (event.type) {
    case 'start':
      return { state: { ...state, stopped: false }, effects: [] };

    case 'stop':
      return {
        state: {
          ...state,
          stopped: true,
          realtimeGen: state.realtimeGen + 1,
          connectWait: false,
        },
        effects: [
          ...(state.connectWait
            ? ([{ type: 'clearConnectTimer' }, { type: 'releaseWaiters' }] as const)
            : []),
          { type: 'stopRealtime' },
        ],
      };

    case 'pullRequested':
      return requestPull(state);

    case 'pullReading':
      return state.pull === 'preparing'
        ? { state: { ...state, pull: 'reading' }, effects: [] }
        : { state, effects: [] };

    case 'pullRoundDone':
      if (state.pull === 'again' && !state.stopped) {
        return { state: { ...state, pull: 'preparing' }, effects: [pullRound] };
      }
      return { state: { ...state, pull: 'idle' }, effects: [{ type: 'pullSettled' }] };

    case 'flushRequested': {
      if (state.stopped) return { state, effects: [] };
      if (state.flush === 'idle') {
        return {
          state: { ...state, flush: 'running' },
          effects: [{ type: 'flushRound', ignoreBackoff: event.ignoreBackoff }],
        };
      }
      const ignoreBackoff = event.ignoreBackoff || (state.flushAgain?.ignoreBackoff ?? false);
      return { state: { ...state, flushAgain: { ignoreBackoff } }, effects: [] };
    }

    case 'flushRoundDone': {
      const again = event.sessionRefreshed ? { ignoreBackoff: true } : state.flushAgain;
      if (again && !state.stopped) {
        return {
          state: { ...state, flushAgain: null },
          effects: [{ type: 'flushRound', ignoreBackoff: again.ignoreBackoff }],
        };
      }
      return {
        state: { ...state, flush: 'idle', flushAgain: null },
        effects: [{ type: 'flushSettled' }],
      };
    }

    case 'realtimeRestart': {
      if (state.stopped) return { state, effects: [] };
      const gen = state.realtimeGen + 1;
      return { state: { ...state, realtimeGen: gen }, effects: [{ type: 'restartRealtime', gen }] };
    }

    case 'reconnectRequested': {
      if (state.stopped) return { state, effects: [{ type: 'releaseWaiters' }] };
      const restart = transition({ ...state, connectWait: true }, { type: 'realtimeRestart' });
      return { state: restart.state, effects: [{ type: 'armConnectTimer' }, ...restart.effects] };
    }

    case 'realtimeStarted':
      return {
        state,
        effects: [{ type: event.gen === state.realtimeGen ? 'keepRealtime' : 'dropRealtime' }],
      };

    case 'realtimeFailed': {
      if (event.gen !== state.realtimeGen) return { state, effects: [] };
      const next = releaseConnectWait(state);
      return {
        state: next.state,
        effects: [{ type: 'realtimeStatus', realtime: 'off' }, ...next.effects],
      };
    }

    case 'realtimeOffline': {
      const next = releaseConnectWait(state);
      return {
        state: next.state,
        effects: [{ type: 'realtimeStatus', realtime: 'off' }, ...next.effects],
      };
    }

    case 'realtimeConnected': {
      // every (re)connect pulls what happened while no subscription was in place, unless the pull
      // under way has not begun reading yet (it reads after the subscriptions)
      const waiting = state.connectWait;
      const base = { ...state, connectWait: false };
      const next = state.pull === 'preparing' ? { state: base, effects: [] } : requestPull(base);
      return {
        state: next.state,
        effects: [
          { type: 'realtimeStatus', realtime: 'live' },
          ...(waiting ? ([{ type: 'clearConnectTimer' }] as const) : []),
          ...next.effects,
          ...(waiting ? waitersAfterPull(next.state) : []),
        ],
      };
    }

    case 'connectTimeout':
      return releaseConnectWait(state);
  }
}
