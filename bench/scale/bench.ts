/**
 * Scale on one core: like storms, catalogue reads and uploads, with PocketBase pinned to core 0
 * and this process (the load generator) to core 1 (bench/lib/pin.ts), so the figures are one
 * server core's and comparable between runs. docs/scaling.md reads them.
 *
 * Data: 20 groups and 2,000 photo cards (bench/sync/seed.ts) and `fans` accounts (1,000 by
 * default; made with the password field's bcrypt cost lowered to 4 on this throwaway server, and
 * signed in by superuser impersonation, so the setup is seconds, not minutes of hashing). The
 * app's rate limiter stays on with loopback exempt (one load generator is not one abusive fan).
 *
 * Figures:
 *
 * - `likes, batches of B`: fans like cards as the outbox sends them: B = 1 as a direct create
 *   whose answer carries the liked card (`?expand=photoCard`), B > 1 as one `/api/batch` request
 *   of B like creates (client ids) followed by the read-back of their cards (20 to a GET,
 *   docs/sync.md, Read-back); `concurrency(B)` devices at once for `duration` s, `runs` times. Likes/s
 *   counts confirmed likes; p50/p99 are of the batch request. After each size: the like rows
 *   stored equal the likes confirmed (every request was awaited), the cards' likeCount grew by
 *   the rows (the seed gives cards made-up counts of their own), and the fans' likeList lengths
 *   add up to the rows.
 * - `hot-card storm`: `stormFans` fans each like one card once, at random moments within
 *   `stormSeconds` (an open loop: a fan does not wait for the others), each a like sent alone;
 *   p50/p99 of the like request. Then `replays` fans send their like again
 *   (an answer lost on the way back: the same client id) and as many like from a second device
 *   (a new id): every one must be refused, and the card must hold exactly `stormFans` likes, its
 *   likeCount must say so, and every fan's likeList must hold the card once.
 * - `catalogue reads`: autocannon @`readConnections` for `duration` s, guest, gzip accepted: the
 *   versioned snapshot (`GET /api/pocamarket/catalogue/{version}`, every group, card and meetup)
 *   against the list page a first visit would otherwise read (500 cards). Requests/s, p99, and
 *   cards per second served.
 * - `uploads`: the superuser creates cards (spread over 60 groups) with a `uploadKB` KB PNG
 *   (incompressible) from `uploadConnections` loops for `duration` s, to the local disk and to S3
 *   (s3rver on loopback, in this process on the load generator's core, as a remote store would
 *   be): uploads/s, MB/s, p50/p99; the stored records equal the uploads confirmed.
 */
import autocannon from 'autocannon';
import type PocketBase from 'pocketbase';
import { Canvas } from '../../server/seed/canvas.ts';
import { startS3 } from '../../tests/helpers/s3.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import { pinServerAndLoader, pinToServerCore, SERVER_CORE_ENV } from '../lib/pin.ts';
import type { Row } from '../lib/report.ts';
import { batchCreate, prng, recordId } from '../lib/seed.ts';
import { pocketBaseVersion, startBenchServer, type BenchServer } from '../lib/server.ts';
import { median, summarize, type Summary } from '../lib/stats.ts';
import { PASSWORD, seedSyncData } from '../sync/seed.ts';

export interface ScaleBenchOptions {
  runs: number;
  /** Seconds per run of the like, read and upload loads. */
  duration: number;
  batchSizes: number[];
  fans: number;
  stormFans: number;
  stormSeconds: number;
  stormRuns: number;
  replays: number;
  readConnections: number;
  uploadConnections: number;
  uploadKB: number;
  log: (line: string) => void;
}

export const DEFAULTS: ScaleBenchOptions = {
  runs: 3,
  duration: 10,
  batchSizes: [1, 10, 50],
  fans: 1000,
  stormFans: 1000,
  stormSeconds: 10,
  stormRuns: 3,
  replays: 100,
  readConnections: 50,
  uploadConnections: 4,
  uploadKB: 256,
  log: (line) => console.log(line),
};

export const QUICK: Partial<ScaleBenchOptions> = {
  runs: 1,
  duration: 3,
  fans: 200,
  stormFans: 200,
  stormSeconds: 2,
  stormRuns: 1,
  replays: 20,
};

