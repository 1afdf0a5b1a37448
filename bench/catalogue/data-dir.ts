/**
 * A PocketBase data dir with the demo seed and a real-size catalogue on top (by default 200,000
 * photo cards in 500 groups, ./generate.ts), built once and kept in `bench/.data/` (git-ignored):
 * `bench/.data/catalogue-200000/` for the default size, `catalogue-<cards>-<groups>/` for others.
 * A stamp in the dir (`bench-catalogue.json`) names the generator's version (GENERATOR, bumped by
 * hand, and a hash of the migrations' file names): a dir built by another version is built again;
 * otherwise it is reused as it is.
 *
 * How it is built (into `<dir>.building-<pid>`, renamed into place only when complete):
 *
 * 1. `pocketbase migrate up` with the project's migrations, and the bench superuser (the tests'
 *    `root@test.local`, so `startBenchServerOnDataDir` signs in as for any bench server). The same
 *    credentials go to `.seed-superuser.json`, which `npm start` reads (server/app-server.ts), so
 *    `PB_DATA=<dir> npm start` makes no superuser of its own.
 * 2. PocketBase serves the dir on a free loopback port and the demo seed runs through the API
 *    (server/seed/, as `npm start` runs it): accounts, RIIZE and the other demo groups, cards,
 *    meetups, activity, trades. Its files give the image pool: a few demo cards' PNGs and group
 *    logos.
 * 3. The server stops; a one-off JS migration in a temp migrations dir (the project's migrations
 *    linked beside it, already applied) reads the generated rows as JSON and inserts them with
 *    `INSERT … SELECT … FROM json_each(…)` in one transaction (the pattern of
 *    bench/trades/seed.ts). Only the columns it fills are named, each only if `PRAGMA table_info`
 *    lists it (`groupNameKo`, `memberNameEn`), so every other column gets its default. The card
 *    table's own indexes are dropped while the rows go in and built again from the same SQL.
 *    SQLite triggers run as for any insert (the groups' card count); a `cardCount` column still at
 *    0 afterwards (no trigger) is set from a COUNT. The groups' `updated` is then put back to their
 *    newest card's (the trigger stamped the build's clock).
 * 4. Each generated record gets its folder under `storage/<collectionId>/<recordId>/` with a hard
 *    link, named as the record's file field says, to one of the pool's images (and one to its
 *    `.attrs` sidecar, where PocketBase keeps the content type): 200,000 file names,
 *    a handful of real files on disk. Thumbs are made on demand by PocketBase as for any upload.
 *
 * 5. PocketBase starts once on the dir (to healthy) and stops: what it does at start-up for rows
 *    written by SQL (pb_hooks/search.pb.js fills empty search keys) is done once, here.
 *
 * Hooks do not run for the inserted rows (nothing a hook would add is missing: no back-references
 * point at new cards, no likes rows exist for their `likeCount`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import {
  findPocketBase,
  HOOKS_DIR,
  MIGRATIONS_DIR,
  runPocketBaseCommand,
  startPocketBase,
  waitForHealth,
} from '../../server/pocketbase.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { freePort, SUPERUSER } from '../../tests/helpers/pocketbase.ts';
import { BENCH_DIR } from '../lib/report.ts';
import { CARD_COLUMNS, generateCatalogue, GROUP_COLUMNS, type Generated } from './generate.ts';

export const DATA_ROOT = join(BENCH_DIR, '.data');
export const DEFAULT_CARDS = 200_000;
export const DEFAULT_GROUPS = 500;
const STAMP = 'bench-catalogue.json';
/**
 * The generator's own version: bump it with any change to ./generate.ts or this file that changes
 * the data dir (rows, columns, files), so a dir built before is built again.
 */
const GENERATOR = 'catalogue-2';

/**
 * The data dir's version: GENERATOR and a hash of the project's migration file names, so a dir
 * built before a new migration is built again (rather than migrated at every bench start, on a
 * copy that is thrown away).
 */
export function generatorVersion(): string {
  const h = createHash('sha256').update(readdirSync(MIGRATIONS_DIR).sort().join('\n'));
  return `${GENERATOR}-${h.digest('hex').slice(0, 12)}`;
}

