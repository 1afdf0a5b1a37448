/**
 * Data for the trades bench, at a size the batch API cannot seed in minutes (10,000 fans with 300
 * list items each is 3 million rows, and every account created through the API costs a bcrypt
 * hash): the rows are generated here and inserted with SQL straight into the tables the project's
 * migrations made, so every index of the trades migration (`tradeItems` by (user, photoCard) and
 * (photoCard, kind), `conversations` by (a, b) and (b), `messages` by (conversation, created) and
 * (sender, created)...) is built and used exactly as for rows written through the API. Hooks do
 * not run for these rows, so the seed sets what they would keep (a conversation's last message,
 * time and sender; `a` < `b`).
 *
 * How: the server is stopped, a one-off JS migration in a temp migrations dir (the project's
 * migrations linked beside it, already applied) reads the generated chunks as JSON and inserts
 * them with `INSERT … SELECT … FROM json_each(…)` inside one transaction, and the server starts
 * again on the same data dir. No ANALYZE is run: a live server has no planner statistics either.
 *
 * What is seeded (deterministic, from a fixed PRNG seed):
 *
 * - 20 groups and a catalogue of `cards` photo cards. Card popularity is a bounded Zipf
 *   (weight ∝ 1 / (rank + 500)): the top card is on about 20% of the fans' lists, the least
 *   popular on about 1%.
 * - `fans` fans with `items` distinct cards each, drawn by popularity; a card is on the `have`
 *   list (1–3 spare copies) with a probability from 25% (most popular) to 55% (least), `want`
 *   otherwise. 90% of the fans have turned `tradePublic` on; the rest keep their lists private.
 *   Items were changed over the last 90 days.
 * - Callers for the match route: one fan per list size in `callerSizes` (e.g. 10, 100, 300, 2,000
 *   items: 2,000 is the per-fan cap), public like most fans.
 * - A busy fan with `busyConversations` conversations (with fans of the pool), 4 messages each.
 * - Background chat: `conversations` conversations between random pairs of the pool, 5 messages
 *   each, so the tables the conversation list and realtime read are not nearly empty.
 * - Realtime pairs: the first `realtimePairs` × 2 fans of the pool as pairs (fan 2k with 2k+1),
 *   one conversation each; throughput pairs: the next `throughputPairs` pairs, likewise.
 *
 * Every account has the same real password hash (copied from one account made through the API);
 * the bench signs fans in through the superuser's impersonation instead (no bcrypt per fan).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPocketBase, HOOKS_DIR, MIGRATIONS_DIR } from '../../server/pocketbase.ts';
import { prng } from '../lib/seed.ts';

export interface TradesSeedOptions {
  fans: number;
  items: number;
  cards: number;
  callerSizes: number[];
  busyConversations: number;
  conversations: number;
  realtimePairs: number;
  throughputPairs: number;
}

export interface TradesSeed {
  /** Fan ids of the pool, by index. */
  fanId: (i: number) => string;
  cardId: (i: number) => string;
  callers: { size: number; id: string }[];
  busy: string;
  /** Conversation of realtime pair k: fans 2k and 2k+1. */
  realtimePairs: { conversation: string; a: string; b: string }[];
  throughputPairs: { conversation: string; a: string; b: string }[];
  /** The most popular card and one of median popularity (for `?card=` and `/traders`). */
  popularCard: string;
  medianCard: string;
  rows: Record<string, number>;
  /** Time to generate the rows (ms) and to insert them (ms). */
  generateMs: number;
  insertMs: number;
}

const pad = (prefix: string, n: number) => `${prefix}${String(n).padStart(14, '0')}`;
export const fanId = (i: number) => pad('f', i);
export const cardId = (i: number) => pad('c', i);
const groupId = (i: number) => pad('g', i);
const conversationId = (i: number) => pad('v', i);