/** Devices flushing at once: enough to keep the one server core busy at each batch size. */
function concurrency(batch: number): number {
  return batch <= 1 ? 32 : batch <= 10 ? 8 : 4;
}

interface Fan {
  id: string;
  token: string;
}

interface LikeRun {
  likesPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  confirmed: number;
  failed: number;
}

interface LikeSize {
  batch: number;
  connections: number;
  likesPerSec: Summary;
  p50: Summary;
  p99: Summary;
  confirmed: number;
  stored: number;
  /** Σ likeCount over the cards, less the seed's made-up counts. */
  likeCountSum: number;
  likeListSum: number;
  failed: number;
}

interface StormRun {
  card: string;
  p50: number;
  p99: number;
  max: number;
  ok: number;
  failed: number;
  replaysRefused: number;
  secondDeviceRefused: number;
  stored: number;
  /** The card's likeCount less the seed's made-up count. */
  likeCount: number;
  listsWithCard: number;
  listsWithCardTwice: number;
}

interface ReadLoad {
  label: string;
  rps: Summary;
  p99: Summary;
  cardsPerSec: Summary;
  mbPerSec: Summary;
  cardsPerAnswer: number;
  non2xx: number;
}

interface UploadLoad {
  store: 'local disk' | 'S3 (s3rver)';
  uploadsPerSec: Summary;
  mbPerSec: Summary;
  p50: Summary;
  p99: Summary;
  confirmed: number;
  stored: number;
  /** Of 5 sampled uploads, how many the bucket holds byte for byte (S3 only). */
  objects: number | null;
}

export interface ScaleBenchResult {
  name: 'scale';
  machine: MachineInfo;
  config: Omit<ScaleBenchOptions, 'log'>;
  pinning: string;
  likes: LikeSize[];
  storm: StormRun[];
  reads: ReadLoad[];
  uploads: UploadLoad[];
  problems: string[];
  notes: string[];
  totalMs: number;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]! : NaN;

// ---------------------------------------------------------------- the fans