export interface CatalogueStamp {
  version: string;
  cards: number;
  groups: number;
  /** When the build finished (ISO). */
  builtAt: string;
  /** The whole build, ms, and each step's. */
  buildMs: number;
  steps: {
    migrate: number;
    demoSeed: number;
    generate: number;
    insert: number;
    files: number;
    /** PocketBase's first start on the dir, to healthy (its start-up work, e.g. search keys). */
    firstBoot: number;
  };
  /** Rows in the data dir afterwards (demo seed included). */
  rows: { groups: number; photoCards: number };
  /** Optional columns found and filled. */
  columns: { groupNameKo: boolean; memberNameEn: boolean; cardCount: boolean };
  /** `cardCount` set from a COUNT after the insert (no trigger kept it). */
  cardCountFromCount: boolean;
  collections: { groups: string; photoCards: string };
  /** Real image files shared by the generated records (hard links). */
  imagePool: { cards: number; logos: number };
  /** A few generated ids, for checks: the biggest group, and a card of it. */
  sample: { group: string; groupName: string; groupCards: number; card: string; cardImg: string };
  /** Size of data.db, bytes. */
  dbBytes: number;
}

export interface CatalogueDataDir {
  dir: string;
  stamp: CatalogueStamp;
  /** Whether this call built it (false: reused). */
  built: boolean;
  /** This call's time: the build, or checking and reusing the dir (ms). */
  ms: number;
}

export interface CatalogueOptions {
  cards?: number;
  groups?: number;
  /** Where to keep it; by default bench/.data/catalogue-<cards>[-<groups>]. */
  dir?: string;
  /** Build again even if the stamp matches. */
  rebuild?: boolean;
  log?: (line: string) => void;
}

export function catalogueDir(cards = DEFAULT_CARDS, groups = DEFAULT_GROUPS): string {
  const name = groups === DEFAULT_GROUPS ? `catalogue-${cards}` : `catalogue-${cards}-${groups}`;
  return join(DATA_ROOT, name);
}

export function readStamp(dir: string): CatalogueStamp | null {
  try {
    return JSON.parse(readFileSync(join(dir, STAMP), 'utf8')) as CatalogueStamp;
  } catch {
    return null;
  }
}

/** The data dir for these options: reused when its stamp matches, built otherwise. */
export async function catalogueDataDir(opts: CatalogueOptions = {}): Promise<CatalogueDataDir> {
  const started = performance.now();
  const cards = opts.cards ?? DEFAULT_CARDS;
  const groups = opts.groups ?? DEFAULT_GROUPS;
  const dir = opts.dir ?? catalogueDir(cards, groups);
  const log = opts.log ?? (() => {});
  const version = generatorVersion();
  const have = readStamp(dir);
  if (
    !opts.rebuild &&
    have &&
    have.version === version &&
    have.cards === cards &&
    have.groups === groups &&
    existsSync(join(dir, 'data.db'))
  ) {
    return { dir, stamp: have, built: false, ms: performance.now() - started };
  }
  log(
    have
      ? `catalogue: ${dir} was built by ${have.version}, building it again (${version})`
      : `catalogue: building ${dir} (${cards.toLocaleString('en-US')} cards, ${groups} groups)`,
  );
  const stamp = await build(dir, cards, groups, version, log);
  return { dir, stamp, built: true, ms: performance.now() - started };
}

// ------------------------------------------------------------------ the build

function stopProcess(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
    setTimeout(() => proc.kill('SIGKILL'), 10_000).unref();
  });
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

interface DemoFiles {
  collections: { groups: string; photoCards: string };
  /** Absolute paths of a few demo card images and group logos. */
  cardImages: string[];
  logos: string[];
}

/** Step 2: the demo seed through the API, and where its files are. */
async function seedDemoDir(dir: string, log: (line: string) => void): Promise<DemoFiles> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = startPocketBase({ dataDir: dir, port, publicDir: null });
  let output = '';
  proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await healthyOrExited(proc, url, 120_000, () => output);
    const pb = new PocketBase(url);
    pb.autoCancellation(false);
    await pb.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
    await seedDemo(pb, { log: (m) => log(`  ${m}`) });
    const collections = {
      groups: (await pb.collections.getOne('groups')).id,
      photoCards: (await pb.collections.getOne('photoCards')).id,
    };
    const cards = await pb.collection('photoCards').getList(1, 40, {
      filter: 'cardImg != ""',
      sort: 'created,id',
      fields: 'id,cardImg',
    });
    const groups = await pb.collection('groups').getList(1, 10, {
      filter: 'logoImage != ""',
      sort: 'created,id',
      fields: 'id,logoImage',
    });
    const storage = join(dir, 'storage');
    const pngs = (paths: string[]) => paths.filter((p) => p.endsWith('.png') && existsSync(p));
    // every fourth of the first 40 cards: ten different drawings
    const cardImages = pngs(
      cards.items
        .filter((_, i) => i % 4 === 0)
        .map((c) => join(storage, collections.photoCards, c.id, String(c['cardImg']))),
    );
    const logos = pngs(
      groups.items.map((g) => join(storage, collections.groups, g.id, String(g['logoImage']))),
    );
    if (!cardImages.length || !logos.length) {
      throw new Error('the demo seed left no PNG card images or logos to share');
    }
    return { collections, cardImages, logos };
  } finally {
    await stopProcess(proc);
  }
}

