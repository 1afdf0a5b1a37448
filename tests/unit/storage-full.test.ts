/**
 * A phone with a full disk: a change that cannot be stored is refused as a whole with the Korean
 * storage-full message (nothing shown that is not queued), and the changes queued before it stay.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { AppDB } from '@/data/db/index.ts';
import { createPost } from '@/domains/posts/writes.ts';
import { isQuotaError, StorageFullError } from '@/data/storage.ts';
import { ko } from '@/i18n/ko.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';

const USER = 'useraaaaaaaaaaa';
let db: AppDB | undefined;

afterEach(async () => {
  if (!db) return; // the test that opens no database
  db.close();
  await Dexie.delete(db.name);
  db = undefined;
});

describe('storage full', () => {
  it('refuses the change whole, says so in Korean, and keeps what was queued before', async () => {
    db = new AppDB(`full-${Math.random()}`);
    await db.auth.put({ key: 'session', token: fakeToken(USER, 1), record: { id: USER } });
    const first = await createPost('cardaaaaaaaaaaa', '먼저 쓴 글', db);

    const realAdd = db.outbox.add.bind(db.outbox);
    db.outbox.add = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const attempt = createPost('cardaaaaaaaaaaa', '디스크가 가득 찬 뒤에 쓴 글', db);
    await expect(attempt).rejects.toBeInstanceOf(StorageFullError);
    db.outbox.add = realAdd;

    // the refused post is nowhere, the earlier one is shown and still queued
    const posts = await db.exchangeList.toArray();
    expect(posts.map((p) => p.id)).toEqual([first]);
    const queued = await db.outbox.toArray();
    expect(queued.map((r) => (r.payload as { id: string }).id)).toEqual([first]);
    expect(ko.sync.storageFull).toMatch(/저장 공간/);
  });

  it('recognises quota errors as IndexedDB and Dexie report them', () => {
    expect(isQuotaError(new DOMException('x', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(new Dexie.QuotaExceededError('x'))).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError(new Error('network'))).toBe(false);
  });
});
