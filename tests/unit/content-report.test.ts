/**
 * reportContent (docs/operators.md, Moderation): a 신고 of another fan's exchange post or meetup
 * comment is queued as a chat report naming the item and its writer, with the reason trimmed; one's
 * own post, a blank reason and a second open report of the same item are refused at once, and
 * nothing is queued.
 */
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDB } from '@/data/db/index.ts';
import { InvalidInputError, reportContent } from '@/domains/tables/writes.ts';
import { reportsKo } from '@/domains/reports/ko.ts';
import { KINDS } from '@/domains/reports/names.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';

const USER = 'useraaaaaaaaaaa';
const WRITER = 'writerbbbbbbbbb';
const STAMP = '2026-11-30 06:00:00.000Z';
let db: AppDB;

beforeEach(async () => {
  db = new AppDB(`content-report-${Math.random()}`);
  await db.auth.put({ key: 'session', token: fakeToken(USER, 1), record: { id: USER } });
  const base = { created: STAMP, updated: STAMP };
  await db.exchangeList.put({
    ...base,
    id: 'postaaaaaaaaaaa',
    writer: WRITER,
    photoCard: 'cardaaaaaaaaaaa',
    description: '선입금만 받아요',
    status: '교환대기중',
    chatContent: '',
  });
  await db.exchangeList.put({
    ...base,
    id: 'postmineaaaaaaa',
    writer: USER,
    photoCard: 'cardaaaaaaaaaaa',
    description: '내 글',
    status: '교환대기중',
    chatContent: '',
  });
  await db.comments.put({
    ...base,
    id: 'commentaaaaaaaa',
    name: WRITER,
    ment: '광고 댓글',
    meetUp: 'meetupaaaaaaaaa',
  });
});

afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

describe('reportContent', () => {
  it('queues a post’s 신고 to its writer, and a comment’s', async () => {
    const id = await reportContent({ post: 'postaaaaaaaaaaa' }, '  선입금 사기 같아요 ', db);
    const other = await reportContent({ comment: 'commentaaaaaaaa' }, '광고예요', db);
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => [r.kind, r.recordKey])).toEqual([
      [KINDS.contentReport, `chatReports/${id}`],
      [KINDS.contentReport, `chatReports/${other}`],
    ]);
    expect(rows[0]!.payload).toMatchObject({
      reporter: USER,
      target: WRITER,
      post: 'postaaaaaaaaaaa',
      comment: '',
      reason: '선입금 사기 같아요',
    });
    expect(rows[1]!.payload).toMatchObject({ target: WRITER, comment: 'commentaaaaaaaa' });
    expect(await db.chatReports.get(id)).toMatchObject({ post: 'postaaaaaaaaaaa', status: 'open' });
  });

  it.each([
    ['one’s own post', { post: 'postmineaaaaaaa' }, '사유', reportsKo.moderation.selfReport],
    ['a blank reason', { post: 'postaaaaaaaaaaa' }, '   ', null],
    ['a post not on this device', { post: 'nopostaaaaaaaaa' }, '사유', null],
  ] as const)('refuses %s and queues nothing', async (_name, what, reason, message) => {
    const attempt = reportContent(what, reason, db);
    await expect(attempt).rejects.toBeInstanceOf(InvalidInputError);
    if (message) await expect(attempt).rejects.toThrow(message);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.chatReports.count()).toBe(0);
  });

  it('refuses a second 신고 of the same post while the first is open', async () => {
    await reportContent({ post: 'postaaaaaaaaaaa' }, '첫 신고', db);
    const attempt = reportContent({ post: 'postaaaaaaaaaaa' }, '두 번째', db);
    await expect(attempt).rejects.toThrow(reportsKo.moderation.alreadyReported);
    expect(await db.outbox.count()).toBe(1);
  });
});
