/**
 * Record fixtures for integration tests against a real PocketBase (see ./pocketbase.ts): users
 * with logged-in clients, catalogue records created by the superuser, and small assertions for
 * "this request must fail".
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import PocketBase, { ClientResponseError, type RecordModel } from 'pocketbase';
import { expect } from 'vitest';
import type { TestServer } from './pocketbase.ts';

export const PASSWORD = 'test-password-1234';

let seq = 0;
/** A unique lower-case suffix. */
export function uniq(): string {
  seq += 1;
  return `${Date.now().toString(36)}${seq.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A client-style record id: 15 characters of [a-z0-9]. */
export function newId(): string {
  let id = '';
  while (id.length < 15) id += Math.random().toString(36).slice(2);
  return id.slice(0, 15);
}

export interface Actor {
  id: string;
  email: string;
  record: RecordModel;
  /** Authenticated as this user. */
  pb: PocketBase;
}

/** Creates a verified user (password PASSWORD) with the superuser client, without logging in. */
export async function createUserRecord(
  su: PocketBase,
  extra: Record<string, unknown> = {},
): Promise<{ email: string; record: RecordModel }> {
  const tag = uniq();
  const email = `u${tag}@test.local`;
  const record = await su.collection('users').create({
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    username: `u${tag}`.slice(0, 20),
    name: 'tester',
    ...extra,
  });
  return { email, record };
}

/** Creates a verified user with the superuser client and logs in as them. */
export async function createUser(
  server: TestServer,
  su: PocketBase,
  extra: Record<string, unknown> = {},
): Promise<Actor> {
  const { email, record } = await createUserRecord(su, extra);
  const pb = server.client();
  await pb.collection('users').authWithPassword(email, PASSWORD);
  return { id: record.id, email, record, pb };
}

export interface Catalogue {
  group: RecordModel;
  card: RecordModel;
  meetUp: RecordModel;
}

export async function createGroup(su: PocketBase): Promise<RecordModel> {
  return su.collection('groups').create({ groupName: `G${uniq()}` });
}

export async function createCard(su: PocketBase, group: RecordModel): Promise<RecordModel> {
  return su.collection('photoCards').create({
    group: group.id,
    groupName: group.groupName,
    memberName: '원빈',
    title: `card ${uniq()}`,
  });
}

export async function createCatalogue(su: PocketBase): Promise<Catalogue> {
  const group = await createGroup(su);
  const card = await createCard(su, group);
  const meetUp = await su.collection('meetUps').create({ eventTitle: `cafe ${uniq()}` });
  return { group, card, meetUp };
}

/** A 1×1 PNG (the smallest image PocketBase's file fields take). */
const PNG_1X1 = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

/**
 * A report (informUs) with every field its type requires (pb_hooks/reports.pb.js), image
 * included; the SDK sends it as multipart because of the Blob.
 */
export function completeReport(
  user: string,
  type: 'phoca' | 'meetup' = 'phoca',
): Record<string, unknown> {
  const image = new Blob([PNG_1X1], { type: 'image/png' });
  return type === 'phoca'
    ? {
        user,
        type,
        phocaImg: image,
        group: 'RIIZE',
        artistName: '원빈',
        phocaType: '앨범',
        phocaTitle: 'lucky draw',
      }
    : {
        user,
        type,
        meetUpImg: image,
        group: 'RIIZE',
        artistName: '원빈',
        cafeName: '카페',
        cafeAddress: '서울 마포구 양화로 45',
        meetUpDuration: '2026.12.01 - 2026.12.03',
        SourceURL_: 'https://x.com/pocamarket/status/1',
      };
}

/** The error of a request that must fail (fails the test if it succeeds). */
export async function failure(p: Promise<unknown>): Promise<ClientResponseError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ClientResponseError) return err;
    throw err;
  }
  throw new Error('expected the request to fail, but it succeeded');
}

/** The superuser's view of a record, or null when it doesn't exist. */
export async function readAsSuperuser(
  su: PocketBase,
  collection: string,
  id: string,
): Promise<RecordModel | null> {
  try {
    return await su.collection(collection).getOne(id);
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 404) return null;
    throw err;
  }
}

/**
 * Every file under the data dir's storage/ (originals, .attrs and thumbs), as paths relative to
 * it, sorted: "nothing stored" is checked on disk.
 */
export function storedFiles(server: TestServer): string[] {
  const root = join(server.dataDir, 'storage');
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(p.slice(root.length + 1));
    }
  };
  walk(root);
  return out.sort();
}

/**
 * Makes the rate-limit `rules` of a test server last `seconds` instead of their settings'
 * window, after checking each still has the window and count the settings give it. For tests of
 * what a limit counts (a batch's requests with the direct ones, the 31st search): with a 10 s
 * window a loaded machine can let the window end in the middle of such a test, and more requests
 * pass than the limit allows. The count stays the settings' own.
 */
export async function stretchRateWindows(
  su: PocketBase,
  rules: readonly { label: string; duration: number; maxRequests: number }[],
  seconds = 3600,
): Promise<void> {
  const settings = await su.settings.getAll();
  const rateLimits = settings['rateLimits'] as {
    enabled: boolean;
    rules: { label: string; duration: number; maxRequests: number }[];
  };
  for (const rule of rules) {
    expect(rateLimits.rules.find((r) => r.label === rule.label)).toMatchObject(rule);
  }
  const labels = new Set(rules.map((r) => r.label));
  await su.settings.update({
    rateLimits: {
      ...rateLimits,
      rules: rateLimits.rules.map((r) => (labels.has(r.label) ? { ...r, duration: seconds } : r)),
    },
  });
}
