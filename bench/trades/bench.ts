/**
 * Trades at scale (docs/trades.md): the match route over 10,000 fans with 300 list items each,
 * a page of the conversation list for a fan with 500 conversations, message delivery to 500
 * realtime clients, and how many messages a second the server stores when the outbox sends them
 * one by one or in batches of 10 and 50. One PocketBase with the project's migrations and hooks
 * on loopback; the data comes from seed.ts (SQL into the migrated tables, then ANALYZE).
 *
 * Figures:
 *
 * - `matches (N items)`: GET /api/pocamarket/matches as fans whose own lists hold N items
 *   (`callerSizes`, 2,000 is the per-fan cap), `calls` sequential calls each after 2 warm-up calls
 *   (fewer when `budgetMs` runs out, at least 5): p50, p99 (with 50 calls, p99 is the slowest) and
 *   how many fans it answered. `?card=` for the most popular card and one of median popularity;
 *   `/cards/<id>/traders` for both, signed in and as a guest.
 * - `conversation list`: the device pull's request for the conversation list
 *   (`POST /api/pocamarket/pull` with `conversations` and no checkpoint: one page, up to 500) for a
 *   fan with `busyConversations` conversations; the delta pull of the same list with nothing new;
 *   the first page (500) of that fan's messages.
 * - `realtime`: `realtimeClients` SDK clients (the pocketbase SDK with `eventsource` in Node), each
 *   a fan of one of the conversation pairs, subscribed to every collection the app subscribes to
 *   when signed in (SYNCED_TABLES), connecting 25 pairs at a time. Each round every pair sends one
 *   message paced (one every `pacedGapMs`), then `burst` pairs send one each at the same moment;
 *   latency is from just before the create request to the recipient's client handling the event.
 *   p50, p99, max over the messages of a round; median over `rounds` rounds.
 * - `messages/s`: devices flushing their outboxes, `concurrency` at once, each sending 50 messages
 *   of one conversation in batches of 1 (a plain create, as the outbox sends a single row), 10 or
 *   50 (`POST /api/batch`, one transaction): messages stored per second over the whole run, the
 *   request's p50 and p99, PocketBase's CPU. Every device is a fresh fan (the hooks allow 60
 *   messages per fan a minute). `runs` runs of `throughputSeconds` with no realtime client, and
 *   `realtimeRuns` with the realtime clients connected (PocketBase checks every stored message, and
 *   the conversation update it causes, against each client's subscriptions and list rule before
 *   the request returns). Afterwards the superuser counts the messages stored against those sent.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventSource } from 'eventsource';
import PocketBase from 'pocketbase';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import type { Row } from '../lib/report.ts';
import { recordId } from '../lib/seed.ts';
import { pocketBaseVersion, startBenchServer, type BenchServer } from '../lib/server.ts';
import { median, summarize, type Summary } from '../lib/stats.ts';
import { seedTrades, type TradesSeed, type TradesSeedOptions } from './seed.ts';

export interface TradesBenchOptions extends TradesSeedOptions {
  calls: number;
  budgetMs: number;
  realtimeClients: number;
  rounds: number;
  pacedGapMs: number;
  /** Messages sent at once in a burst (from that many pairs). */
  burst: number;
  /** Throughput runs with the realtime clients connected (each batch size), and devices at once. */
  realtimeRuns: number;
  realtimeConcurrency: number;
  batchSizes: number[];
  /** Messages per batch size per run, at most (devices of 50 messages are made ready for them). */
  throughputMessages: number;
  /** Seconds per throughput run: no new request after that (the ones in flight finish). */
  throughputSeconds: number;
  concurrency: number;
  runs: number;
  log: (line: string) => void;
}

export const DEFAULTS: TradesBenchOptions = {
  fans: 10_000,
  items: 300,
  cards: 10_000,
  callerSizes: [10, 100, 300, 2000],
  busyConversations: 500,
  conversations: 50_000,
  realtimePairs: 250,
  throughputPairs: 1500,
  calls: 50,
  budgetMs: 20_000,
  realtimeClients: 500,
  rounds: 3,
  pacedGapMs: 20,
  burst: 50,
  realtimeRuns: 1,
  realtimeConcurrency: 2,
  batchSizes: [1, 10, 50],
  throughputMessages: 2000,
  throughputSeconds: 8,
  concurrency: 8,
  runs: 3,
  log: (line) => console.log(line),
};

