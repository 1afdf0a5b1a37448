/**
 * pb_migrations/1764521000_users_email_nocase.js on a database that already holds emails in mixed
 * case, some differing only by case (what the old rules let in): run by the real PocketBase with
 * the project's migrations plus one that writes such rows first, straight into the table.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import PocketBase from 'pocketbase';
import {
  findPocketBase,
  HOOKS_DIR,
  MIGRATIONS_DIR,
  startPocketBase,
  waitForHealth,
} from '../../server/pocketbase.ts';
import { freePort, SUPERUSER } from '../helpers/pocketbase.ts';

// written between the Korean mails (1764520000) and the email migration (1764521000)
const OLD_ROWS = `migrate((app) => {
  const rows = [
    ['mixed0000000001', 'Mixed@Example.com', 0, '2025-01-01 00:00:00.000Z'],
    ['dupolder0000001', 'dup@example.com', 0, '2025-01-01 00:00:00.000Z'],
    ['dupnewer0000001', 'DUP@Example.com', 0, '2025-02-01 00:00:00.000Z'],
    ['pendolder000001', 'Pend@Example.com', 1, '2025-01-01 00:00:00.000Z'],
    ['pendowner000001', 'pend@example.com', 0, '2025-03-01 00:00:00.000Z'],
  ];
  for (const r of rows) {
    app.db().newQuery(
      'INSERT INTO users (id, email, tokenKey, password, signupPending, verified, created, updated) ' +
        'VALUES ({:id}, {:email}, {:key}, {:pw}, {:pending}, 1, {:created}, {:created})',
    ).bind({ id: r[0], email: r[1], key: 'key' + r[0], pw: 'x', pending: r[2], created: r[3] }).execute();
  }
});
`;

let dataDir: string;
let migrationsDir: string;
let proc: ChildProcess | undefined;
let url: string;

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
  return res.stdout;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pb-email-mig-'));
  migrationsDir = mkdtempSync(join(tmpdir(), 'pb-email-mig-m-'));
  for (const f of readdirSync(MIGRATIONS_DIR)) {
    if (f.endsWith('.js')) copyFileSync(join(MIGRATIONS_DIR, f), join(migrationsDir, f));
  }
  writeFileSync(join(migrationsDir, '1764520500_old_mixed_case_emails.js'), OLD_ROWS);
  pocketbase(['migrate', 'up']);
  pocketbase(['superuser', 'upsert', SUPERUSER.email, SUPERUSER.password]);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  proc = startPocketBase({ dataDir, port, publicDir: null });
  await waitForHealth(url);
});

afterAll(async () => {
  if (proc && proc.exitCode === null) {
    await new Promise<void>((resolve) => {
      proc!.once('exit', () => resolve());
      proc!.kill('SIGTERM');
    });
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(migrationsDir, { recursive: true, force: true });
});

it('lower-cases every email, keeps one account per address and makes the index case-free', async () => {
  const su = new PocketBase(url);
  su.autoCancellation(false);
  await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  const rows = await su.collection('users').getFullList({ sort: 'id' });
  expect(rows.map((r) => [r.id, r.email, r.signupPending])).toEqual([
    ['dupnewer0000001', '', false], // the newer of two completed accounts loses the email
    ['dupolder0000001', 'dup@example.com', false],
    ['mixed0000000001', 'mixed@example.com', false],
    ['pendowner000001', 'pend@example.com', false], // the pending look-alike is gone
  ]);
  expect(rows.find((r) => r.id === 'dupnewer0000001')?.verified).toBe(false);

  const users = await su.collections.getOne('users');
  expect(users.indexes).toContain(
    "CREATE UNIQUE INDEX `idx_email__pb_users_auth_` ON `users` (`email` COLLATE NOCASE) WHERE `email` != ''",
  );
  expect(users.indexes.filter((i: string) => i.includes('(`email`'))).toHaveLength(1);
  // the index holds: the same address in another case is refused
  const err = await su
    .collection('users')
    .create({
      email: 'MIXED@example.com',
      password: 'photocard!2024',
      passwordConfirm: 'photocard!2024',
    })
    .catch((e: { status: number; response: { data: Record<string, { code: string }> } }) => e);
  expect(err).toMatchObject({
    status: 400,
    response: { data: { email: { code: 'validation_not_unique' } } },
  });
});
