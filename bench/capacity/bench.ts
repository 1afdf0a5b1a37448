/**
 * Server capacity: how much one PocketBase (the project's migrations and hooks, on this machine)
 * takes before it saturates, loaded over loopback by autocannon in this process. PocketBase is
 * pinned to core 0 and this process to core 1 (bench/lib/pin.ts), so the figures are one server
 * core's and comparable between runs; the CPU figures say who used what.
 *
 * Data (bench/sync/seed.ts, through the batch API): 20 groups, 2,000 photo cards with a tiny PNG,
 * 100 meetups, 100 fan accounts (each logged in once for a token). The app's rate limiter stays on
 * with its rules; loopback is in its excludedIPs (one load generator would otherwise be throttled
 * as one abusive client).
 *
 * Figures (each a median over `runs` runs of `duration` seconds unless said):
 *
 * - `list @N`: GET photoCards as the app's initial sync pages it (perPage 500, sort updated,id,
 *   skipTotal), anonymous, gzip accepted (the server compresses): requests/s, p50 and p99 latency.
 * - `delta pull @N`: the same list with the app's delta filter for "changed since now" (nothing new):
 *   the request every page load makes once per collection.
 * - `like @N`: a fan likes a card (POST likes with a client id, as the outbox sends it); every
 *   request is a new user×card pair, rotating through the 100 tokens; a trigger keeps the card's
 *   likeCount. Afterwards the superuser counts the likes stored against the 2xx answers:
 *   never fewer (a lost write); more are the requests still in flight when autocannon stopped.
 * - `post @N`: a fan writes an exchange post on a card (POST exchangeList; the hooks check text
 *   and profanity). Stored posts are counted the same way.
 * - `saturation`: the delta pull and the like at 1…200 connections, `sweepSeconds` each, one run:
 *   requests/s, p99, and the CPU the PocketBase process and this process used (from
 *   /proc/<pid>/stat and process.cpuUsage(), in % of one core). Saturation is the first level after
 *   which requests/s grows by less than 5%.
 * - `fan-out to N clients`: N realtime clients (SSE on /api/realtime, each its own connection)
 *   subscribed to `comments`; a fan writes `events` comments 250 ms apart; latency is from just
 *   before the create request to each client parsing the event. Per event: p50, p99 and max over
 *   clients; the table shows the median over events. Also the time for all N to connect and
 *   subscribe, and how many clients received every event.
 * - `idle clients`: `idleClients` realtime connections opened as an attacker would, from made-up
 *   addresses (100 each, the server's bound, named in a trusted proxy header) plus a tenth more
 *   that the bound should refuse; each asks for `likes/*` as a guest (refused: every like would be
 *   checked against it). `like @N` (req/s, p99) just before, with them connected and subscribed
 *   to nothing, and once they have subscribed to the public topics a guest's app uses (the tenth
 *   more refused, 429); and the server's memory (RSS) (docs/scaling.md, Realtime).
 * - `worst anonymous`: the costliest requests an anonymous caller can still make under the limits
 *   of pb_hooks/lib/limits.js (the whole catalogue through a one-level expand; a join with text
 *   matches, a count and a sort on the joined field), and two the limits refuse (a six-level
 *   expand of 1,000 records, a filter walking relations back and forth): each sent 5 times alone
 *   (median time, status, bytes of the uncompressed answer), then the costliest allowed one under
 *   load @N (req/s, p99, server CPU) and a fan's like while it runs (p50, p99 of `events` likes).
 */