/** Rows of one table in JSON files of `size` rows, for the migration to read one at a time. */
function writeChunks(dir: string, name: string, rows: readonly unknown[], size = 25_000): string[] {
  const files: string[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const file = join(dir, `${name}-${files.length}.json`);
    writeFileSync(file, JSON.stringify(rows.slice(i, i + size)));
    files.push(file);
  }
  return files;
}

/**
 * The one-off migration (step 3). It reads `manifest.json`: the chunk files, each table's columns
 * in row order, and the groups' `updated` to put back. Prints `catalogue <what> <ms>` lines and a
 * final `catalogue-result <json>` line that the builder reads.
 */
function migrationSource(manifest: string): string {
  return `/// one-off bench seed (bench/catalogue/data-dir.ts): not a project migration
migrate((app) => {
  const m = JSON.parse(toString($os.readFile(${JSON.stringify(manifest)})));
  const db = app.db();
  const columnsOf = (table) => {
    const rows = arrayOf(new DynamicModel({ name: '' }));
    db.newQuery('SELECT name FROM pragma_table_info({:t})').bind({ t: table }).all(rows);
    return rows.map((r) => r.name);
  };
  /** INSERT … SELECT of the row columns the table has, from the JSON array {:data}. */
  const insertSql = (table, columns) => {
    const live = columnsOf(table);
    const used = [];
    const values = [];
    columns.forEach((c, i) => {
      if (live.indexOf(c) < 0) return;
      used.push('\`' + c + '\`');
      values.push("json_extract(j.value, '$[" + i + "]')");
    });
    return {
      live: live,
      sql: 'INSERT INTO \`' + table + '\` (' + used.join(', ') + ') SELECT ' + values.join(', ') +
        ' FROM json_each({:data}) j',
    };
  };
  const groups = insertSql('groups', m.groupColumns);
  const cards = insertSql('photoCards', m.cardColumns);
  const t0 = Date.now();
  for (const file of m.groupFiles) {
    db.newQuery(groups.sql).bind({ data: toString($os.readFile(file)) }).execute();
  }
  console.log('catalogue groups', Date.now() - t0);

  // the card table's own indexes go while its rows go in and come back from the same SQL
  const indexes = arrayOf(new DynamicModel({ name: '', sql: '' }));
  db.newQuery(
    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL " +
    "AND tbl_name = 'photoCards' AND sql NOT LIKE 'CREATE UNIQUE%'"
  ).all(indexes);
  for (const ix of indexes) db.newQuery('DROP INDEX "' + ix.name + '"').execute();
  const t1 = Date.now();
  for (const file of m.cardFiles) {
    const t = Date.now();
    db.newQuery(cards.sql).bind({ data: toString($os.readFile(file)) }).execute();
    console.log('catalogue cards', file, Date.now() - t);
  }
  console.log('catalogue cards', Date.now() - t1);
  const t2 = Date.now();
  for (const ix of indexes) db.newQuery(ix.sql).execute();
  console.log('catalogue indexes', indexes.length, Date.now() - t2);

  // a group's card count: kept by a trigger if there is one, else set here from a COUNT
  let fromCount = false;
  if (groups.live.indexOf('cardCount') >= 0) {
    const zero = new DynamicModel({ n: 0 });
    db.newQuery(
      'SELECT COUNT(*) AS n FROM groups WHERE cardCount = 0 AND id IN ' +
      "(SELECT json_extract(value, '$[0]') FROM json_each({:stamps}))"
    ).bind({ stamps: m.groupStamps }).one(zero);
    if (zero.n > 0) {
      fromCount = true;
      db.newQuery(
        'UPDATE groups SET cardCount = (SELECT COUNT(*) FROM photoCards WHERE photoCards."group" = groups.id)'
      ).execute();
    }
  }
  // the groups' updated back to their newest card's (a trigger may have stamped the build's clock)
  db.newQuery(
    "UPDATE groups SET updated = (SELECT json_extract(s.value, '$[1]') FROM json_each({:stamps}) s " +
    "WHERE json_extract(s.value, '$[0]') = groups.id) WHERE id IN " +
    "(SELECT json_extract(value, '$[0]') FROM json_each({:stamps}))"
  ).bind({ stamps: m.groupStamps }).execute();

  const count = (table) => {
    const row = new DynamicModel({ n: 0 });
    db.newQuery('SELECT COUNT(*) AS n FROM \`' + table + '\`').one(row);
    return row.n;
  };
  console.log('catalogue-result ' + JSON.stringify({
    groups: count('groups'),
    photoCards: count('photoCards'),
    groupColumns: groups.live,
    cardColumns: cards.live,
    fromCount: fromCount,
  }));
}, () => {});
`;
}

