/**
 * docs/product-rules.md, Comments: an ended event takes no new comments. The server refuses them
 * (pb_hooks/lib/meetup-ended.js) with the Korean message and stores nothing; running, coming and
 * undated events take them as before, and the superuser (seeding, moderation) is not bound.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import { createUser, failure, newId, readAsSuperuser, type Actor } from '../helpers/pb-fixtures.ts';

let server: TestServer;
let su: PocketBase;
let fan: Actor;

setupCatalogueServer(async (env) => {
  ({ server, su } = env);
  fan = await createUser(server, su);
});

const MSG = '종료된 이벤트에는 댓글을 남길 수 없어요.';

/** `YYYY-MM-DD 00:00:00.000Z` of the day `offset` days from today in Korea (UTC+9). */
function koreaDay(offset: number): string {
  const d = new Date(Date.now() + 9 * 3600_000 + offset * 86_400_000);
  return `${d.toISOString().slice(0, 10)} 00:00:00.000Z`;
}

const event = (dates: { startDate?: string; endDate?: string }) =>
  su.collection('meetUps').create({ eventTitle: `종료 테스트 ${newId()}`, ...dates });

const comment = (pb: PocketBase, meetUp: string, id = newId()) =>
  pb.collection('comments').create({ id, name: fan.id, meetUp, ment: '다녀왔어요' });

describe('comments on ended events', () => {
  it('refuses a comment on an event whose last day has passed, and stores nothing', async () => {
    const ended = await event({ startDate: koreaDay(-5), endDate: koreaDay(-1) });
    const id = newId();
    const err = await failure(comment(fan.pb, ended.id, id));
    expect(err.status).toBe(400);
    expect(err.response['message']).toBe(MSG);
    expect((err.response['data'] as Record<string, { message: string }>)['meetUp']?.message).toBe(
      MSG,
    );
    expect(await readAsSuperuser(su, 'comments', id)).toBeNull();
  });

  it('takes the last day from startDate when there is no endDate', async () => {
    const ended = await event({ startDate: koreaDay(-2) });
    expect((await failure(comment(fan.pb, ended.id))).response['message']).toBe(MSG);
  });

  it('takes comments on the last day, on coming and on undated events', async () => {
    for (const dates of [
      { startDate: koreaDay(-3), endDate: koreaDay(0) },
      { startDate: koreaDay(2), endDate: koreaDay(4) },
      {},
    ]) {
      const open = await event(dates);
      const id = newId();
      await comment(fan.pb, open.id, id);
      expect(await readAsSuperuser(su, 'comments', id)).not.toBeNull();
    }
  });

  it('lets the superuser add one (seeding, moderation)', async () => {
    const ended = await event({ startDate: koreaDay(-5), endDate: koreaDay(-1) });
    const id = newId();
    await comment(su, ended.id, id);
    expect(await readAsSuperuser(su, 'comments', id)).not.toBeNull();
  });
});