import { request as httpRequest, type ClientRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type PocketBase from 'pocketbase';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import { pinServerAndLoader, SERVER_CORE_ENV } from '../lib/pin.ts';
import type { Row } from '../lib/report.ts';
import { recordId } from '../lib/seed.ts';
import { pocketBaseVersion, startBenchServer, type BenchServer } from '../lib/server.ts';
import { median, summarize, type Summary } from '../lib/stats.ts';
import { PASSWORD, seedSyncData } from '../sync/seed.ts';

export interface CapacityBenchOptions {
  runs: number;
  /** Seconds per autocannon run. */
  duration: number;
  connections: number;
  sweep: number[];
  sweepSeconds: number;
  fanoutClients: number[];
  /** Idle realtime clients opened as an attacker would, many addresses (0: skip that part). */
  idleClients: number;
  events: number;
  users: number;
  cards: number;
  log: (line: string) => void;
}

export const DEFAULTS: CapacityBenchOptions = {
  runs: 3,
  duration: 10,
  connections: 50,
  sweep: [1, 5, 10, 25, 50, 100, 200],
  sweepSeconds: 4,
  fanoutClients: [100, 500],
  idleClients: 2000,
  events: 20,
  users: 100,
  cards: 2000,
  log: (line) => console.log(line),
};

interface LoadSample {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
  bytesPerSec: number;
  serverCpu: number;
  loaderCpu: number;
}

interface LoadSummary {
  rps: Summary;
  p50: Summary;
  p99: Summary;
  non2xx: number;
  errors: number;
  ok: number;
  kbPerSec: Summary;
  serverCpu: Summary;
  loaderCpu: Summary;
}

interface FanoutSummary {
  clients: number;
  connectMs: number;
  events: number;
  p50: Summary;
  p99: Summary;
  max: Summary;
  /** Clients that received every event. */
  complete: number;
}

export interface CapacityBenchResult {
  name: 'capacity';
  machine: MachineInfo;
  config: Omit<CapacityBenchOptions, 'log'> & { rateLimitNote: string };
  load: Record<'list' | 'delta' | 'like' | 'post', LoadSummary>;
  stored: { likes: number; likes2xx: number; posts: number; posts2xx: number };
  sweep: Record<'delta' | 'like', (LoadSample & { connections: number })[]>;
  saturation: Record<'delta' | 'like', { connections: number; rps: number } | null>;
  fanout: FanoutSummary[];
  idle: IdleSummary | null;
  worst: WorstSummary;
  problems: string[];
  notes: string[];
  totalMs: number;
}

interface Probe {
  label: string;
  status: number;
  ms: number;
  bytes: number;
}

interface WorstSummary {
  probes: Probe[];
  /** The costliest allowed probe, loaded @connections. */
  load: LoadSample & { label: string };
  /** A fan's like, one at a time, while that load runs. */
  likeDuring: { p50: number; p99: number };
}

// ---------------------------------------------------------------- CPU of the server process

const TICKS_PER_SECOND = 100;

function processTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the command name may hold spaces: fields start after the last ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14 and 15)
}

// ---------------------------------------------------------------- autocannon

type Setup = (req: autocannon.Request) => autocannon.Request;

async function load(
  server: BenchServer,
  opts: {
    connections: number;
    duration: number;
    method: 'GET' | 'POST';
    path: string;
    setup?: Setup;
  },
): Promise<LoadSample> {
  const pid = server.proc.pid!;
  const ticks = processTicks(pid);
  const cpu = process.cpuUsage();
  const t = performance.now();
  const res = await autocannon({
    url: server.url,
    connections: opts.connections,
    duration: opts.duration,
    headers: { 'accept-encoding': 'gzip' },
    requests: [
      {
        method: opts.method,
        path: opts.path,
        ...(opts.setup ? { setupRequest: opts.setup } : {}),
      },
    ],
  });
  const seconds = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    rps: res.requests.average,
    p50: res.latency.p50,
    p99: res.latency.p99,
    ok: res['2xx'],
    non2xx: res.non2xx,
    errors: res.errors,
    bytesPerSec: res.throughput.average,
    serverCpu: ((processTicks(pid) - ticks) / TICKS_PER_SECOND / seconds) * 100,
    loaderCpu: ((used.user + used.system) / 1e6 / seconds) * 100,
  };
}

function summarizeLoad(samples: LoadSample[]): LoadSummary {
  return {
    rps: summarize(samples.map((s) => s.rps)),
    p50: summarize(samples.map((s) => s.p50)),
    p99: summarize(samples.map((s) => s.p99)),
    ok: samples.reduce((a, s) => a + s.ok, 0),
    non2xx: samples.reduce((a, s) => a + s.non2xx, 0),
    errors: samples.reduce((a, s) => a + s.errors, 0),
    kbPerSec: summarize(samples.map((s) => s.bytesPerSec / 1024)),
    serverCpu: summarize(
      samples.map((s) => s.serverCpu),
      0,
    ),
    loaderCpu: summarize(
      samples.map((s) => s.loaderCpu),
      0,
    ),
  };
}

/** The first level after which requests/s grows by less than 5%. */
function saturationOf(sweep: (LoadSample & { connections: number })[]) {
  for (let i = 0; i + 1 < sweep.length; i++) {
    if (sweep[i + 1]!.rps < sweep[i]!.rps * 1.05) {
      return { connections: sweep[i]!.connections, rps: Number(sweep[i]!.rps.toFixed(0)) };
    }
  }
  return null;
}

// ---------------------------------------------------------------- realtime clients