const GROUP_WORDS = [
  'STAR',
  'MOON',
  'NOVA',
  'LUNA',
  'AURA',
  'BLOOM',
  'WAVE',
  'ECHO',
  'PRISM',
  'SOL',
];
const MEMBERS = ['원빈', '소희', '은석', '성찬', '앤톤', '민지', '하니', '다니엘', '해린', '혜인'];
const LABELS = ['앨범', '특전', '팬싸', '시즌그리팅', '기타'];
const MESSAGES = [
  '안녕하세요! 교환 가능할까요?',
  '네 가능해요 :) 반택으로 보내드릴게요',
  '원빈 포카랑 바꾸실래요?',
  '혹시 상태 사진 볼 수 있을까요?',
  '감사합니다! 잘 받았어요',
];

/** Zipf-like rank sampler over `n` cards: weight ∝ 1 / (rank + q), by the inverse CDF. */
function popularity(n: number, q: number, rand: () => number): () => number {
  const ratio = (n + q) / q;
  return () => Math.min(n - 1, Math.floor(q * Math.pow(ratio, rand()) - q));
}

/** Rows of one table, in chunks written as JSON files for the migration to read. */
class Chunks {
  rows: unknown[] = [];
  /** Each chunk's file and the index of its first row (ids are numbered from it). */
  files: { file: string; base: number }[] = [];
  count = 0;
  constructor(
    private dir: string,
    private name: string,
    private size = 100_000,
  ) {}
  push(row: unknown) {
    this.rows.push(row);
    this.count++;
    if (this.rows.length >= this.size) this.flush();
  }
  flush() {
    if (!this.rows.length) return;
    const file = join(this.dir, `${this.name}-${this.files.length}.json`);
    writeFileSync(file, JSON.stringify(this.rows));
    this.files.push({ file, base: this.count - this.rows.length });
    this.rows = [];
  }
}

/**
 * Rows of the big tables are packed into integers (exact below 2^53), so that SQLite reads them
 * straight from json_each without a json_extract per column. Indexes of fans and cards < 2^14,
 * of conversations < 2^19, times in minutes ago < 2^17 (91 days).
 */
const pack = {
  item: (fan: number, card: number, have: boolean, spare: number, agoMin: number) =>
    fan * 2 ** 37 + card * 2 ** 23 + (have ? 1 : 0) * 2 ** 19 + spare * 2 ** 17 + agoMin,
  message: (conversation: number, sender: number, text: number, agoMin: number) =>
    conversation * 2 ** 34 + sender * 2 ** 20 + text * 2 ** 17 + agoMin,
  conversation: (
    a: number,
    b: number,
    lastMin: number,
    createdMin: number,
    text: number,
    byA: boolean,
  ) => [a * 2 ** 31 + b * 2 ** 17 + lastMin, createdMin * 16 + text * 2 + (byA ? 1 : 0)],
};

/** PocketBase datetime SQL for "`col` seconds before the seed's now". */
const AGO = (expr: string) => `strftime('%Y-%m-%d %H:%M:%fZ', {:now} - (${expr}), 'unixepoch')`;
const J = (i: number) => `json_extract(j.value, '$[${i}]')`;