/** `--quick`: a smoke check of the bench on small data, not figures to compare. */
export const QUICK: Partial<TradesBenchOptions> = {
  fans: 1000,
  conversations: 5000,
  throughputPairs: 240,
  calls: 10,
  realtimeClients: 100,
  rounds: 1,
  burst: 20,
  runs: 1,
  throughputMessages: 500,
  throughputSeconds: 4,
};

/** What the app subscribes to when signed in (src/data/db/index.ts, SYNCED_TABLES). */
const SUBSCRIBED = [
  'groups',
  'photoCards',
  'users',
  'meetUps',
  'comments',
  'exchangeList',
  'likes',
  'collectBook',
  'informUs',
  'notifications',
  'tradeItems',
  'blocks',
  'conversations',
  'messages',
  'trades',
  'reviews',
  'chatReports',
];

/** Messages each device sends in the throughput runs (under the 60 a minute per fan). */
const PER_DEVICE = 50;

interface Latencies {
  calls: number;
  p50: number;
  p99: number;
  max: number;
  /** Something the answer says (fans answered, records, counts). */
  answer: string;
  failures: number;
}

interface DeliverySummary {
  p50: Summary;
  p99: Summary;
  max: Summary;
  delivered: number;
  sent: number;
}

interface ThroughputSample {
  batch: number;
  realtime: boolean;
  messages: number;
  ms: number;
  perSecond: number;
  requestP50: number;
  requestP99: number;
  serverCpu: number;
  /** This process (load generator and realtime clients), % of one core. */
  loaderCpu: number;
  failures: number;
}

export interface TradesBenchResult {
  name: 'trades';
  machine: MachineInfo;
  config: Omit<TradesBenchOptions, 'log'> & { rateLimitNote: string };
  seed: { rows: Record<string, number>; generateMs: number; insertMs: number };
  routes: Record<string, Latencies>;
  realtime: { clients: number; connectMs: number; paced: DeliverySummary; burst: DeliverySummary };
  throughput: ThroughputSample[];
  stored: { sent: number; stored: number };
  problems: string[];
  notes: string[];
  totalMs: number;
}

// ---------------------------------------------------------------- helpers

const TICKS_PER_SECOND = 100;

function processTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]!;
}

const round1 = (v: number) => Number(v.toFixed(1));

/** `calls` sequential requests (fewer if `budgetMs` runs out, never fewer than 5). */
async function timeCalls(
  opts: TradesBenchOptions,
  call: () => Promise<{ ok: boolean; answer: string }>,
): Promise<Latencies> {
  for (let i = 0; i < 2; i++) await call();
  const times: number[] = [];
  let failures = 0;
  let answer = '';
  const started = performance.now();
  while (
    times.length < opts.calls &&
    (times.length < 5 || performance.now() - started < opts.budgetMs)
  ) {
    const t = performance.now();
    const r = await call();
    times.push(performance.now() - t);
    if (!r.ok) failures++;
    answer = r.answer;
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    calls: times.length,
    p50: round1(median(sorted)),
    p99: round1(percentile(sorted, 0.99)),
    max: round1(sorted[sorted.length - 1]!),
    answer,
    failures,
  };
}