async function makeFans(server: BenchServer, su: PocketBase, n: number): Promise<Fan[]> {
  // a throwaway server: cheap hashes make 1,000 accounts in seconds (login cost is not measured)
  const users = await su.collections.getOne('users');
  const fields = users.fields.map((f) => (f.name === 'password' ? { ...f, cost: 4 } : f));
  await su.collections.update('users', { fields });
  const rows = Array.from({ length: n }, (_, i) => ({
    id: recordId(),
    email: `stormfan${i + 1}@bench.local`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    username: `stormfan${i + 1}`,
    name: `storm fan ${i + 1}`,
    role: 'user',
  }));
  try {
    await batchCreate(su, 'users', rows, 1);
  } catch (err) {
    throw new Error(`fan accounts: ${JSON.stringify((err as { response?: unknown }).response)}`, {
      cause: err,
    });
  }
  const fans: Fan[] = [];
  for (let i = 0; i < rows.length; i += 20) {
    fans.push(
      ...(await Promise.all(
        rows.slice(i, i + 20).map(async (r) => {
          const res = await fetch(`${server.url}/api/collections/users/impersonate/${r.id}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: su.authStore.token },
            body: JSON.stringify({ duration: 3600 }),
          });
          if (!res.ok) throw new Error(`impersonate ${res.status}: ${await res.text()}`);
          return { id: r.id, token: ((await res.json()) as { token: string }).token };
        }),
      )),
    );
  }
  return fans;
}

// ---------------------------------------------------------------- likes as the outbox sends them

async function sendLikes(
  server: BenchServer,
  fan: Fan,
  likes: { id: string; card: string }[],
): Promise<{ ok: boolean; ms: number; status: number; body: unknown }> {
  const t = performance.now();
  const one = likes.length === 1;
  // as the app sends them: a like alone as a direct create whose answer carries its card; more
  // as one /api/batch request, then their cards read back 20 to a GET (docs/sync.md, Read-back)
  const res = one
    ? await fetch(`${server.url}/api/collections/likes/records?expand=photoCard`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: fan.token },
        body: JSON.stringify({ id: likes[0]!.id, user: fan.id, photoCard: likes[0]!.card }),
      })
    : await fetch(`${server.url}/api/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: fan.token },
        body: JSON.stringify({
          requests: likes.map((l) => ({
            method: 'POST',
            url: '/api/collections/likes/records',
            body: { id: l.id, user: fan.id, photoCard: l.card },
          })),
        }),
      });
  const body = (await res.json().catch(() => null)) as unknown;
  const ms = performance.now() - t;
  if (res.ok && !one)
    await readBack(
      server,
      fan,
      likes.map((l) => l.card),
    );
  return { ok: res.ok, ms, status: res.status, body };
}

/** The flush's read-back of a batch's liked cards, 20 to a request. */
async function readBack(server: BenchServer, fan: Fan, cards: string[]): Promise<void> {
  for (let i = 0; i < cards.length; i += 20) {
    const filter = cards
      .slice(i, i + 20)
      .map((id) => `id='${id}'`)
      .join('||');
    const res = await fetch(
      `${server.url}/api/collections/photoCards/records?perPage=20&skipTotal=1` +
        `&filter=${encodeURIComponent(filter)}`,
      { headers: { authorization: fan.token, 'accept-encoding': 'gzip' } },
    );
    await res.arrayBuffer();
  }
}

async function likeLoad(
  server: BenchServer,
  fans: Fan[],
  cards: string[],
  cursors: number[],
  batch: number,
  seconds: number,
): Promise<LikeRun> {
  let next = 0;
  const lat: number[] = [];
  let confirmed = 0;
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency(batch) }, async () => {
      while (performance.now() < until) {
        const f = next++ % fans.length;
        const fan = fans[f]!;
        const likes = Array.from({ length: batch }, () => ({
          id: recordId(),
          card: cards[cursors[f]!++ % cards.length]!,
        }));
        const res = await sendLikes(server, fan, likes);
        lat.push(res.ms);
        if (!res.ok) {
          failed += batch;
          continue;
        }
        confirmed += batch;
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  return {
    likesPerSec: confirmed / secs,
    p50: median(lat),
    p99: pct(lat, 0.99),
    requests: lat.length,
    confirmed,
    failed,
  };
}

async function superuserCount(su: PocketBase, collection: string, filter = ''): Promise<number> {
  return (await su.collection(collection).getList(1, 1, { filter, requestKey: null })).totalItems;
}

async function sumLikeCounts(su: PocketBase): Promise<number> {
  const cards = await su
    .collection('photoCards')
    .getFullList({ fields: 'id,likeCount', batch: 500, requestKey: null });
  return cards.reduce((a, c) => a + ((c['likeCount'] as number) ?? 0), 0);
}

/** Each fan's like list as the fan is shown it (read from their likes, not stored). */
async function likeLists(server: BenchServer, fans: Fan[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (let i = 0; i < fans.length; i += 20) {
    await Promise.all(
      fans.slice(i, i + 20).map(async (fan) => {
        const res = await fetch(`${server.url}/api/collections/users/records/${fan.id}`, {
          headers: { authorization: fan.token },
        });
        const body = (await res.json()) as { likeList?: string[] };
        out.set(fan.id, body.likeList ?? []);
      }),
    );
  }
  return out;
}

// ---------------------------------------------------------------- the hot-card storm

async function storm(
  server: BenchServer,
  su: PocketBase,
  fans: Fan[],
  card: string,
  opts: ScaleBenchOptions,
  seed: number,
): Promise<StormRun> {
  const rand = prng(seed);
  const crowd = fans.slice(0, opts.stormFans);
  const countOf = async () =>
    (await su.collection('photoCards').getOne(card, { requestKey: null }))['likeCount'] as number;
  const seeded = await countOf(); // the seed's made-up count, with no like rows behind it
  const sent = new Map<string, string>(); // fan id -> like id
  const lat: number[] = [];
  let ok = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    crowd.map(async (fan) => {
      const at = rand() * opts.stormSeconds * 1000;
      await new Promise((r) => setTimeout(r, Math.max(0, t0 + at - performance.now())));
      const id = recordId();
      const res = await sendLikes(server, fan, [{ id, card }]);
      lat.push(res.ms);
      if (!res.ok) {
        failed++;
        return;
      }
      ok++;
      sent.set(fan.id, id);
    }),
  );
  // answers lost on the way back: the same like sent again; and a second device's like
  const again = crowd.slice(0, opts.replays);
  let replaysRefused = 0;
  let secondDeviceRefused = 0;
  for (const fan of again) {
    const replay = await sendLikes(server, fan, [{ id: sent.get(fan.id) ?? recordId(), card }]);
    if (!replay.ok && JSON.stringify(replay.body).includes('validation_not_unique')) {
      replaysRefused++;
    }
    const second = await sendLikes(server, fan, [{ id: recordId(), card }]);
    if (!second.ok && second.status === 400) secondDeviceRefused++;
  }
  lat.sort((a, b) => a - b);
  const stored = await superuserCount(su, 'likes', `photoCard = "${card}"`);
  const likeCount = (await countOf()) - seeded;
  const lists = await likeLists(server, crowd);
  let listsWithCard = 0;
  let listsWithCardTwice = 0;
  for (const fan of crowd) {
    const n = (lists.get(fan.id) ?? []).filter((c) => c === card).length;
    if (n >= 1) listsWithCard++;
    if (n > 1) listsWithCardTwice++;
  }
  return {
    card,
    p50: median(lat),
    p99: pct(lat, 0.99),
    max: lat[lat.length - 1] ?? NaN,
    ok,
    failed,
    replaysRefused,
    secondDeviceRefused,
    stored,
    likeCount,
    listsWithCard,
    listsWithCardTwice,
  };
}

// ---------------------------------------------------------------- catalogue reads

async function readLoad(
  server: BenchServer,
  label: string,
  path: string,
  cardsPerAnswer: number,
  opts: ScaleBenchOptions,
): Promise<ReadLoad> {
  const samples: autocannon.Result[] = [];
  for (let run = 0; run < opts.runs; run++) {
    samples.push(
      await autocannon({
        url: server.url + path,
        connections: opts.readConnections,
        duration: opts.duration,
        headers: { 'accept-encoding': 'gzip' },
      }),
    );
  }
  return {
    label,
    rps: summarize(samples.map((s) => s.requests.average)),
    p99: summarize(samples.map((s) => s.latency.p99)),
    cardsPerSec: summarize(
      samples.map((s) => s.requests.average * cardsPerAnswer),
      0,
    ),
    mbPerSec: summarize(
      samples.map((s) => s.throughput.average / 1024 / 1024),
      2,
    ),
    cardsPerAnswer,
    non2xx: samples.reduce((a, s) => a + s.non2xx, 0),
  };
}

// ---------------------------------------------------------------- uploads

/** An incompressible PNG of about `kb` KB (random pixels), like a photo's entropy. */
function noisePng(kb: number): Buffer {
  const width = 240;
  const height = Math.max(1, Math.round((kb * 1024) / (width * 3)));
  const canvas = new Canvas(width, height, null);
  const rand = prng(kb);
  for (let i = 0; i < canvas.data.length; i++) {
    canvas.data[i] = i % 4 === 3 ? 255 : Math.floor(rand() * 256);
  }
  return canvas.png(false, 0);
}

async function uploadLoad(
  server: BenchServer,
  su: PocketBase,
  store: UploadLoad['store'],
  image: Buffer,
  opts: ScaleBenchOptions,
  /** How many of the sampled uploads are in the store byte for byte (S3 only). */
  objects: ((keys: string[], bytes: number) => Promise<number>) | null,
): Promise<UploadLoad> {
  // spread over 60 groups: each card create also adds it to its group's card list (a hook-kept
  // back-reference whose cost grows with the list), which is not what is measured here
  const groupName = `UPLOAD ${store}`;
  const groups = Array.from({ length: 60 }, () => recordId());
  await batchCreate(
    su,
    'groups',
    groups.map((id, i) => ({ id, groupName: `${groupName} ${i + 1}` })),
  );
  const counted = `groupName = "${groupName}"`;
  const before = await superuserCount(su, 'photoCards', counted);
  const per: { rate: number; mb: number; p50: number; p99: number }[] = [];
  let confirmed = 0;
  let n = 0;
  const samples: string[] = [];
  for (let run = 0; run < opts.runs; run++) {
    const lat: number[] = [];
    let done = 0;
    const until = performance.now() + opts.duration * 1000;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: opts.uploadConnections }, async () => {
        while (performance.now() < until) {
          const form = new FormData();
          form.set('id', recordId());
          form.set('group', groups[n % groups.length]!);
          form.set('groupName', groupName);
          form.set('memberName', '원빈');
          form.set('title', `upload ${++n}`);
          form.set('cardImg', new File([new Uint8Array(image)], 'card.png', { type: 'image/png' }));
          const t = performance.now();
          const res = await fetch(`${server.url}/api/collections/photoCards/records`, {
            method: 'POST',
            headers: { authorization: su.authStore.token },
            body: form,
          });
          const body = (await res.json().catch(() => null)) as {
            id: string;
            collectionId: string;
            cardImg: string;
          } | null;
          lat.push(performance.now() - t);
          if (res.ok && body) {
            done++;
            if (samples.length < 5) samples.push(`${body.collectionId}/${body.id}/${body.cardImg}`);
          }
        }
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    lat.sort((a, b) => a - b);
    confirmed += done;
    per.push({
      rate: done / secs,
      mb: (done * image.length) / 1024 / 1024 / secs,
      p50: median(lat),
      p99: pct(lat, 0.99),
    });
  }
  const stored = (await superuserCount(su, 'photoCards', counted)) - before;
  return {
    store,
    uploadsPerSec: summarize(per.map((p) => p.rate)),
    mbPerSec: summarize(
      per.map((p) => p.mb),
      2,
    ),
    p50: summarize(per.map((p) => p.p50)),
    p99: summarize(per.map((p) => p.p99)),
    confirmed,
    stored,
    objects: objects ? await objects(samples, image.length) : null,
  };
}

// ---------------------------------------------------------------- the benchmark

export async function runScaleBench(partial: Partial<ScaleBenchOptions> = {}): Promise<{
  result: ScaleBenchResult;
  rows: Row[];
}> {
  const opts: ScaleBenchOptions = { ...DEFAULTS, ...partial };
  const { log } = opts;
  const t0 = performance.now();
  const problems: string[] = [];
  const server = await startBenchServer({ publicDir: null, env: SERVER_CORE_ENV });
  const pinning = pinServerAndLoader(server.proc.pid!);
  log(`  ${pinning.note}`);
  const likes: LikeSize[] = [];
  const storms: StormRun[] = [];
  const reads: ReadLoad[] = [];
  const uploads: UploadLoad[] = [];
  try {
    const su = await server.admin();
    log(`seeding 2,000 cards and ${opts.fans} fans into ${server.url} ...`);
    const seed = await seedSyncData(su, {
      groups: 20,
      cards: 2000,
      meetups: 100,
      flushUsers: 0,
      images: true,
    });
    const fans = await makeFans(server, su, Math.max(opts.fans, opts.stormFans));
    // the storms' cards are the last ones, which the like load (cards in order per fan) never
    // reaches at these rates
    const hot = seed.cards.slice(-opts.stormRuns);
    const likeCards = seed.cards.slice(0, seed.cards.length - 10);
    const cursors = fans.map(() => 0);
    // the seed gives cards made-up counts of their own (no like rows): the likes add to those
    const seededCounts = await sumLikeCounts(su);

    for (const batch of opts.batchSizes) {
      const runs: LikeRun[] = [];
      for (let run = 0; run < opts.runs; run++) {
        const r = await likeLoad(server, fans, likeCards, cursors, batch, opts.duration);
        runs.push(r);
        log(
          `  likes, batches of ${batch} @${concurrency(batch)}: ${r.likesPerSec.toFixed(0)} likes/s, ` +
            `p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms (${r.requests} batches, ` +
            `${r.failed} failed)`,
        );
      }
      const total = cursors.reduce((a, c) => a + c, 0);
      const confirmedAll = total - runs.reduce((a, r) => a + r.failed, 0);
      const stored = await superuserCount(su, 'likes');
      const likeCountSum = (await sumLikeCounts(su)) - seededCounts;
      const likeListSum = [...(await likeLists(server, fans)).values()].reduce(
        (a, l) => a + l.length,
        0,
      );
      const size: LikeSize = {
        batch,
        connections: concurrency(batch),
        likesPerSec: summarize(
          runs.map((r) => r.likesPerSec),
          0,
        ),
        p50: summarize(runs.map((r) => r.p50)),
        p99: summarize(runs.map((r) => r.p99)),
        confirmed: confirmedAll,
        stored,
        likeCountSum,
        likeListSum,
        failed: runs.reduce((a, r) => a + r.failed, 0),
      };
      likes.push(size);
      log(
        `  after batches of ${batch}: ${stored} like rows, ${confirmedAll} confirmed in all, ` +
          `likeCount sum ${likeCountSum}, likeList sum ${likeListSum}`,
      );
      if (stored !== confirmedAll) {
        problems.push(`likes: ${stored} rows stored, ${confirmedAll} confirmed`);
      }
      if (likeCountSum !== stored) {
        problems.push(`likes: card likeCounts add up to ${likeCountSum}, rows ${stored}`);
      }
      if (likeListSum !== stored) {
        problems.push(`likes: likeList lengths add up to ${likeListSum}, rows ${stored}`);
      }
      if (size.failed) problems.push(`likes, batches of ${batch}: ${size.failed} likes failed`);
    }

    for (let r = 0; r < opts.stormRuns; r++) {
      const s = await storm(server, su, fans, hot[r]!, opts, 9000 + r);
      storms.push(s);
      log(
        `  storm ${r + 1}: ${s.ok}/${opts.stormFans} likes confirmed within ${opts.stormSeconds} s, ` +
          `p50 ${s.p50.toFixed(0)} ms, p99 ${s.p99.toFixed(0)} ms, max ${s.max.toFixed(0)} ms; ` +
          `stored ${s.stored}, likeCount ${s.likeCount}, in ${s.listsWithCard} likeLists ` +
          `(${s.listsWithCardTwice} twice); replays refused ${s.replaysRefused}/${opts.replays}, ` +
          `second devices refused ${s.secondDeviceRefused}/${opts.replays}`,
      );
      const want = opts.stormFans;
      if (s.ok !== want || s.stored !== want || s.likeCount !== want) {
        problems.push(
          `storm ${r + 1}: confirmed ${s.ok}, stored ${s.stored}, likeCount ${s.likeCount}, want ${want}`,
        );
      }
      if (s.listsWithCard !== want || s.listsWithCardTwice) {
        problems.push(`storm ${r + 1}: likeLists hold the card ${s.listsWithCard} times`);
      }
      if (s.replaysRefused !== opts.replays || s.secondDeviceRefused !== opts.replays) {
        problems.push(`storm ${r + 1}: a replay or a second device's like was not refused`);
      }
    }

    const index = (await (await fetch(`${server.url}/api/pocamarket/catalogue`)).json()) as {
      path: string;
    };
    const snapshot = (await (await fetch(server.url + index.path)).json()) as Record<
      string,
      unknown
    >;
    const snapshotCards = JSON.stringify(snapshot).split('"cardImg"').length - 1;
    reads.push(
      await readLoad(
        server,
        'catalogue snapshot (every group, card and meetup)',
        index.path,
        snapshotCards,
        opts,
      ),
      await readLoad(
        server,
        'card list page (500 cards)',
        '/api/collections/photoCards/records?page=1&perPage=500&sort=updated,id&skipTotal=1',
        500,
        opts,
      ),
    );
    for (const r of reads) {
      log(
        `  ${r.label} @${opts.readConnections}: ${r.rps.median} req/s, p99 ${r.p99.median} ms, ` +
          `${r.cardsPerSec.median} cards/s, ${r.mbPerSec.median} MB/s`,
      );
      if (r.non2xx) problems.push(`${r.label}: ${r.non2xx} non-2xx answers`);
    }

    const image = noisePng(opts.uploadKB);
    uploads.push(await uploadLoad(server, su, 'local disk', image, opts, null));
  } finally {
    await server.stop();
  }

  const s3 = await startS3('scale-bench');
  try {
    const remote = await startBenchServer({
      publicDir: null,
      env: { ...SERVER_CORE_ENV, ...s3.env() },
    });
    try {
      pinToServerCore(remote.proc.pid!);
      const su = await remote.admin();
      const image = noisePng(opts.uploadKB);
      uploads.push(
        await uploadLoad(remote, su, 'S3 (s3rver)', image, opts, async (keys, bytes) => {
          let found = 0;
          for (const key of keys) if ((await s3.get(key))?.length === bytes) found++;
          return found;
        }),
      );
    } finally {
      await remote.stop();
    }
  } finally {
    await s3.stop();
  }
  for (const u of uploads) {
    log(
      `  uploads to ${u.store} @${opts.uploadConnections}: ${u.uploadsPerSec.median}/s, ` +
        `${u.mbPerSec.median} MB/s, p50 ${u.p50.median} ms, p99 ${u.p99.median} ms ` +
        `(${u.confirmed} confirmed, ${u.stored} stored${u.objects === null ? '' : `, ${u.objects} of 5 sampled in the bucket byte for byte`})`,
    );
    if (u.stored !== u.confirmed) problems.push(`uploads to ${u.store}: stored ${u.stored}`);
    if (u.objects !== null && u.objects !== 5) {
      problems.push(`uploads to ${u.store}: ${u.objects} of 5 sampled files in the bucket`);
    }
  }

  const { log: _log, ...config } = opts;
  void _log;
  const result: ScaleBenchResult = {
    name: 'scale',
    machine: machineInfo({ pocketbase: pocketBaseVersion() ?? undefined }),
    config,
    pinning: pinning.note,
    likes,
    storm: storms,
    reads,
    uploads,
    problems,
    notes: [
      pinning.note,
      'likes are sent as the outbox sends them (alone: a direct create carrying its card; ' +
        'batched: one /api/batch request of B creates, then their cards read back 20 to a GET); ' +
        'the rate counts confirmed likes',
      "rate limiter on with the app's rules, loopback (127.0.0.1, ::1) in excludedIPs",
    ],
    totalMs: performance.now() - t0,
  };

  const rows: Row[] = [];
  for (const l of likes) {
    const label = `likes, batches of ${l.batch} @${l.connections}`;
    rows.push(
      { figure: `${label}: likes/s`, value: l.likesPerSec, unit: 'likes/s (one server core)' },
      { figure: `${label}: p50`, value: l.p50, unit: 'ms per batch' },
      { figure: `${label}: p99`, value: l.p99, unit: 'ms per batch' },
    );
  }
  const last = likes[likes.length - 1];
  if (last) {
    rows.push({
      figure: 'likes: rows stored / confirmed / Σ likeCount / Σ likeList',
      value: `${last.stored} / ${last.confirmed} / ${last.likeCountSum} / ${last.likeListSum}`,
      unit: 'all four equal: nothing lost or doubled',
    });
  }
  if (storms.length) {
    rows.push(
      {
        figure: `hot-card storm (${opts.stormFans} fans in ${opts.stormSeconds} s): p50`,
        value: summarize(storms.map((s) => s.p50)),
        unit: 'ms',
      },
      {
        figure: `hot-card storm (${opts.stormFans} fans in ${opts.stormSeconds} s): p99`,
        value: summarize(storms.map((s) => s.p99)),
        unit: 'ms',
      },
      {
        figure: 'hot-card storm: stored / likeCount / likeLists with the card',
        value: storms.map((s) => `${s.stored} / ${s.likeCount} / ${s.listsWithCard}`).join('; '),
        unit: `each run; want ${opts.stormFans} each`,
      },
      {
        figure: 'hot-card storm: replays and second-device likes refused',
        value: storms.map((s) => `${s.replaysRefused} + ${s.secondDeviceRefused}`).join('; '),
        unit: `each run; want ${opts.replays} + ${opts.replays}`,
      },
    );
  }
  for (const r of reads) {
    rows.push(
      { figure: `${r.label} @${opts.readConnections}: req/s`, value: r.rps, unit: 'req/s' },
      { figure: `${r.label} @${opts.readConnections}: p99`, value: r.p99, unit: 'ms' },
      {
        figure: `${r.label} @${opts.readConnections}: cards/s`,
        value: r.cardsPerSec,
        unit: `cards/s (${r.cardsPerAnswer} per answer)`,
      },
      { figure: `${r.label} @${opts.readConnections}: MB/s`, value: r.mbPerSec, unit: 'MB/s gzip' },
    );
  }
  for (const u of uploads) {
    const label = `uploads to ${u.store} (${opts.uploadKB} KB) @${opts.uploadConnections}`;
    rows.push(
      { figure: `${label}: uploads/s`, value: u.uploadsPerSec, unit: 'uploads/s' },
      { figure: `${label}: MB/s`, value: u.mbPerSec, unit: 'MB/s' },
      { figure: `${label}: p50`, value: u.p50, unit: 'ms' },
      { figure: `${label}: p99`, value: u.p99, unit: 'ms' },
    );
  }
  return { result, rows };
}
