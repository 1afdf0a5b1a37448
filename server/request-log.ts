/**
 * One line per request at LOG_LEVEL=debug (docs/operators.md, Logs): `[http] GET
 * /api/collections/likes/records 200 3.1ms`. PocketBase writes every request to its request log
 * (auxiliary.db, the dashboard's Logs) and prints none once dev mode is off; this reads that log
 * through the API as the launcher's superuser, a page every `intervalMs`, and prints the requests
 * it has not printed yet. The path is printed without its query (file tokens, OAuth codes). The
 * launcher's own requests (the push dispatcher's polling, the seed) carry LAUNCHER_AGENT and are
 * left out; a successful read of the log is not logged by PocketBase itself.
 */
import type PocketBase from 'pocketbase';

/** The User-Agent of the launcher's own clients, so their requests are told apart. */
export const LAUNCHER_AGENT = 'pocamarket-launcher';

/** Makes `pb` send LAUNCHER_AGENT with each request. */
export function markAsLauncher(pb: PocketBase): PocketBase {
  pb.beforeSend = (url, options) => {
    options.headers = {
      ...(options.headers as Record<string, string>),
      'User-Agent': LAUNCHER_AGENT,
    };
    return { url, options };
  };
  return pb;
}

interface RequestLog {
  id: string;
  created: string;
  data: {
    type?: string;
    method?: string;
    url?: string;
    status?: number;
    execTime?: number;
    userAgent?: string;
  };
}

/** `GET /api/x?token=… 200 3.1ms`: the line of one logged request (its path without the query). */
export function requestLine(entry: RequestLog['data']): string {
  const path = (entry.url ?? '').split('?')[0]!.split('#')[0]!;
  const ms = typeof entry.execTime === 'number' ? `${entry.execTime.toFixed(1)}ms` : '';
  return ['[http]', entry.method ?? '?', path, String(entry.status ?? '?'), ms]
    .filter(Boolean)
    .join(' ');
}

/** PocketBase's date format in filters: `2026-01-02 03:04:05.678Z`. */
function pbDate(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ');
}

export interface RequestTail {
  stop(): Promise<void>;
}

/**
 * Prints the requests PocketBase logs from now on. PocketBase writes its log in batches, a few
 * seconds late and not always in order, so each read looks `LOOKBACK_MS` back and skips the ids it
 * printed.
 */
export function startRequestTail(opts: {
  /** A client of PocketBase (markAsLauncher'd). */
  pb: PocketBase;
  /** Authenticates `pb` as a superuser: at the first read and whenever the token is gone. */
  login: (pb: PocketBase) => Promise<void>;
  log: (line: string) => void;
  intervalMs?: number;
}): RequestTail {
  const LOOKBACK_MS = 15_000;
  const interval = opts.intervalMs ?? 2_000;
  const { pb } = opts;
  const startedAt = Date.now();
  /** Ids printed (or skipped) with their time, forgotten once out of the lookback. */
  const seen = new Map<string, number>();
  let since = startedAt;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<void> = Promise.resolve();

  const read = async () => {
    if (!pb.authStore.isValid) await opts.login(pb);
    const page = await pb.logs.getList(1, 500, {
      filter: `data.type = "request" && created >= "${pbDate(since - LOOKBACK_MS)}"`,
      sort: 'created',
    });
    for (const item of page.items as unknown as RequestLog[]) {
      const at = Date.parse(item.created.replace(' ', 'T'));
      if (seen.has(item.id) || at < startedAt) continue;
      seen.set(item.id, at);
      since = Math.max(since, at);
      if (item.data.userAgent !== LAUNCHER_AGENT) opts.log(requestLine(item.data));
    }
    for (const [id, at] of seen) if (at < since - 2 * LOOKBACK_MS) seen.delete(id);
  };

  const tick = () => {
    reading = read()
      .catch(() => {
        // PocketBase restarting, or the token refused: log in again at the next read
        pb.authStore.clear();
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, interval);
      });
  };
  timer = setTimeout(tick, interval);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await reading;
    },
  };
}