interface SseClient {
  req: ClientRequest;
  /** record id → performance.now() when the event was parsed */
  received: Map<string, number>;
}

function openSse(base: URL, topic: string): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const received = new Map<string, number>();
    let buffer = '';
    let connected = false;
    const req = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        path: '/api/realtime',
        headers: { accept: 'text/event-stream' },
        agent: false,
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = '';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data += line.slice(5).trim();
            }
            if (event === 'PB_CONNECT' && !connected) {
              connected = true;
              const clientId = (JSON.parse(data) as { clientId: string }).clientId;
              fetch(new URL('/api/realtime', base), {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ clientId, subscriptions: [topic] }),
              })
                .then((r) => (r.ok ? resolve({ req, received }) : reject(new Error(`${r.status}`))))
                .catch(reject);
            } else if (event === topic) {
              const at = performance.now();
              const id = (JSON.parse(data) as { record?: { id?: string } }).record?.id;
              if (id) received.set(id, at);
            }
          }
        });
        res.on('error', () => {});
      },
    );
    req.on('error', (err) => (connected ? undefined : reject(err)));
    req.end();
  });
}

async function fanout(
  server: BenchServer,
  writer: { id: string; token: string },
  meetUp: string,
  clients: number,
  events: number,
): Promise<FanoutSummary> {
  const base = new URL(server.url);
  const started = performance.now();
  const open: SseClient[] = [];
  try {
    // connect in waves of 50, as a crowd arriving, not all in one instant
    for (let i = 0; i < clients; i += 50) {
      const wave = Math.min(50, clients - i);
      open.push(
        ...(await Promise.all(Array.from({ length: wave }, () => openSse(base, 'comments')))),
      );
    }
    const connectMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, 500));

    const sent = new Map<string, number>();
    for (let e = 0; e < events; e++) {
      const id = recordId();
      sent.set(id, performance.now());
      const res = await fetch(new URL('/api/collections/comments/records', base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: writer.token },
        body: JSON.stringify({ id, name: writer.id, meetUp, ment: `실시간 댓글 ${e + 1}` }),
      });
      if (!res.ok) throw new Error(`comment create ${res.status}: ${await res.text()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 1500));

    const p50: number[] = [];
    const p99: number[] = [];
    const max: number[] = [];
    for (const [id, at] of sent) {
      const lat = open
        .map((c) => c.received.get(id))
        .filter((v): v is number => v !== undefined)
        .map((v) => v - at)
        .sort((a, b) => a - b);
      if (!lat.length) continue;
      p50.push(median(lat));
      p99.push(lat[Math.min(lat.length - 1, Math.ceil(lat.length * 0.99) - 1)]!);
      max.push(lat[lat.length - 1]!);
    }
    const complete = open.filter((c) => [...sent.keys()].every((id) => c.received.has(id))).length;
    return {
      clients,
      connectMs: Number(connectMs.toFixed(0)),
      events,
      p50: summarize(p50),
      p99: summarize(p99),
      max: summarize(max),
      complete,
    };
  } finally {
    for (const c of open) c.req.destroy();
  }
}

// ---------------------------------------------------------------- idle realtime clients

/** The header the bench's idle clients name their address in (a trusted proxy header). */
const CLIENT_IP_HEADER = 'X-Bench-Client-IP';
/** Idle clients per made-up address: the server's bound per address (lib/realtime.js). */
const IDLE_PER_ADDRESS = 100;

interface IdleSummary {
  /** Clients asked for; those connected, and those then subscribed to public topics (the rest
   * refused by the bound per address). */
  asked: number;
  connected: number;
  subscribed: number;
  refusedSubscriptions: number;
  /** Guest subscriptions to `likes/*` refused (403), of those tried. */
  refusedPrivate: number;
  addresses: number;
  connectMs: number;
  /** `like @connections` just before (none), with the clients connected and their private
   * subscriptions refused (refused), and once they are subscribed to public topics (public). */
  none: LoadSummary;
  refused: LoadSummary;
  public: LoadSummary;
  /** Server memory (RSS) with no idle client and with them, MB. */
  rssNoneMb: number;
  rssIdleMb: number;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Number((kb / 1024).toFixed(0));
}

const PUBLIC_TOPICS = ['photoCards/*', 'exchangeList/*', 'comments/*'];

function postSubscriptions(base: URL, ip: string, clientId: string, subscriptions: string[]) {
  return fetch(new URL('/api/realtime', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CLIENT_IP_HEADER]: ip },
    body: JSON.stringify({ clientId, subscriptions }),
  }).then((r) => r.status);
}

