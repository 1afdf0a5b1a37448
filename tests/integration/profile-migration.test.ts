/**
 * pb_migrations/1764800000_profile.js on a database whose accounts carry nicknames made from their
 * email's local part (what the old sign-up picked): run by the real PocketBase with the project's
 * migrations plus one that writes such rows first, straight into the table.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findPocketBase, HOOKS_DIR, MIGRATIONS_DIR } from '../../server/pocketbase.ts';

// written just before the profile migration
const OLD_ROWS = `migrate((app) => {
  const rows = [
    ['localpart000001', 'hana.kim@example.com', 'hana.kim', 'user'],
    ['digits000000001', 'minji@example.com', 'minji0427', 'user'],
    ['shortlocal00001', 'k@example.com', 'fank', 'user'],
    ['ownnick00000001', 'jisoo@example.com', '지수사랑', 'user'],
    ['ownlatin0000001', 'yuna@example.com', 'StarYuna', 'user'],
    ['operator0000001', 'admin@example.com', 'admin', 'admin'],
  ];
  for (const r of rows) {
    app.db().newQuery(
      'INSERT INTO users (id, email, username, role, tokenKey, password, verified, created, updated) ' +
        "VALUES ({:id}, {:email}, {:u}, {:role}, {:key}, 'x', 1, '2025-01-01 00:00:00.000Z', '2025-01-01 00:00:00.000Z')",
    ).bind({ id: r[0], email: r[1], u: r[2], role: r[3], key: 'key' + r[0] }).execute();
  }
});
`;

let dataDir: string;
let migrationsDir: string;

function pocketbase(args: string[]) {
  const res = spawnSync(
    findPocketBase(),
    [
      ...args,
      '--dir',
      dataDir,
      '--migrationsDir',
      migrationsDir,
      '--hooksDir',
      HOOKS_DIR,
      '--automigrate=false',
    ],
    { encoding: 'utf8' },
  );
  if (res.status !== 0) throw new Error(`pocketbase ${args.join(' ')}: ${res.stderr}`);
  return res.stdout + res.stderr;
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'pb-profile-mig-'));
  migrationsDir = mkdtempSync(join(tmpdir(), 'pb-profile-mig-m-'));
  for (const f of readdirSync(MIGRATIONS_DIR)) {
    if (f.endsWith('.js')) copyFileSync(join(MIGRATIONS_DIR, f), join(migrationsDir, f));
  }
  writeFileSync(join(migrationsDir, '1764799999_old_email_nicknames.js'), OLD_ROWS);
  pocketbase(['migrate', 'up']);
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(migrationsDir, { recursive: true, force: true });
});

it("replaces nicknames made from the email with '팬' and digits, and keeps chosen ones", () => {
  // read the table back through a one-off migration that prints it (no server needed)
  writeFileSync(
    join(migrationsDir, '1764899999_dump.js'),
    `migrate((app) => {
      const rows = app.findRecordsByFilter('users', "id != ''", 'id', 0, 0);
      console.log('DUMP' + JSON.stringify(rows.map((r) => [r.id, r.getString('username'), r.getBool('biasStepDone')])));
    });`,
  );
  const out = pocketbase(['migrate', 'up']);
  const rows = JSON.parse(/DUMP(.*)/.exec(out)![1]!) as [string, string, boolean][];
  const nick = Object.fromEntries(rows.map(([id, u]) => [id, u]));
  for (const id of ['localpart000001', 'digits000000001', 'shortlocal00001']) {
    expect(nick[id]).toMatch(/^팬\d{6}$/);
  }
  expect(new Set(Object.values(nick)).size).toBe(rows.length);
  expect(nick['ownnick00000001']).toBe('지수사랑');
  expect(nick['ownlatin0000001']).toBe('StarYuna');
  expect(nick['operator0000001']).toBe('admin');
  expect(rows.every(([, , done]) => done === false)).toBe(true);
});