interface MigrationResult {
  groups: number;
  photoCards: number;
  groupColumns: string[];
  cardColumns: string[];
  fromCount: boolean;
}

/** Step 3: the rows into the stopped server's data dir. */
async function insertRows(
  dir: string,
  work: string,
  data: Generated,
  log: (line: string) => void,
): Promise<MigrationResult> {
  const rowsDir = join(work, 'rows');
  mkdirSync(rowsDir, { recursive: true });
  const groupRows = data.groups.map((g) => GROUP_COLUMNS.map((c) => g[c]));
  const manifest = join(work, 'manifest.json');
  writeFileSync(
    manifest,
    JSON.stringify({
      groupColumns: GROUP_COLUMNS,
      cardColumns: CARD_COLUMNS,
      groupFiles: writeChunks(rowsDir, 'groups', groupRows),
      cardFiles: writeChunks(rowsDir, 'photoCards', data.cards),
      groupStamps: JSON.stringify(data.groups.map((g) => [g.id, g.updated])),
    }),
  );
  const migrations = join(work, 'migrations');
  mkdirSync(migrations, { recursive: true });
  for (const f of readdirSync(MIGRATIONS_DIR)) {
    symlinkSync(join(MIGRATIONS_DIR, f), join(migrations, f));
  }
  writeFileSync(join(migrations, '9999999999_bench_catalogue_seed.js'), migrationSource(manifest));
  const out = await run(findPocketBase(), [
    'migrate',
    'up',
    '--dir',
    dir,
    '--migrationsDir',
    migrations,
    '--hooksDir',
    HOOKS_DIR,
    '--automigrate=false',
  ]);
  for (const line of out.split('\n')) {
    if (/^catalogue (groups|cards|indexes)/.test(line)) {
      log(`  ${line}`);
    }
  }
  const result = /catalogue-result (.*)/.exec(out)?.[1];
  if (!result) throw new Error(`the catalogue migration printed no result:\n${out}`);
  return JSON.parse(result) as MigrationResult;
}

/** Step 4: a folder per generated record with a hard link to one of the pool's images. */
function linkFiles(dir: string, data: Generated, demo: DemoFiles): void {
  const storage = join(dir, 'storage');
  for (const c of Object.values(demo.collections)) mkdirSync(join(storage, c), { recursive: true });
  const place = (collection: string, id: string, name: string, source: string) => {
    const folder = join(storage, collection, id);
    mkdirSync(folder);
    linkSync(source, join(folder, name));
    // the file's sidecar (content type, md5): without it PocketBase serves the file as
    // application/octet-stream and makes no thumbs of it
    if (existsSync(`${source}.attrs`)) linkSync(`${source}.attrs`, join(folder, `${name}.attrs`));
  };
  data.groups.forEach((g, i) =>
    place(demo.collections.groups, g.id, g.logoImage, demo.logos[i % demo.logos.length]!),
  );
  const pool = demo.cardImages;
  data.cards.forEach((c, i) =>
    place(demo.collections.photoCards, c[0], c[10], pool[i % pool.length]!),
  );
}

/**
 * Step 5: PocketBase starts once on the dir and stops, so whatever it does at start-up for rows
 * written by SQL (pb_hooks/search.pb.js fills empty search keys) is done here, once, and every
 * later start is an ordinary one.
 */