interface IdleClient {
  req: ClientRequest | null;
  ip: string;
  clientId: string;
  /** The answer to the guest's `likes/*` subscription. */
  private: number;
}

/**
 * One idle client as an attacker opens it: a guest connection from `ip` that asks for `likes/*`
 * (every like would be checked for it). Resolves with the connection and the server's answer.
 */
function openIdle(base: URL, ip: string): Promise<IdleClient> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (v: IdleClient) => {
      if (!done) {
        done = true;
        resolve(v);
      }
    };
    let buffer = '';
    const req = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        path: '/api/realtime',
        headers: { accept: 'text/event-stream', [CLIENT_IP_HEADER]: ip },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          req.destroy();
          return finish({ req: null, ip, clientId: '', private: 0 });
        }
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          const m = /"clientId":"([^"]+)"/.exec(buffer);
          if (!m || done) return;
          void postSubscriptions(base, ip, m[1]!, ['likes/*'])
            .then((status) => finish({ req, ip, clientId: m[1]!, private: status }))
            .catch(() => finish({ req, ip, clientId: m[1]!, private: 0 }));
        });
        res.on('error', () => {});
      },
    );
    req.on('error', () => finish({ req: null, ip, clientId: '', private: 0 }));
    req.end();
  });
}

async function inWaves<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  }
  return out;
}

async function idleClientsLoad(
  server: BenchServer,
  su: PocketBase,
  opts: CapacityBenchOptions,
  like: { method: 'POST'; path: string; setup: Setup },
): Promise<IdleSummary> {
  const { log } = opts;
  const base = new URL(server.url);
  const settings = await su.settings.getAll();
  const trustedProxy = settings['trustedProxy'] as Record<string, unknown>;
  // the idle clients name their address in a header, as a proxy in front would; the load
  // generator's own requests name none and stay loopback (exempt from the rate limits)
  await su.settings.update({ trustedProxy: { ...trustedProxy, headers: [CLIENT_IP_HEADER] } });
  const run = async (label: string) => {
    const samples: LoadSample[] = [];
    for (let r = 0; r < opts.runs; r++) {
      const s = await load(server, {
        connections: opts.connections,
        duration: opts.duration,
        ...like,
      });
      samples.push(s);
      log(`  like @${opts.connections} ${label}: ${s.rps.toFixed(0)} req/s, p99 ${s.p99} ms`);
    }
    return summarizeLoad(samples);
  };
  let open: IdleClient[] = [];
  try {
    const none = await run('with no idle client');
    const rssNoneMb = rssMb(server.proc.pid!);
    // a tenth more than the bound allows, to see the bound hold
    const asked = opts.idleClients + Math.ceil(opts.idleClients / 10);
    const addresses = Math.ceil(opts.idleClients / IDLE_PER_ADDRESS);
    const started = performance.now();
    const ips = Array.from({ length: asked }, (_, n) => {
      const a = n % addresses;
      return `198.18.${Math.floor(a / 250)}.${(a % 250) + 1}`;
    });
    const clients = await inWaves(ips, 50, (ip) => openIdle(base, ip));
    open = clients.filter((c) => c.req);
    const refusedPrivate = clients.filter((c) => c.private === 403).length;
    log(
      `  idle clients: ${open.length} of ${asked} connected from ${addresses} addresses; ` +
        `${refusedPrivate} guest subscriptions to likes refused`,
    );
    const refused = await run(`with ${open.length} idle clients, subscribed to nothing`);
    const answers = await inWaves(open, 50, (c) =>
      postSubscriptions(base, c.ip, c.clientId, PUBLIC_TOPICS).catch(() => 0),
    );
    const subscribed = answers.filter((s) => s === 204).length;
    const connectMs = performance.now() - started;
    log(
      `  idle clients: ${subscribed} subscribed to public topics, ` +
        `${answers.length - subscribed} refused`,
    );
    await new Promise((r) => setTimeout(r, 1000));
    const rssIdleMb = rssMb(server.proc.pid!);
    const pub = await run(`with ${subscribed} idle clients subscribed to public topics`);
    return {
      asked,
      connected: open.length,
      subscribed,
      refusedSubscriptions: answers.length - subscribed,
      refusedPrivate,
      addresses,
      connectMs: Number(connectMs.toFixed(0)),
      none,
      refused,
      public: pub,
      rssNoneMb,
      rssIdleMb,
    };
  } finally {
    for (const c of open) c.req?.destroy();
    await su.settings.update({ trustedProxy });
  }
}

