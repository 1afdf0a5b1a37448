import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDB, type OutboxRow } from '../../src/data/db/index.ts';
import { deliveryOf } from '../../src/data/queries/delivery.ts';

let db: AppDB;
let n = 0;

beforeEach(async () => {
  db = new AppDB(`delivery-${++n}`);
  await db.open();
});

afterEach(async () => {
  await db.delete();
});

const row = (recordKey: string, id = `m${Math.random()}`): OutboxRow => ({
  id,
  kind: 'report.create',
  recordKey,
  userId: 'u1',
  payload: {},
  createdAt: Date.now(),
  attempts: 0,
  nextTryAt: 0,
});

describe('deliveryOf', () => {
  it('is pending while an outbox row of the record is queued', async () => {
    await db.outbox.add(row('informUs/r1'));
    expect(await deliveryOf('informUs', 'r1', db)).toBe('pending');
    // other records do not count
    expect(await deliveryOf('informUs', 'r2', db)).toBe('sent');
    expect(await deliveryOf('collectBook', 'r1', db)).toBe('sent');
  });

  it('is failed once the server refused it (a dead letter)', async () => {
    await db.deadLetters.add({
      ...row('informUs/r1'),
      failedAt: Date.now(),
      status: 400,
      message: '포토카드 제출 중 오류가 발생했습니다.',
      detail: 'bad',
      notifiedAt: 0,
    });
    expect(await deliveryOf('informUs', 'r1', db)).toBe('failed');
  });

  it('is sent when neither holds it', async () => {
    expect(await deliveryOf('informUs', 'r1', db)).toBe('sent');
  });
});