/** The INSERT of each table, reading one chunk as `{:data}` (a JSON array of row arrays). */
const INSERTS: Record<string, string> = {
  groups:
    'INSERT INTO `groups` (`id`, `groupName`, `created`, `updated`) ' +
    `SELECT ${J(0)}, ${J(1)}, ${AGO('86400 * 200')}, ${AGO('86400 * 200')} FROM json_each({:data}) j`,
  photoCards:
    'INSERT INTO `photoCards` (`id`, `group`, `groupName`, `memberName`, `title`, `label`, `likeCount`, `created`, `updated`) ' +
    `SELECT ${J(0)}, ${J(1)}, ${J(2)}, ${J(3)}, ${J(4)}, ${J(5)}, ${J(6)}, ${AGO(J(7))}, ${AGO(J(7))} FROM json_each({:data}) j`,
  users:
    'INSERT INTO `users` (`id`, `email`, `emailVisibility`, `verified`, `password`, `tokenKey`, `username`, `name`, `role`, `tradePublic`, `created`, `updated`) ' +
    `SELECT printf('f%014d', ${J(0)}), printf('fan%d@bench.local', ${J(0)}), 0, 1, ` +
    '(SELECT `password` FROM `users` WHERE `id` = {:template}), ' +
    `lower(hex(randomblob(25))), printf('benchfan%d', ${J(0)}), printf('팬 %d', ${J(0)}), 'user', ${J(1)}, ` +
    `${AGO(J(2))}, ${AGO(J(2))} FROM json_each({:data}) j`,
  // one packed integer per item (see pack.item): fan, card, kind, spare, minutes ago
  tradeItems:
    'INSERT INTO `tradeItems` (`id`, `user`, `photoCard`, `kind`, `spare`, `created`, `updated`) ' +
    "SELECT printf('t%014d', {:base} + j.key), printf('f%014d', j.value / 137438953472), " +
    "printf('c%014d', (j.value / 8388608) % 16384), " +
    "CASE (j.value / 524288) % 2 WHEN 1 THEN 'have' ELSE 'want' END, (j.value / 131072) % 4, " +
    `${AGO('60 * (j.value % 131072)')}, ${AGO('60 * (j.value % 131072)')} FROM json_each({:data}) j`,
  // two packed integers per conversation (see pack.conversation)
  conversations:
    "WITH x AS (SELECT j.key AS k, json_extract(j.value, '$[0]') AS p, json_extract(j.value, '$[1]') AS q " +
    'FROM json_each({:data}) j), y AS (SELECT k, p / 2147483648 AS a, (p / 131072) % 16384 AS b, ' +
    'p % 131072 AS last, q / 16 AS made, (q / 2) % 8 AS text, q % 2 AS byA FROM x) ' +
    'INSERT INTO `conversations` (`id`, `a`, `b`, `starter`, `aReadAt`, `bReadAt`, `lastMessage`, `lastMessageAt`, `lastSender`, `created`, `updated`) ' +
    "SELECT printf('v%014d', {:base} + k), printf('f%014d', a), printf('f%014d', b), printf('f%014d', a), " +
    `${AGO('60 * last')}, ${AGO('60 * last')}, json_extract({:texts}, printf('$[%d]', text)), ${AGO('60 * last')}, ` +
    `printf('f%014d', CASE byA WHEN 1 THEN a ELSE b END), ${AGO('60 * made')}, ${AGO('60 * last')} FROM y`,
  // one packed integer per message (see pack.message)
  messages:
    'INSERT INTO `messages` (`id`, `conversation`, `sender`, `text`, `created`, `updated`) ' +
    "SELECT printf('m%014d', {:base} + j.key), printf('v%014d', j.value / 17179869184), " +
    "printf('f%014d', (j.value / 1048576) % 16384), " +
    "json_extract({:texts}, printf('$[%d]', (j.value / 131072) % 8)), " +
    `${AGO('60 * (j.value % 131072)')}, ${AGO('60 * (j.value % 131072)')} FROM json_each({:data}) j`,
};