// ---------------------------------------------------------------- the worst anonymous requests

const DEEP_EXPAND = 'exchangeList.photoCard.exchangeList.photoCard.exchangeList.photoCard';

async function probe(server: BenchServer, label: string, path: string): Promise<Probe> {
  const times: number[] = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const res = await fetch(server.url + path, { headers: { 'accept-encoding': 'identity' } });
    bytes = (await res.arrayBuffer()).byteLength;
    times.push(performance.now() - t);
    status = res.status;
  }
  return { label, status, ms: Math.round(median(times)), bytes };
}

async function worstAnonymous(
  server: BenchServer,
  fan: { id: string; token: string },
  cards: string[],
  opts: CapacityBenchOptions,
): Promise<WorstSummary> {
  const q = (s: string) => encodeURIComponent(s);
  const allowed = {
    catalogue: '/api/collections/photoCards/records?perPage=500&expand=exchangeList',
    join:
      '/api/collections/photoCards/records?perPage=500&sort=-group.groupName,title&filter=' +
      q('group.groupName ~ "a" || title ~ "a" || memberName ~ "a"'),
  };
  const probes = [
    await probe(
      server,
      'allowed: 500 cards with their posts (expand=exchangeList, 500)',
      allowed.catalogue,
    ),
    await probe(server, 'allowed: 500 cards, join + text match + count + sort', allowed.join),
    await probe(
      server,
      'refused: six-level expand of 1,000 cards',
      `/api/collections/photoCards/records?perPage=1000&expand=${DEEP_EXPAND}`,
    ),
    await probe(
      server,
      'refused: a filter walking relations back and forth',
      '/api/collections/photoCards/records?filter=' +
        q('exchangeList.photoCard.exchangeList.photoCard.group.groupName ~ "a"'),
    ),
  ];
  const costliest = probes
    .filter((p) => p.label.startsWith('allowed'))
    .sort((a, b) => b.ms - a.ms)[0]!;
  const path = costliest.label.includes('expand') ? allowed.catalogue : allowed.join;
  const likeTimes: number[] = [];
  const during = load(server, {
    connections: opts.connections,
    duration: opts.duration,
    method: 'GET',
    path,
  });
  const likes = (async () => {
    await new Promise((r) => setTimeout(r, 1000));
    for (let i = 0; i < opts.events; i++) {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/collections/likes/records`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: fan.token },
        body: JSON.stringify({
          id: recordId(),
          user: fan.id,
          photoCard: cards[cards.length - 1 - i],
        }),
      });
      await res.arrayBuffer();
      likeTimes.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const [sample] = await Promise.all([during, likes]);
  const sorted = [...likeTimes].sort((a, b) => a - b);
  return {
    probes,
    load: { ...sample, label: costliest.label },
    likeDuring: {
      p50: Math.round(median(likeTimes)),
      p99: Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!),
    },
  };
}

// ---------------------------------------------------------------- the benchmark

async function tokenOf(server: BenchServer, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/collections/users/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

async function countOf(su: PocketBase, collection: string, filter: string): Promise<number> {
  const res = await su.collection(collection).getList(1, 1, { filter, requestKey: null });
  return res.totalItems;
}

export async function runCapacityBench(partial: Partial<CapacityBenchOptions> = {}): Promise<{
  result: CapacityBenchResult;
  rows: Row[];
}> {
  const opts: CapacityBenchOptions = { ...DEFAULTS, ...partial };
  const { log } = opts;
  const t0 = performance.now();
  const problems: string[] = [];
  // the launcher's hook VM pool: a realtime connection holds none (pb_hooks/api.pb.js), so the
  // fan-out's clients and the idle ones need no VMs of their own
  // the idle clients stay as long as the bench needs them: the server would close a connection
  // subscribed to nothing after a minute (pb_hooks/lib/realtime.js), and an attacker would open
  // new ones as fast as the rate limit lets it
  const server = await startBenchServer({
    publicDir: null,
    env: { ...SERVER_CORE_ENV, REALTIME_IDLE_SECONDS: '3600' },
  });
  const pinning = pinServerAndLoader(server.proc.pid!);
  log(`  ${pinning.note}`);
  try {
    const su = await server.admin();
    log(`seeding ${opts.cards} cards and ${opts.users} fans into ${server.url} ...`);
    const seed = await seedSyncData(su, {
      groups: 20,
      cards: opts.cards,
      meetups: 100,
      flushUsers: opts.users,
      images: true,
    });
    const fans = await Promise.all(
      seed.flushUsers.map(async (u) => ({ id: u.id, token: await tokenOf(server, u.email) })),
    );
    const cards = seed.cards;

    const listPath =
      '/api/collections/photoCards/records?page=1&perPage=500&sort=updated,id&skipTotal=1';
    // a checkpoint no record has reached: the same query as a real delta pull, never a match
    // (a checkpoint near the clock would start matching as the likes touch the cards)
    const since = '2100-01-01 00:00:00.000Z';
    const deltaPath =
      '/api/collections/photoCards/records?page=1&perPage=500&sort=updated,id&skipTotal=1&filter=' +
      encodeURIComponent(`updated > "${since}" || (updated = "${since}" && id > "")`);

    // every like a new pair: user = n % users, card = floor(n / users) % cards
    let likeN = 0;
    const likeSetup: Setup = (req) => {
      const n = likeN++;
      const fan = fans[n % fans.length]!;
      const card = cards[Math.floor(n / fans.length) % cards.length]!;
      return {
        ...req,
        headers: { ...req.headers, 'content-type': 'application/json', authorization: fan.token },
        body: JSON.stringify({ id: recordId(), user: fan.id, photoCard: card }),
      };
    };
    let postN = 0;
    const postSetup: Setup = (req) => {
      const n = postN++;
      const fan = fans[n % fans.length]!;
      return {
        ...req,
        headers: { ...req.headers, 'content-type': 'application/json', authorization: fan.token },
        body: JSON.stringify({
          id: recordId(),
          writer: fan.id,
          photoCard: cards[n % cards.length]!,
          description: `원빈 포카 교환 원해요, 시즈니 포카랑 바꿔요 (${n + 1})`,
          status: '교환대기중',
        }),
      };
    };

    const kinds = {
      list: { method: 'GET' as const, path: listPath },
      delta: { method: 'GET' as const, path: deltaPath },
      like: { method: 'POST' as const, path: '/api/collections/likes/records', setup: likeSetup },
      post: {
        method: 'POST' as const,
        path: '/api/collections/exchangeList/records',
        setup: postSetup,
      },
    };
    const samples: Record<keyof typeof kinds, LoadSample[]> = {
      list: [],
      delta: [],
      like: [],
      post: [],
    };
    for (let run = 0; run < opts.runs; run++) {
      for (const [kind, k] of Object.entries(kinds) as [
        keyof typeof kinds,
        (typeof kinds)['list'],
      ][]) {
        const s = await load(server, {
          connections: opts.connections,
          duration: opts.duration,
          ...k,
        });
        samples[kind].push(s);
        log(
          `  run ${run + 1} ${kind} @${opts.connections}: ${s.rps.toFixed(0)} req/s, p99 ${s.p99} ms, ` +
            `${s.non2xx} non-2xx, ${s.errors} errors, server CPU ${s.serverCpu.toFixed(0)}%, ` +
            `load generator ${s.loaderCpu.toFixed(0)}%`,
        );
      }
    }
    const likes2xx = samples.like.reduce((a, s) => a + s.ok, 0);
    const posts2xx = samples.post.reduce((a, s) => a + s.ok, 0);

    const sweep: CapacityBenchResult['sweep'] = { delta: [], like: [] };
    for (const kind of ['delta', 'like'] as const) {
      for (const connections of opts.sweep) {
        const s = await load(server, { connections, duration: opts.sweepSeconds, ...kinds[kind] });
        sweep[kind].push({ ...s, connections });
        log(
          `  sweep ${kind} @${connections}: ${s.rps.toFixed(0)} req/s, p99 ${s.p99} ms, ` +
            `server CPU ${s.serverCpu.toFixed(0)}%, load generator ${s.loaderCpu.toFixed(0)}%`,
        );
      }
    }
    const sweepLikes2xx = sweep.like.reduce((a, s) => a + s.ok, 0);
    const fanIds = fans.map((f) => `user = "${f.id}"`).join(' || ');
    const stored = {
      likes: await countOf(su, 'likes', fanIds),
      likes2xx: likes2xx + sweepLikes2xx,
      posts: await countOf(su, 'exchangeList', fanIds.replace(/user =/g, 'writer =')),
      posts2xx,
    };
    // autocannon stops at the deadline without reading the answers still in flight, so the
    // server may store more than it was seen to answer; fewer would be a lost write
    if (stored.likes < stored.likes2xx) {
      problems.push(`likes stored ${stored.likes}, fewer than the 2xx answers ${stored.likes2xx}`);
    }
    if (stored.posts < stored.posts2xx) {
      problems.push(`posts stored ${stored.posts}, fewer than the 2xx answers ${stored.posts2xx}`);
    }
    for (const [kind, list] of Object.entries(samples)) {
      const bad = list.reduce((a, s) => a + s.non2xx + s.errors, 0);
      if (bad) problems.push(`${kind}: ${bad} non-2xx answers or errors`);
    }

    const fan = fans[0]!;
    // an event still running (the seed's are dated 2026, and an ended one takes no comments)
    await su.collection('meetUps').update(seed.meetups[0]!, {
      endDate: '2099-12-31 23:59:59.000Z',
    });
    const fan_out: FanoutSummary[] = [];
    for (const clients of opts.fanoutClients) {
      const f = await fanout(server, fan, seed.meetups[0]!, clients, opts.events);
      fan_out.push(f);
      log(
        `  fan-out to ${clients}: connected in ${f.connectMs} ms; latency p50 ${f.p50.median} ms, ` +
          `p99 ${f.p99.median} ms, max ${f.max.median} ms; ${f.complete}/${clients} got every event`,
      );
      if (f.complete !== clients) {
        problems.push(`fan-out to ${clients}: ${clients - f.complete} clients missed an event`);
      }
    }

    const idle = opts.idleClients ? await idleClientsLoad(server, su, opts, kinds.like) : null;
    for (const [label, s, n] of idle
      ? ([
          ['connected, subscribed to nothing', idle.refused, idle.connected],
          ['subscribed to public topics', idle.public, idle.subscribed],
        ] as const)
      : []) {
      if (s.rps.median < idle!.none.rps.median * 0.9) {
        problems.push(
          `likes/s with ${n} idle clients ${label} ${s.rps.median} < 90% of ` +
            `${idle!.none.rps.median} with none`,
        );
      }
    }

    // a fan not used by the like load: their likes on the last cards are new pairs
    const quiet = await tokenOf(server, seed.flushUsers[seed.flushUsers.length - 1]!.email);
    const worst = await worstAnonymous(
      server,
      { id: seed.flushUsers[seed.flushUsers.length - 1]!.id, token: quiet },
      cards,
      opts,
    );
    for (const p of worst.probes) {
      log(`  worst anonymous: ${p.label}: ${p.status}, ${p.ms} ms, ${p.bytes} bytes`);
    }
    log(
      `  worst anonymous under load @${opts.connections}: ${worst.load.rps.toFixed(0)} req/s, ` +
        `p99 ${worst.load.p99} ms, server CPU ${worst.load.serverCpu.toFixed(0)}%; ` +
        `a fan's like meanwhile p50 ${worst.likeDuring.p50} ms, p99 ${worst.likeDuring.p99} ms`,
    );
    if (worst.probes.some((p) => p.label.startsWith('refused') && p.status !== 400)) {
      problems.push('a request the limits should refuse was served');
    }

    const load_ = {
      list: summarizeLoad(samples.list),
      delta: summarizeLoad(samples.delta),
      like: summarizeLoad(samples.like),
      post: summarizeLoad(samples.post),
    };
    const saturation = { delta: saturationOf(sweep.delta), like: saturationOf(sweep.like) };
    const { log: _log, ...config } = opts;
    void _log;
    const result: CapacityBenchResult = {
      name: 'capacity',
      machine: machineInfo({ pocketbase: pocketBaseVersion() ?? undefined }),
      config: { ...config, rateLimitNote: server.rateLimitNote },
      load: load_,
      stored,
      sweep,
      saturation,
      fanout: fan_out,
      idle,
      worst,
      problems,
      notes: [
        pinning.pinned
          ? `${pinning.note}; CPU is in % of one core (figures before 2026-11-27 were unpinned, ` +
            'the two sharing both cores)'
          : `${pinning.note}; autocannon and PocketBase share this machine's cores over loopback`,
        server.rateLimitNote,
      ],
      totalMs: performance.now() - t0,
    };

    const c = opts.connections;
    const rows: Row[] = [];
    const labels = {
      list: 'list (page of 500 cards)',
      delta: 'delta pull (nothing new)',
      like: 'like',
      post: 'exchange post',
    };
    for (const kind of ['list', 'delta', 'like', 'post'] as const) {
      const l = load_[kind];
      rows.push(
        { figure: `${labels[kind]} @${c}: req/s`, value: l.rps, unit: 'req/s' },
        { figure: `${labels[kind]} @${c}: p50`, value: l.p50, unit: 'ms' },
        { figure: `${labels[kind]} @${c}: p99`, value: l.p99, unit: 'ms' },
        { figure: `${labels[kind]} @${c}: server CPU`, value: l.serverCpu, unit: '% of a core' },
      );
    }
    rows.push(
      {
        figure: 'likes: 2xx answers / stored',
        value: `${stored.likes2xx} / ${stored.likes}`,
        unit: 'stored ≥ answered: the rest were in flight at the end',
      },
      {
        figure: 'posts: 2xx answers / stored',
        value: `${stored.posts2xx} / ${stored.posts}`,
        unit: 'stored ≥ answered: the rest were in flight at the end',
      },
    );
    for (const kind of ['delta', 'like'] as const) {
      const s = saturation[kind];
      rows.push({
        figure: `saturation: ${labels[kind]}`,
        value: s ? `${s.rps} req/s at ${s.connections} conns` : 'not reached',
        unit: `sweep ${opts.sweep.join(', ')}`,
      });
    }
    for (const f of fan_out) {
      rows.push(
        { figure: `fan-out ${f.clients}: connect + subscribe all`, value: f.connectMs, unit: 'ms' },
        { figure: `fan-out ${f.clients}: latency p50`, value: f.p50, unit: 'ms' },
        { figure: `fan-out ${f.clients}: latency p99`, value: f.p99, unit: 'ms' },
        { figure: `fan-out ${f.clients}: latency max`, value: f.max, unit: 'ms' },
        {
          figure: `fan-out ${f.clients}: clients with every event`,
          value: `${f.complete} / ${f.clients}`,
        },
      );
    }
    if (idle) {
      rows.push(
        {
          figure: `idle clients: connected / asked`,
          value: `${idle.connected} / ${idle.asked}`,
          unit: `from ${idle.addresses} addresses`,
        },
        {
          figure: 'idle clients: guest subscriptions to likes refused',
          value: `${idle.refusedPrivate} / ${idle.connected}`,
        },
        {
          figure: 'idle clients: subscribed to public topics / refused',
          value: `${idle.subscribed} / ${idle.refusedSubscriptions}`,
          unit: '(bound per address)',
        },
        { figure: 'idle clients: connect + subscribe all', value: idle.connectMs, unit: 'ms' },
        { figure: `like @${c}: req/s, no idle client`, value: idle.none.rps, unit: 'req/s' },
        {
          figure: `like @${c}: req/s, ${idle.connected} idle, subscribed to nothing`,
          value: idle.refused.rps,
          unit: 'req/s',
        },
        {
          figure: `like @${c}: req/s, ${idle.subscribed} idle, public topics`,
          value: idle.public.rps,
          unit: 'req/s',
        },
        { figure: `like @${c}: p99, no idle client`, value: idle.none.p99, unit: 'ms' },
        {
          figure: `like @${c}: p99, ${idle.connected} idle, subscribed to nothing`,
          value: idle.refused.p99,
          unit: 'ms',
        },
        {
          figure: `like @${c}: p99, ${idle.subscribed} idle, public topics`,
          value: idle.public.p99,
          unit: 'ms',
        },
        {
          figure: 'server memory: no idle client / idle clients',
          value: `${idle.rssNoneMb} / ${idle.rssIdleMb}`,
          unit: 'MB (RSS)',
        },
      );
    }
    for (const p of worst.probes) {
      rows.push(
        {
          figure: `worst anonymous: ${p.label}: time`,
          value: p.ms,
          unit: `ms (status ${p.status})`,
        },
        { figure: `worst anonymous: ${p.label}: answer`, value: p.bytes, unit: 'bytes' },
      );
    }
    rows.push(
      {
        figure: `worst anonymous @${c}: req/s`,
        value: worst.load.rps,
        unit: `req/s (${worst.load.label.replace(/^allowed: /, '')})`,
      },
      { figure: `worst anonymous @${c}: p99`, value: worst.load.p99, unit: 'ms' },
      {
        figure: `worst anonymous @${c}: server CPU`,
        value: worst.load.serverCpu,
        unit: '% of a core',
      },
      {
        figure: `worst anonymous @${c}: a fan's like p50`,
        value: worst.likeDuring.p50,
        unit: 'ms',
      },
      {
        figure: `worst anonymous @${c}: a fan's like p99`,
        value: worst.likeDuring.p99,
        unit: 'ms',
      },
    );
    return { result, rows };
  } finally {
    await server.stop();
  }
}