async function bootOnce(dir: string): Promise<void> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = startPocketBase({ dataDir: dir, port, publicDir: null });
  let output = '';
  proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await healthyOrExited(proc, url, 600_000, () => output);
  await stopProcess(proc);
}

/** Waits for /api/health, or throws with the server's output when it exits or times out. */
async function healthyOrExited(
  proc: ChildProcess,
  url: string,
  timeoutMs: number,
  output: () => string,
): Promise<void> {
  const exited = new Promise<never>((_, reject) =>
    proc.once('exit', (code) => reject(new Error(`PocketBase exited (${code})`))),
  );
  try {
    await Promise.race([waitForHealth(url, timeoutMs), exited]);
  } catch (err) {
    await stopProcess(proc);
    throw new Error(`${String(err)}\n${output()}`, { cause: err });
  }
}

/** `rm -rf <path>` in a detached process that outlives this one. */
function removeInBackground(path: string): void {
  spawn('rm', ['-rf', path], { detached: true, stdio: 'ignore' }).unref();
}

async function build(
  dir: string,
  cards: number,
  groups: number,
  version: string,
  log: (line: string) => void,
): Promise<CatalogueStamp> {
  const started = performance.now();
  const tmp = `${dir}.building-${process.pid}`;
  if (existsSync(`${dir}.failed`)) {
    renameSync(`${dir}.failed`, `${dir}.stale-failed-${process.pid}`);
    removeInBackground(`${dir}.stale-failed-${process.pid}`);
  }
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'bench-catalogue-'));
  const steps = { migrate: 0, demoSeed: 0, generate: 0, insert: 0, files: 0, firstBoot: 0 };
  let t = performance.now();
  const lap = (step: keyof typeof steps) => {
    const now = performance.now();
    steps[step] = Math.round(now - t);
    t = now;
    log(`catalogue: ${step} ${(steps[step] / 1000).toFixed(1)} s`);
  };
  try {
    runPocketBaseCommand(tmp, ['migrate', 'up']);
    runPocketBaseCommand(tmp, ['superuser', 'upsert', SUPERUSER.email, SUPERUSER.password]);
    writeFileSync(join(tmp, '.seed-superuser.json'), JSON.stringify(SUPERUSER), { mode: 0o600 });
    lap('migrate');

    const demo = await seedDemoDir(tmp, log);
    lap('demoSeed');

    const data = generateCatalogue({ cards, groups, now: Date.now() });
    lap('generate');

    const result = await insertRows(tmp, work, data, log);
    lap('insert');

    linkFiles(tmp, data, demo);
    lap('files');

    await bootOnce(tmp);
    lap('firstBoot');

    const biggest = data.groups.reduce((a, b) => (b.cards > a.cards ? b : a));
    const card = data.cards.find((c) => c[1] === biggest.id)!;
    const stamp: CatalogueStamp = {
      version,
      cards,
      groups,
      builtAt: new Date().toISOString(),
      buildMs: Math.round(performance.now() - started),
      steps,
      rows: { groups: result.groups, photoCards: result.photoCards },
      columns: {
        groupNameKo: result.groupColumns.includes('groupNameKo'),
        memberNameEn: result.cardColumns.includes('memberNameEn'),
        cardCount: result.groupColumns.includes('cardCount'),
      },
      cardCountFromCount: result.fromCount,
      collections: demo.collections,
      imagePool: { cards: demo.cardImages.length, logos: demo.logos.length },
      sample: {
        group: biggest.id,
        groupName: biggest.groupName,
        groupCards: biggest.cards,
        card: card[0],
        cardImg: card[10],
      },
      dbBytes: statSync(join(tmp, 'data.db')).size,
    };
    writeFileSync(join(tmp, STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
    // the old dir out of the way at once, removed in the background (200,000 folders take minutes)
    if (existsSync(dir)) {
      const stale = `${dir}.stale-${process.pid}`;
      renameSync(dir, stale);
      removeInBackground(stale);
    }
    renameSync(tmp, dir);
    return stamp;
  } catch (err) {
    // kept for a look; the next build removes it
    if (existsSync(`${dir}.failed`)) {
      renameSync(`${dir}.failed`, `${dir}.stale-failed-${process.pid}`);
      removeInBackground(`${dir}.stale-failed-${process.pid}`);
    }
    renameSync(tmp, `${dir}.failed`);
    log(`catalogue: the build failed; what it made is in ${dir}.failed`);
    throw err;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