/** The one-off migration: inserts every chunk in file order, one transaction (the migration's). */
function migrationSource(manifest: string): string {
  return `/// one-off bench seed (bench/trades/seed.ts): not a project migration
migrate((app) => {
  const m = JSON.parse(toString($os.readFile(${JSON.stringify(manifest)})));
  // the big tables' own indexes (exactly as the migrations made them) are dropped while their rows
  // go in and built again from the same SQL afterwards: one sort each instead of millions of
  // inserts at random places
  const indexes = arrayOf(new DynamicModel({ name: '', sql: '' }));
  app.db().newQuery(
    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL " +
    "AND tbl_name IN ('tradeItems', 'messages', 'conversations')"
  ).all(indexes);
  for (const ix of indexes) app.db().newQuery('DROP INDEX "' + ix.name + '"').execute();
  for (const step of m.steps) {
    const t0 = Date.now();
    const data = toString($os.readFile(step.file));
    const t1 = Date.now();
    app.db().newQuery(m.inserts[step.table]).bind({
      data: data, base: step.base, now: m.now, template: m.template, texts: m.texts,
    }).execute();
    console.log('seed', step.table, t1 - t0, Date.now() - t1);
  }
  const t2 = Date.now();
  for (const ix of indexes) app.db().newQuery(ix.sql).execute();
  console.log('seed indexes', indexes.length, Date.now() - t2);
  // the planner's statistics as PocketBase's PRAGMA optimize leaves them once it has seen the data
  app.db().newQuery('ANALYZE').execute();
}, () => {});
`;
}

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (out += d.toString()));
    p.on('error', reject);
    p.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args[0]} failed (${code}): ${out}`)),
    );
  });
}

/**
 * Generates the rows into `workDir` and inserts them into the stopped server's `dataDir`.
 * `template` is the id of an account made through the API, whose password hash every fan gets.
 */
export async function seedTrades(
  dataDir: string,
  workDir: string,
  template: string,
  opts: TradesSeedOptions,
): Promise<TradesSeed> {
  const t0 = performance.now();
  const rand = prng(20251125);
  const dataDirOut = join(workDir, 'rows');
  mkdirSync(dataDirOut, { recursive: true });
  const chunk = (name: string) => new Chunks(dataDirOut, name);
  if (opts.fans + opts.callerSizes.length + 1 >= 2 ** 14 || opts.cards >= 2 ** 14) {
    throw new Error('the packed rows hold at most 16,383 fans and 16,383 cards');
  }
  const DAY = 1440;
  /** Minutes ago, at least 5, at most `maxDays`. */
  const ago = (maxDays: number) => 5 + Math.floor(rand() * maxDays * DAY);

  // ---- catalogue
  const groups = chunk('groups');
  for (let g = 0; g < 20; g++) {
    groups.push([
      groupId(g),
      `${GROUP_WORDS[g % 10]}${g >= 10 ? 'Z' : ''} ${String(g + 1).padStart(2, '0')}`,
    ]);
  }
  const cards = chunk('photoCards');
  for (let i = 0; i < opts.cards; i++) {
    const g = i % 20;
    const member = MEMBERS[(i + Math.floor(i / 20)) % 10]!;
    const label = LABELS[i % 5]!;
    const groupName = `${GROUP_WORDS[g % 10]}${g >= 10 ? 'Z' : ''} ${String(g + 1).padStart(2, '0')}`;
    cards.push([
      cardId(i),
      groupId(g),
      groupName,
      member,
      `${groupName} ${2020 + (i % 6)} ${label} 포토카드 ${member} #${Math.floor(i / 20) + 1}`,
      label,
      Math.floor(rand() * 60),
      60 * ago(180),
    ]);
  }

  // ---- fans and their lists
  const users = chunk('users');
  const items = chunk('tradeItems');
  const pick = popularity(opts.cards, 500, rand);
  const addList = (fan: number, size: number) => {
    const taken = new Set<number>();
    while (taken.size < Math.min(size, opts.cards)) {
      const c = pick();
      if (taken.has(c)) continue;
      taken.add(c);
      const have = rand() < 0.25 + (0.3 * c) / opts.cards;
      items.push(pack.item(fan, c, have, have ? 1 + Math.floor(rand() * 3) : 0, ago(90)));
    }
  };
  for (let f = 0; f < opts.fans; f++) {
    users.push([f, rand() < 0.9 ? 1 : 0, 60 * ago(365)]);
    addList(f, opts.items);
  }
  const callers = opts.callerSizes.map((size, k) => {
    const idx = opts.fans + k;
    users.push([idx, 1, 60 * ago(365)]);
    addList(idx, size);
    return { size, id: fanId(idx) };
  });
  const busyIdx = opts.fans + opts.callerSizes.length;
  users.push([busyIdx, 1, 60 * ago(365)]);
  addList(busyIdx, opts.items);

  // ---- conversations and messages
  const convs = chunk('conversations');
  const msgs = chunk('messages');
  let convN = 0;
  const pairs = new Set<string>();
  const addConversation = (x: number, y: number, messages: number) => {
    const [a, b] = x < y ? [x, y] : [y, x];
    const key = `${a}:${b}`;
    if (a === b || pairs.has(key)) return null;
    pairs.add(key);
    const n = convN++;
    const created = ago(60) + DAY;
    // messages from oldest to newest, evenly apart, the newest at least 5 minutes ago
    const step = Math.floor((created - 5) / (messages + 1));
    let last = { text: 0, at: created, byA: true };
    for (let k = 0; k < messages; k++) {
      const at = created - (k + 1) * step;
      const byA = (k + n) % 2 === 0;
      const text = (n + k) % MESSAGES.length;
      msgs.push(pack.message(n, byA ? a : b, text, at));
      last = { text, at, byA };
    }
    convs.push(pack.conversation(a, b, last.at, created, last.text, last.byA));
    return { conversation: conversationId(n), a: fanId(a), b: fanId(b) };
  };
  const realtimePairs = Array.from({ length: opts.realtimePairs }, (_, k) =>
    addConversation(2 * k, 2 * k + 1, 2)!,
  );
  const base = 2 * opts.realtimePairs;
  const throughputPairs = Array.from({ length: opts.throughputPairs }, (_, k) =>
    addConversation(base + 2 * k, base + 2 * k + 1, 2)!,
  );
  for (let k = 0; convN < opts.realtimePairs + opts.throughputPairs + opts.busyConversations; k++) {
    addConversation(busyIdx, (opts.fans / 2 + k) % opts.fans, 4);
  }
  while (
    convN <
    opts.realtimePairs + opts.throughputPairs + opts.busyConversations + opts.conversations
  ) {
    addConversation(Math.floor(rand() * opts.fans), Math.floor(rand() * opts.fans), 5);
  }
  for (const c of [groups, cards, users, items, convs, msgs]) c.flush();
  const generateMs = performance.now() - t0;

  // ---- the one-off migration
  const steps = [
    ...groups.files.map((f) => ({ table: 'groups', ...f })),
    ...cards.files.map((f) => ({ table: 'photoCards', ...f })),
    ...users.files.map((f) => ({ table: 'users', ...f })),
    ...items.files.map((f) => ({ table: 'tradeItems', ...f })),
    ...convs.files.map((f) => ({ table: 'conversations', ...f })),
    ...msgs.files.map((f) => ({ table: 'messages', ...f })),
  ];
  const manifest = join(workDir, 'manifest.json');
  writeFileSync(
    manifest,
    JSON.stringify({
      steps,
      inserts: INSERTS,
      now: Date.now() / 1000,
      template,
      texts: JSON.stringify(MESSAGES),
    }),
  );
  const migrations = join(workDir, 'migrations');
  mkdirSync(migrations, { recursive: true });
  for (const f of readdirSync(MIGRATIONS_DIR))
    symlinkSync(join(MIGRATIONS_DIR, f), join(migrations, f));
  writeFileSync(join(migrations, '9999999999_bench_trades_seed.js'), migrationSource(manifest));
  const t1 = performance.now();
  const log = await run(findPocketBase(), [
    'migrate',
    'up',
    '--dir',
    dataDir,
    '--migrationsDir',
    migrations,
    '--hooksDir',
    HOOKS_DIR,
    '--automigrate=false',
  ]);
  const insertMs = performance.now() - t1;
  if (process.env.TRADES_SEED_LOG) console.log(log);

  // the card every popularity draw favours most, and one in the middle of the catalogue
  return {
    fanId,
    cardId,
    callers,
    busy: fanId(busyIdx),
    realtimePairs,
    throughputPairs,
    popularCard: cardId(0),
    medianCard: cardId(Math.floor(opts.cards / 2)),
    rows: {
      groups: groups.count,
      photoCards: cards.count,
      users: users.count,
      tradeItems: items.count,
      conversations: convs.count,
      messages: msgs.count,
    },
    generateMs,
    insertMs,
  };
}