async function getJson(
  server: BenchServer,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ ok: boolean; status: number; json: unknown }> {
  const res = await fetch(server.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { ok: res.ok, status: res.status, json };
}

async function tokenOf(su: PocketBase, id: string): Promise<string> {
  const pb = await su.collection('users').impersonate(id, 3600, { requestKey: null });
  return pb.authStore.token;
}

// ---------------------------------------------------------------- realtime

interface Client {
  pb: PocketBase;
  id: string;
  /** message id → performance.now() when the event was handled */
  received: Map<string, number>;
}

async function connectClient(server: BenchServer, id: string, token: string): Promise<Client> {
  const pb = new PocketBase(server.url);
  pb.autoCancellation(false);
  pb.authStore.save(token, { id, collectionName: 'users', collectionId: '_pb_users_auth_' });
  const received = new Map<string, number>();
  const subs = await Promise.allSettled(
    SUBSCRIBED.map((c) =>
      pb.collection(c).subscribe('*', (e) => {
        if (c === 'messages' && e.action === 'create') received.set(e.record.id, performance.now());
      }),
    ),
  );
  const failed = subs.find((s) => s.status === 'rejected');
  if (failed) throw new Error(`subscribe: ${String((failed as PromiseRejectedResult).reason)}`);
  return { pb, id, received };
}

/** The last refusal seen, for the problems list ("status: message"). */
let lastRefusal = '';

async function sendMessage(
  server: BenchServer,
  token: string,
  body: Record<string, unknown>,
): Promise<boolean> {
  const res = await fetch(`${server.url}/api/collections/messages/records`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) lastRefusal = `${res.status}: ${text.slice(0, 160)}`;
  return res.ok;
}

interface Pair {
  conversation: string;
  a: { id: string; token: string; client: Client };
  b: { id: string; token: string; client: Client };
}

async function deliveryRound(
  server: BenchServer,
  pairs: Pair[],
  round: number,
  mode: 'paced' | 'burst',
  gapMs: number,
  burst: number,
): Promise<{ latencies: number[]; sent: number; failed: number }> {
  const sent: { id: string; at: number; to: Client }[] = [];
  let failed = 0;
  const one = async (pair: Pair, k: number) => {
    // the side that sends alternates with the round and the pair
    const fromA = (round + k) % 2 === 0;
    const from = fromA ? pair.a : pair.b;
    const to = fromA ? pair.b : pair.a;
    const id = recordId();
    const at = performance.now();
    sent.push({ id, at, to: to.client });
    const ok = await sendMessage(server, from.token, {
      id,
      conversation: pair.conversation,
      sender: from.id,
      text: `실시간 메시지 ${round + 1}-${k + 1} (${mode})`,
    });
    if (!ok) failed++;
  };
  if (mode === 'paced') {
    for (let k = 0; k < pairs.length; k++) {
      const t = performance.now();
      await one(pairs[k]!, k);
      const rest = gapMs - (performance.now() - t);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    }
  } else {
    await Promise.all(pairs.slice(0, burst).map((p, k) => one(p, k)));
  }
  // wait for the stragglers (at most 10 s)
  const until = performance.now() + 10_000;
  while (performance.now() < until && sent.some((s) => !s.to.received.has(s.id))) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const latencies = sent
    .filter((s) => s.to.received.has(s.id))
    .map((s) => s.to.received.get(s.id)! - s.at)
    .sort((a, b) => a - b);
  return { latencies, sent: sent.length, failed };
}

function summarizeDelivery(rounds: { latencies: number[]; sent: number }[]): DeliverySummary {
  return {
    p50: summarize(rounds.map((r) => median(r.latencies))),
    p99: summarize(rounds.map((r) => percentile(r.latencies, 0.99))),
    max: summarize(rounds.map((r) => r.latencies[r.latencies.length - 1] ?? NaN)),
    delivered: rounds.reduce((a, r) => a + r.latencies.length, 0),
    sent: rounds.reduce((a, r) => a + r.sent, 0),
  };
}

// ---------------------------------------------------------------- throughput

interface Device {
  id: string;
  token: string;
  conversation: string;
}

async function throughputRun(
  server: BenchServer,
  devices: Device[],
  batch: number,
  concurrency: number,
  realtime: boolean,
  seconds: number,
): Promise<ThroughputSample> {
  const requestTimes: number[] = [];
  let failures = 0;
  let sent = 0;
  let next = 0;
  const pid = server.proc.pid!;
  const ticks = processTicks(pid);
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  // no new request after the deadline; the ones in flight are waited for and counted
  const deadline = t0 + seconds * 1000;
  const worker = async () => {
    while (next < devices.length && performance.now() < deadline) {
      const d = devices[next++]!;
      for (let i = 0; i < PER_DEVICE && performance.now() < deadline; i += batch) {
        const bodies = Array.from({ length: Math.min(batch, PER_DEVICE - i) }, (_, k) => ({
          id: recordId(),
          conversation: d.conversation,
          sender: d.id,
          text: `교환 메시지 ${i + k + 1}: 포카 상태 좋아요, 반택 가능해요`,
        }));
        const t = performance.now();
        let ok: boolean;
        if (batch === 1) {
          ok = await sendMessage(server, d.token, bodies[0]!);
        } else {
          const res = await fetch(`${server.url}/api/batch`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: d.token },
            body: JSON.stringify({
              requests: bodies.map((body) => ({
                method: 'POST',
                url: '/api/collections/messages/records',
                body,
              })),
            }),
          });
          const text = await res.text();
          ok = res.ok;
          if (!ok) lastRefusal = `${res.status}: ${text.slice(0, 160)}`;
        }
        requestTimes.push(performance.now() - t);
        sent += bodies.length;
        if (!ok) failures += bodies.length;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const ms = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const sorted = requestTimes.sort((a, b) => a - b);
  const messages = sent;
  return {
    batch,
    realtime,
    messages,
    ms: Math.round(ms),
    perSecond: round1(((messages - failures) / ms) * 1000),
    requestP50: round1(median(sorted)),
    requestP99: round1(percentile(sorted, 0.99)),
    serverCpu: Math.round(((processTicks(pid) - ticks) / TICKS_PER_SECOND / (ms / 1000)) * 100),
    loaderCpu: Math.round(((used.user + used.system) / 1e6 / (ms / 1000)) * 100),
    failures,
  };
}

// ---------------------------------------------------------------- the benchmark

export async function runTradesBench(partial: Partial<TradesBenchOptions> = {}): Promise<{
  result: TradesBenchResult;
  rows: Row[];
}> {
  const opts: TradesBenchOptions = { ...DEFAULTS, ...partial };
  const { log } = opts;
  const t0 = performance.now();
  const loadStart = loadavg()[0]!;
  const problems: string[] = [];
  const g = globalThis as { EventSource?: unknown };
  const previousEventSource = g.EventSource;
  g.EventSource = EventSource;
  const work = mkdtempSync(join(tmpdir(), 'trades-bench-'));
  const server = await startBenchServer({ publicDir: null });
  const clients: Client[] = [];
  try {
    // ---- seed: one account through the API (its password hash is every fan's), then SQL
    const su = await server.admin();
    const template = await su.collection('users').create({
      email: 'template@bench.local',
      password: 'bench-password-1234',
      passwordConfirm: 'bench-password-1234',
      verified: true,
      username: 'benchtemplate',
      name: 'bench template',
    });
    await new Promise<void>((resolve) => {
      server.proc.once('exit', () => resolve());
      server.proc.kill('SIGTERM');
    });
    log(
      `seeding ${opts.fans.toLocaleString('en-US')} fans × ${opts.items} items over ` +
        `${opts.cards.toLocaleString('en-US')} cards, ${opts.conversations.toLocaleString('en-US')} ` +
        'conversations (SQL into the migrated tables) ...',
    );
    const seed: TradesSeed = await seedTrades(server.dataDir, work, template.id, opts);
    log(
      `  ${Object.entries(seed.rows)
        .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
        .join(', ')}; generated in ${(seed.generateMs / 1000).toFixed(1)} s, inserted in ` +
        `${(seed.insertMs / 1000).toFixed(1)} s`,
    );
    rmSync(work, { recursive: true, force: true });
    await server.restart();
    const admin = await server.admin();

    // ---- the match route
    const routes: Record<string, Latencies> = {};
    const record = (label: string, l: Latencies) => {
      routes[label] = l;
      log(
        `  ${label}: p50 ${l.p50} ms, p99 ${l.p99} ms (${l.calls} calls${l.failures ? `, ${l.failures} failed` : ''}); ${l.answer}`,
      );
      if (l.failures) problems.push(`${label}: ${l.failures} of ${l.calls} calls failed`);
    };
    const matches = async (token: string, query = '') => {
      const r = await getJson(server, `/api/pocamarket/matches${query}`, token);
      const items = (r.json as { items?: { twoWay: boolean }[] }).items;
      return {
        ok: r.ok,
        answer: items
          ? `${items.length} fans, ${items.filter((i) => i.twoWay).length} two-way`
          : `status ${r.status}: ${JSON.stringify(r.json).slice(0, 120)}`,
      };
    };
    const callerTokens = new Map<number, string>();
    for (const c of seed.callers) callerTokens.set(c.size, await tokenOf(admin, c.id));
    for (const c of seed.callers) {
      const token = callerTokens.get(c.size)!;
      record(`matches (${c.size} items)`, await timeCalls(opts, () => matches(token)));
    }
    const mid = seed.callers.find((c) => c.size === opts.items) ?? seed.callers[0]!;
    const midToken = callerTokens.get(mid.size)!;
    for (const [label, card] of [
      ['popular', seed.popularCard],
      ['median', seed.medianCard],
    ] as const) {
      record(
        `matches ?card= (${label} card, ${mid.size} items)`,
        await timeCalls(opts, () => matches(midToken, `?card=${card}`)),
      );
    }
    for (const [label, card] of [
      ['popular', seed.popularCard],
      ['median', seed.medianCard],
    ] as const) {
      for (const who of ['signed in', 'guest'] as const) {
        record(
          `traders (${label} card, ${who})`,
          await timeCalls(opts, async () => {
            const r = await getJson(
              server,
              `/api/pocamarket/cards/${card}/traders`,
              who === 'guest' ? null : midToken,
            );
            const j = r.json as { have?: number; want?: number };
            return { ok: r.ok, answer: `have ${j.have}, want ${j.want}` };
          }),
        );
      }
    }

    // ---- the conversation list (the device pull's request)
    const busyToken = await tokenOf(admin, seed.busy);
    type Page = { items: { id: string; updated: string }[]; more: boolean };
    const pull = async (name: string, after?: { updated: string; id: string }) => {
      const r = await getJson(server, '/api/pocamarket/pull', busyToken, {
        collections: [after ? { name, ...after } : { name }],
      });
      const page = (r.json as { collections?: Record<string, Page> }).collections?.[name];
      return { ok: r.ok && !!page, page };
    };
    const first = await pull('conversations');
    const lastConv = first.page?.items[first.page.items.length - 1];
    record(
      `conversation list: first page (${opts.busyConversations} conversations)`,
      await timeCalls(opts, async () => {
        const r = await pull('conversations');
        return { ok: r.ok, answer: `${r.page?.items.length} records, more: ${r.page?.more}` };
      }),
    );
    record(
      'conversation list: delta pull, nothing new',
      await timeCalls(opts, async () => {
        const r = await pull(
          'conversations',
          lastConv ? { updated: lastConv.updated, id: lastConv.id } : undefined,
        );
        return { ok: r.ok, answer: `${r.page?.items.length} records` };
      }),
    );
    record(
      "the fan's messages: first page",
      await timeCalls(opts, async () => {
        const r = await pull('messages');
        return { ok: r.ok, answer: `${r.page?.items.length} records, more: ${r.page?.more}` };
      }),
    );

    // ---- realtime delivery
    const rtPairs = seed.realtimePairs.slice(0, Math.floor(opts.realtimeClients / 2));
    log(`connecting ${rtPairs.length * 2} realtime clients ...`);
    const connectStart = performance.now();
    const pairs: Pair[] = [];
    for (let i = 0; i < rtPairs.length; i += 25) {
      const wave = rtPairs.slice(i, i + 25);
      pairs.push(
        ...(await Promise.all(
          wave.map(async (p) => {
            const [ta, tb] = await Promise.all([tokenOf(admin, p.a), tokenOf(admin, p.b)]);
            const [ca, cb] = await Promise.all([
              connectClient(server, p.a, ta),
              connectClient(server, p.b, tb),
            ]);
            clients.push(ca, cb);
            return {
              conversation: p.conversation,
              a: { id: p.a, token: ta, client: ca },
              b: { id: p.b, token: tb, client: cb },
            };
          }),
        )),
      );
    }
    const connectMs = Math.round(performance.now() - connectStart);
    log(`  connected and subscribed in ${connectMs} ms`);
    await new Promise((r) => setTimeout(r, 1000));
    const paced: { latencies: number[]; sent: number }[] = [];
    const burst: { latencies: number[]; sent: number }[] = [];
    for (let round = 0; round < opts.rounds; round++) {
      for (const mode of ['paced', 'burst'] as const) {
        const r = await deliveryRound(server, pairs, round, mode, opts.pacedGapMs, opts.burst);
        (mode === 'paced' ? paced : burst).push(r);
        const s = r.latencies;
        log(
          `  round ${round + 1} ${mode}: ${s.length}/${r.sent} delivered, p50 ${median(s).toFixed(0)} ms, ` +
            `p99 ${percentile(s, 0.99).toFixed(0)} ms, max ${s[s.length - 1]?.toFixed(0)} ms` +
            (r.failed ? `, ${r.failed} creates failed` : ''),
        );
        if (r.failed)
          problems.push(
            `realtime ${mode} round ${round + 1}: ${r.failed} creates failed (last: ${lastRefusal})`,
          );
        await new Promise((res) => setTimeout(res, 500));
      }
    }
    const realtime = {
      clients: pairs.length * 2,
      connectMs,
      paced: summarizeDelivery(paced),
      burst: summarizeDelivery(burst),
    };
    for (const [mode, d] of Object.entries({ paced: realtime.paced, burst: realtime.burst })) {
      if (d.delivered !== d.sent) {
        problems.push(
          `realtime ${mode}: ${d.sent - d.delivered} of ${d.sent} messages never reached the other fan`,
        );
      }
    }

    // ---- messages per second, with the realtime clients connected and then without
    const since = new Date().toISOString().replace('T', ' ');
    const devicesPerRun = Math.ceil(opts.throughputMessages / PER_DEVICE);
    let nextPair = 0;
    const takeDevices = async (n: number): Promise<Device[]> => {
      const chosen = seed.throughputPairs.slice(nextPair, nextPair + n);
      nextPair += n;
      if (chosen.length < n)
        throw new Error(`only ${seed.throughputPairs.length} throughput pairs`);
      return Promise.all(
        chosen.map(async (p) => ({
          id: p.a,
          conversation: p.conversation,
          token: await tokenOf(admin, p.a),
        })),
      );
    };
    const throughput: ThroughputSample[] = [];
    for (const withRealtime of [true, false]) {
      if (!withRealtime) {
        for (const c of clients) c.pb.realtime.unsubscribe().catch(() => undefined);
        await new Promise((r) => setTimeout(r, 1000));
      }
      for (let run = 0; run < (withRealtime ? opts.realtimeRuns : opts.runs); run++) {
        for (const batch of opts.batchSizes) {
          const devices = await takeDevices(devicesPerRun);
          const s = await throughputRun(
            server,
            devices,
            batch,
            withRealtime ? opts.realtimeConcurrency : opts.concurrency,
            withRealtime,
            opts.throughputSeconds,
          );
          throughput.push(s);
          log(
            `  run ${run + 1} batches of ${batch}${withRealtime ? ` (${realtime.clients} realtime clients)` : ' (no realtime clients)'}: ` +
              `${s.perSecond} messages/s, request p50 ${s.requestP50} ms, p99 ${s.requestP99} ms, ` +
              `${s.messages} messages in ${s.ms} ms, server CPU ${s.serverCpu}%, ` +
              `load generator ${s.loaderCpu}%${s.failures ? `, ${s.failures} refused` : ''}`,
          );
          if (s.failures) {
            problems.push(
              `messages/s, batches of ${batch}${withRealtime ? ' (realtime clients)' : ''}: ` +
                `${s.failures} messages refused (last: ${lastRefusal})`,
            );
          }
        }
      }
    }
    const sent = throughput.reduce((a, s) => a + s.messages - s.failures, 0);
    const stored = (
      await admin
        .collection('messages')
        .getList(1, 1, { filter: admin.filter('created >= {:since}', { since }), requestKey: null })
    ).totalItems;
    if (stored !== sent) problems.push(`messages/s: ${sent} answered 2xx, ${stored} stored`);

    const { log: _log, ...config } = opts;
    void _log;
    const result: TradesBenchResult = {
      name: 'trades',
      machine: machineInfo({ pocketbase: pocketBaseVersion() ?? undefined }),
      config: { ...config, rateLimitNote: server.rateLimitNote },
      seed: {
        rows: seed.rows,
        generateMs: Math.round(seed.generateMs),
        insertMs: Math.round(seed.insertMs),
      },
      routes,
      realtime,
      throughput,
      stored: { sent, stored },
      problems,
      notes: [
        `data: ${Object.entries(seed.rows)
          .map(([t, n]) => `${n.toLocaleString('en-US')} ${t}`)
          .join(', ')} (SQL into the migrated tables, then ANALYZE; seeded in ` +
          `${Math.round((seed.generateMs + seed.insertMs) / 1000)} s)`,
        `the load generator, ${realtime.clients} realtime clients and PocketBase share this ` +
          `machine's ${machineInfo().cpuCores} cores over loopback; CPU is in % of one core`,
        server.rateLimitNote,
        `load average (1 min) ${loadStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at ` +
          'the end: other work on the machine takes CPU from the server and the load generator',
      ],
      totalMs: performance.now() - t0,
    };
    return { result, rows: rowsOf(result, opts) };
  } finally {
    for (const c of clients) c.pb.realtime.unsubscribe().catch(() => undefined);
    g.EventSource = previousEventSource;
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

function rowsOf(r: TradesBenchResult, opts: TradesBenchOptions): Row[] {
  const rows: Row[] = [];
  for (const [label, l] of Object.entries(r.routes)) {
    rows.push(
      { figure: `${label}: p50`, value: l.p50, unit: `ms (${l.calls} calls)` },
      { figure: `${label}: p99`, value: l.p99, unit: `ms (${l.answer})` },
    );
  }
  const rt = r.realtime;
  rows.push({
    figure: `realtime ${rt.clients}: connect + subscribe all`,
    value: rt.connectMs,
    unit: 'ms',
  });
  for (const [mode, d] of [
    [`paced, one message every ${opts.pacedGapMs} ms`, rt.paced],
    [`burst, ${Math.min(opts.burst, rt.clients / 2)} messages at once`, rt.burst],
  ] as const) {
    rows.push(
      { figure: `realtime ${rt.clients}: delivery ${mode}: p50`, value: d.p50, unit: 'ms' },
      { figure: `realtime ${rt.clients}: delivery ${mode}: p99`, value: d.p99, unit: 'ms' },
      { figure: `realtime ${rt.clients}: delivery ${mode}: max`, value: d.max, unit: 'ms' },
      {
        figure: `realtime ${rt.clients}: delivery ${mode}: delivered`,
        value: `${d.delivered} / ${d.sent}`,
      },
    );
  }
  for (const realtime of [true, false]) {
    for (const batch of opts.batchSizes) {
      const list = r.throughput.filter((s) => s.batch === batch && s.realtime === realtime);
      if (!list.length) continue;
      const when = realtime ? `${rt.clients} realtime clients` : 'no realtime clients';
      const label = `messages/s, batches of ${batch} (${when})`;
      rows.push(
        { figure: label, value: summarize(list.map((s) => s.perSecond)), unit: 'messages/s' },
        {
          figure: `${label}: request p50`,
          value: summarize(list.map((s) => s.requestP50)),
          unit: 'ms',
        },
        {
          figure: `${label}: request p99`,
          value: summarize(list.map((s) => s.requestP99)),
          unit: 'ms',
        },
        {
          figure: `${label}: server CPU`,
          value: summarize(
            list.map((s) => s.serverCpu),
            0,
          ),
          unit: '% of a core',
        },
        {
          figure: `${label}: load generator CPU`,
          value: summarize(
            list.map((s) => s.loaderCpu),
            0,
          ),
          unit: '% of a core',
        },
      );
    }
  }
  rows.push({
    figure: 'messages: 2xx answers / stored',
    value: `${r.stored.sent} / ${r.stored.stored}`,
  });
  return rows;
}
