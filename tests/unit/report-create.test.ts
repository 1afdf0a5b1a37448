/**
 * createReport: a report is queued (with its image) only when it carries what its type requires,
 * the same rules pb_hooks/lib/reports.js applies on the server; else nothing is queued.
 */
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDB } from '@/data/db/index.ts';
import { createReport, InvalidInputError } from '@/domains/tables/writes.ts';
import type { ReportInput } from '@/domains/reports/writes.ts';
import { koReports } from '@/i18n/ko-reports.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';

const USER = 'useraaaaaaaaaaa';
let db: AppDB;

beforeEach(async () => {
  db = new AppDB(`report-create-${Math.random()}`);
  await db.auth.put({ key: 'session', token: fakeToken(USER, 1), record: { id: USER } });
});

afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

const png = () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

const phoca = (): ReportInput => ({
  type: 'phoca',
  phocaImg: png(),
  group: 'RIIZE',
  artistName: '원빈',
  phocaType: '앨범',
  phocaTitle: '앨범 포카',
});

const meetup = (): ReportInput => ({
  type: 'meetup',
  meetUpImg: png(),
  group: 'RIIZE',
  artistName: '원빈',
  cafeName: '카페',
  cafeAddress: '서울 마포구 양화로 45 2층',
  meetUpDuration: '2026.12.01 - 2026.12.03',
  SourceURL_: 'https://x.com/a',
});

describe('createReport', () => {
  it('queues a complete report with its image, in the user’s name', async () => {
    const id = await createReport(meetup(), db);
    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.recordKey).toBe(`informUs/${id}`);
    const payload = rows[0]!.payload as Record<string, unknown>;
    expect(payload['user']).toBe(USER);
    // (fake-indexeddb under jsdom clones a Blob into a plain object; e2e checks the real upload)
    expect(payload['meetUpImg']).toBeDefined();
    expect(payload['cafeAddress']).toBe('서울 마포구 양화로 45 2층');
    expect((await db.informUs.get(id))?.cafeName).toBe('카페');
  });

  it.each([
    ['phoca without an image', { ...phoca(), phocaImg: undefined }],
    ['phoca with a blank title', { ...phoca(), phocaTitle: '  ' }],
    ['phoca with an unknown type', { ...phoca(), phocaType: '포스터' }],
    ['meetup without an address', { ...meetup(), cafeAddress: '' }],
    ['meetup with a link that is not http(s)', { ...meetup(), SourceURL_: 'x.com/a' }],
    [
      'meetup with the photo card image only',
      { ...meetup(), meetUpImg: undefined, phocaImg: png() },
    ],
  ] as [string, ReportInput][])('refuses a %s and queues nothing', async (_name, input) => {
    const attempt = createReport(input, db);
    await expect(attempt).rejects.toBeInstanceOf(InvalidInputError);
    await expect(attempt).rejects.toThrow(koReports.reports.incomplete);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.informUs.count()).toBe(0);
  });
});
