/**
 * The restore drill (docs/scaling.md, Backups): a server with fans, cards, a collect book with a
 * protected cover and a like is backed up through PocketBase's backup API (the same zip the
 * daily schedule makes); then more is written; then a fresh server, with a new empty data dir,
 * is given the zip and restores it (PocketBase swaps in the backup's pb_data and restarts
 * itself). Every record the backup held is back, field for field, with every file byte for byte,
 * and nothing written after the backup is there.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { PNG } from 'pngjs';
import { waitForHealth } from '../../server/pocketbase.ts';
import { startTestServer, SUPERUSER, type TestServer } from '../helpers/pocketbase.ts';
import { createCatalogue, createUser, PASSWORD } from '../helpers/pb-fixtures.ts';

let source: TestServer;
let fresh: TestServer;

beforeAll(async () => {
  [source, fresh] = await Promise.all([
    startTestServer({ publicDir: null }),
    startTestServer({ publicDir: null }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([source?.stop(), fresh?.stop()]);
});

function image(seed: number): File {
  const png = new PNG({ width: 240, height: 360 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = (i / 4 + seed) % 256;
    png.data[i + 1] = (seed * 37) % 256;
    png.data[i + 2] = 180;
    png.data[i + 3] = 255;
  }
  return new File([new Uint8Array(PNG.sync.write(png))], `card${seed}.png`, { type: 'image/png' });
}

/** Every record of every non-system collection, by collection, as the superuser sees it. */
async function snapshot(su: PocketBase): Promise<Record<string, RecordModel[]>> {
  const collections = (await su.collections.getFullList()).filter(
    (c) => !c.system && c.type !== 'view',
  );
  const out: Record<string, RecordModel[]> = {};
  for (const c of collections) {
    out[c.name] = await su.collection(c.name).getFullList({ sort: 'id', requestKey: null });
  }
  return out;
}

/** Every stored file (collection/record/name) with its bytes, read through the server's API. */
async function files(
  server: TestServer,
  su: PocketBase,
  records: Record<string, RecordModel[]>,
): Promise<Map<string, string>> {
  const token = await su.files.getToken();
  const fields = new Map(
    (await su.collections.getFullList()).map((c) => [
      c.name,
      c.fields.filter((f) => f.type === 'file').map((f) => f.name),
    ]),
  );
  const out = new Map<string, string>();
  for (const [name, list] of Object.entries(records)) {
    for (const record of list) {
      for (const field of fields.get(name) ?? []) {
        const values = ([] as string[]).concat((record[field] as string | string[]) || []);
        for (const file of values) {
          const path = `${record.collectionId}/${record.id}/${file}`;
          const res = await fetch(`${server.url}/api/files/${path}?token=${token}`);
          expect(res.status, path).toBe(200);
          out.set(path, Buffer.from(await res.arrayBuffer()).toString('base64'));
        }
      }
    }
  }
  return out;
}

it('restores every record and file of the backup into a fresh data dir, and nothing later', async () => {
  const su = await source.admin();
  const cat = await createCatalogue(su);
  const fan = await createUser(source, su);
  await su.collection('photoCards').update(cat.card.id, { cardImg: image(1) });
  await fan.pb.collection('users').update(fan.id, { avatar: image(2) });
  await fan.pb.collection('collectBook').create({
    users: fan.id,
    title: '백업될 콜북',
    group: cat.group.id,
    thumbNail: image(3),
  });
  await fan.pb.collection('likes').create({ user: fan.id, photoCard: cat.card.id });

  const before = await snapshot(su);
  const beforeFiles = await files(source, su, before);
  expect(beforeFiles.size).toBe(3);
  expect(before['likes']).toHaveLength(1);
  await su.backups.create('drill.zip');

  // written after the backup: must not come back
  const later = await su.collection('photoCards').create({
    group: cat.group.id,
    groupName: cat.group['groupName'],
    memberName: '소희',
    title: 'after the backup',
    cardImg: image(4),
  });
  await fan.pb.collection('likes').create({ user: fan.id, photoCard: later.id });

  // the zip, as an operator downloads it
  const token = await su.files.getToken();
  const zip = await fetch(su.backups.getDownloadURL(token, 'drill.zip'));
  expect(zip.status).toBe(200);
  const bytes = new Uint8Array(await zip.arrayBuffer());

  // a fresh server: upload and restore (PocketBase replaces its pb_data and restarts itself)
  const target = await fresh.admin();
  expect((await snapshot(target))['photoCards']).toEqual([]);
  await target.backups.upload({
    file: new File([bytes], 'drill.zip', { type: 'application/zip' }),
  });
  await target.backups.restore('drill.zip');
  await expect
    .poll(
      async () => {
        try {
          await waitForHealth(fresh.url, 2_000);
          const pb = fresh.client();
          await pb.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
          return (await pb.collection('photoCards').getList(1, 1)).totalItems;
        } catch {
          return -1; // still restarting
        }
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(before['photoCards']!.length);

  const restored = await fresh.admin();
  const after = await snapshot(restored);
  expect(after).toEqual(before);
  expect(await files(fresh, restored, after)).toEqual(beforeFiles);
  expect(after['photoCards']!.map((c) => c.id)).not.toContain(later.id);
  // the restored server works: the fan logs in with their password and likes a new card
  const next = await restored.collection('photoCards').create({
    group: cat.group.id,
    groupName: cat.group['groupName'],
    memberName: '소희',
    title: 'after the restore',
  });
  const again = fresh.client();
  await again.collection('users').authWithPassword(fan.email, PASSWORD);
  await again.collection('likes').create({ user: fan.id, photoCard: next.id });
  expect((await restored.collection('photoCards').getOne(next.id))['likeCount']).toBe(1);
}, 180_000);

it('backs up on a schedule by default: daily at 04:30, the last 7 kept, on the server’s disk', async () => {
  const settings = await (await source.admin()).settings.getAll();
  expect(settings['backups']).toMatchObject({ cron: '30 4 * * *', cronMaxKeep: 7 });
  expect((settings['backups'] as { s3: { enabled: boolean } }).s3.enabled).toBe(false);
});
