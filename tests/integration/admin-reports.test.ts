/**
 * The report queue against the real server (docs/operators.md, The report queue;
 * pb_hooks/admin-catalogue.pb.js): an admin lists the fans' 제보, publishes a card report as a card
 * (the report's image, the edited fields, a new group if asked), is stopped by a near duplicate
 * unless they confirm, publishes a meetup report as an event, rejects with a reason; the reporter
 * gets an alert each time and every action is one audit entry. Fans and guests are refused every
 * admin route and change nothing; fans never read the audit log. Plus the admins' catalogue
 * writes through the record API (audited, hook-kept fields kept, hidden cards out of the search).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { PNG } from 'pngjs';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import { failure, newId, uniq, type Actor, type Catalogue } from '../helpers/pb-fixtures.ts';
import type { TestServer } from '../helpers/pocketbase.ts';

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;
let admin: Actor;
let reporter: Actor;
let other: Actor;

const { fan } = setupCatalogueServer(async (env) => {
  ({ server, su, cat } = env);
});

beforeAll(async () => {
  [admin, reporter, other] = await Promise.all([fan({ role: 'admin' }), fan(), fan()]);
});

/** A small PNG of its own colour, so two images can be told apart by their bytes. */
function png(shade: number): Blob {
  const img = new PNG({ width: 3, height: 5 });
  img.data.fill(shade);
  return new Blob([new Uint8Array(PNG.sync.write(img))], { type: 'image/png' });
}

async function cardReport(who: Actor, fields: Record<string, unknown> = {}): Promise<RecordModel> {
  return who.pb.collection('informUs').create({
    id: newId(),
    user: who.id,
    type: 'phoca',
    phocaImg: png(Math.floor(Math.random() * 200) + 20),
    group: cat.group['groupName'] as string,
    artistName: '원빈',
    phocaType: '앨범',
    phocaTitle: `럭키드로우 ${uniq()}`,
    ...fields,
  });
}

async function meetupReport(who: Actor): Promise<RecordModel> {
  return who.pb.collection('informUs').create({
    id: newId(),
    user: who.id,
    type: 'meetup',
    meetUpImg: png(90),
    group: cat.group['groupName'] as string,
    artistName: '원빈',
    cafeName: `카페 ${uniq()}`,
    cafeAddress: '서울 마포구 양화로 45',
    meetUpDuration: '2026.12.01 - 2026.12.03',
    SourceURL_: 'https://x.com/pocamarket/status/1',
  });
}

const ADMIN = '/api/pocamarket/admin';

interface QueueItem {
  report: RecordModel;
  reporter: { id: string; username: string } | null;
  image: { field: string; name: string; path: string } | null;
}
interface QueuePage {
  items: QueueItem[];
  open: number;
  totalItems: number;
  more: boolean;
}
interface Published {
  report: RecordModel;
  card: RecordModel;
  event: RecordModel;
}
interface Duplicates {
  group: { id: string; groupName: string; groupNameKo: string } | null;
  items: RecordModel[];
}

function send<T = unknown>(
  pb: PocketBase,
  path: string,
  method = 'GET',
  body?: unknown,
): Promise<T> {
  return pb.send<T>(`${ADMIN}${path}`, {
    method,
    ...(body === undefined ? {} : { body }),
    requestKey: null,
  });
}

async function bytesOf(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The report's stored image, read as the admin would (a protected file: a file token). */
async function reportImage(report: RecordModel): Promise<Buffer> {
  const token = await admin.pb.files.getToken();
  return bytesOf(
    `${server.url}/api/files/informUs/${report.id}/${report['phocaImg'] || report['meetUpImg']}?token=${token}`,
  );
}

async function alertsOf(user: Actor): Promise<RecordModel[]> {
  return su
    .collection('notifications')
    .getFullList({ filter: su.filter('user = {:u} && topic = "report"', { u: user.id }) });
}

async function auditOf(id: string): Promise<RecordModel[]> {
  return admin.pb
    .collection('auditLog')
    .getFullList({ filter: admin.pb.filter('targetId = {:id}', { id }), sort: 'created' });
}

function cardBody(title: string, extra: Record<string, unknown> = {}) {
  return {
    group: cat.group.id,
    memberName: '원빈',
    memberNameEn: 'WONBIN',
    release: 'Get A Guitar',
    label: '앨범',
    title,
    ...extra,
  };
}

describe('a fan’s report', () => {
  it('starts open, and its handling cannot be sent by the fan', async () => {
    const report = await cardReport(reporter);
    expect(report['status']).toBe('open');
    for (const forged of [
      { status: 'published' },
      { rejectReason: '직접 씀' },
      { handledBy: reporter.id },
      { publishedCard: cat.card.id },
    ]) {
      const id = newId();
      const err = await failure(cardReport(reporter, { id, ...forged }));
      expect(err.status).toBe(400);
      expect(err.message).toMatch(/[가-힣]/);
      expect(
        await su.collection('informUs').getList(1, 1, { filter: `id = "${id}"` }),
      ).toMatchObject({ totalItems: 0 });
    }
  });
});

describe('the queue', () => {
  it('lists open reports first, newest first, with the reporter and the image path', async () => {
    const older = await cardReport(reporter);
    const newer = await cardReport(other);
    const page = await send<QueuePage>(admin.pb, '/reports?perPage=50');
    const ids = page.items.map((i) => i.report.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(page.open).toBeGreaterThanOrEqual(2);
    const item = page.items.find((i) => i.report.id === newer.id)!;
    expect(item.reporter).toEqual({ id: other.id, username: other.record['username'] });
    expect(item.image).toEqual({
      field: 'phocaImg',
      name: newer['phocaImg'],
      path: `/api/files/informUs/${newer.id}/${newer['phocaImg']}`,
    });
    // the path serves the image with an admin's file token, and not without one
    const token = await admin.pb.files.getToken();
    expect((await fetch(`${server.url}${item.image!.path}?token=${token}`)).status).toBe(200);
    expect((await fetch(`${server.url}${item.image!.path}`)).status).not.toBe(200);
    // every open report comes before every handled one
    const statuses = page.items.map((i) => i.report['status'] as string);
    const firstHandled = statuses.findIndex((s) => s !== 'open');
    if (firstHandled >= 0) expect(statuses.slice(firstHandled)).not.toContain('open');
  });

  it('refuses bad paging and an unknown status in Korean', async () => {
    for (const q of ['?perPage=51', '?page=0', '?page=101', '?status=done', '?perPage=x']) {
      const err = await failure(send(admin.pb, `/reports${q}`));
      expect(err.status, q).toBe(400);
      expect(err.message, q).toMatch(/[가-힣]/);
    }
  });
});

describe('publishing a card report', () => {
  it('makes the card from the edited fields and the report’s image, tells the reporter, audits it', async () => {
    const report = await cardReport(reporter);
    const title = `Lucky Draw ${uniq()}`;
    const answer = await send<Published>(
      admin.pb,
      `/reports/${report.id}/publish`,
      'POST',
      cardBody(title),
    );
    const card = await su.collection('photoCards').getOne(answer.card.id);
    expect(card).toMatchObject({
      group: cat.group.id,
      groupName: cat.group['groupName'],
      memberName: '원빈',
      memberNameEn: 'WONBIN',
      label: '앨범',
      title,
      hidden: false,
      likeCount: 0,
    });
    if ('release' in card) expect(card['release']).toBe('Get A Guitar');
    // the report's image, copied
    expect(
      await bytesOf(`${server.url}/api/files/photoCards/${card.id}/${card['cardImg']}`),
    ).toEqual(await reportImage(report));

    const stored = await su.collection('informUs').getOne(report.id);
    expect(stored).toMatchObject({
      status: 'published',
      publishedCard: card.id,
      handledBy: admin.id,
    });
    expect(stored['handledAt']).not.toBe('');

    const alerts = (await alertsOf(reporter)).filter(
      (a) => a['url'] === `/exchangeDetail/${card.id}`,
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: '제보하신 포토카드가 등록되었어요', read: false });
    expect(alerts[0]!['body']).toContain(title);

    const entries = await auditOf(report.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: admin.id,
      action: 'report.publish',
      targetCollection: 'informUs',
      targetId: report.id,
    });
    expect(entries[0]!['before']).toMatchObject({ id: report.id, status: 'open' });
    expect(entries[0]!['after']).toMatchObject({
      report: { status: 'published', publishedCard: card.id },
      card: { id: card.id, title },
    });

    // published once: a second publish is refused and makes nothing
    const again = await failure(
      send(admin.pb, `/reports/${report.id}/publish`, 'POST', cardBody(`${title} 2`)),
    );
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/[가-힣]/);
    expect(
      await su
        .collection('photoCards')
        .getList(1, 1, { filter: su.filter('title = {:t}', { t: `${title} 2` }) }),
    ).toMatchObject({ totalItems: 0 });
    expect(await auditOf(report.id)).toHaveLength(1);
  });

  it('publishes into a new group made from the names sent', async () => {
    const report = await cardReport(reporter);
    const groupName = `NEW${uniq()}`;
    const answer = await send<Published>(
      admin.pb,
      `/reports/${report.id}/publish`,
      'POST',
      cardBody(`데뷔 포카 ${uniq()}`, { group: { groupName, groupNameKo: '새그룹' } }),
    );
    const group = await su
      .collection('groups')
      .getFirstListItem(su.filter('groupName = {:n}', { n: groupName }));
    expect(group['groupNameKo']).toBe('새그룹');
    expect(answer.card.group).toBe(group.id);
    expect((await auditOf(group.id)).map((e) => e['action'])).toEqual(['group.create']);
  });

  it('refuses bad fields in Korean and changes nothing', async () => {
    const report = await cardReport(reporter);
    const bad: Record<string, unknown>[] = [
      cardBody('x', { group: 'nosuchgroup1234' }),
      cardBody('x', { group: { groupName: '  ' } }),
      cardBody('x', { memberName: ' ' }),
      cardBody(''),
      cardBody('x', { label: '포스터' }),
      cardBody('x'.repeat(201)),
    ];
    for (const body of bad) {
      const err = await failure(send(admin.pb, `/reports/${report.id}/publish`, 'POST', body));
      expect(err.status, JSON.stringify(body)).toBe(400);
      expect(err.message).toMatch(/[가-힣]/);
    }
    expect((await su.collection('informUs').getOne(report.id))['status']).toBe('open');
    expect(await auditOf(report.id)).toHaveLength(0);
  });
});

describe('duplicates', () => {
  let existing: RecordModel;
  /** A report to ask about (asking changes nothing; each report counts in the daily quota). */
  let probe: RecordModel;
  const base = `Lucky Draw Special ${uniq()}`;

  beforeAll(async () => {
    probe = await cardReport(other);
    existing = await su.collection('photoCards').create({
      group: cat.group.id,
      groupName: cat.group['groupName'],
      memberName: '원빈',
      memberNameEn: 'WONBIN',
      title: base,
      label: '앨범',
    });
  });

  async function flagged(memberName: string, title: string): Promise<string[]> {
    const q = new URLSearchParams({ group: cat.group.id, memberName, title });
    const answer = await send<Duplicates>(admin.pb, `/reports/${probe.id}/duplicates?${q}`);
    expect(answer.group?.id).toBe(cat.group.id);
    return answer.items.map((c) => c.id);
  }

  it('flags the same group and member with a near title, and nothing else', async () => {
    // equal once folded, one inside the other, a typo or two
    expect(await flagged('원빈', base.toUpperCase().replace(/ /g, ''))).toContain(existing.id);
    expect(await flagged('WONBIN', `${base} B`)).toContain(existing.id);
    expect(await flagged('원빈', base.replace('Draw', 'Drow'))).toContain(existing.id);
    expect(await flagged('원빈', base.replace('Lucky', 'Lukcy'))).toContain(existing.id);
    // another member, another title
    expect(await flagged('쇼타로', base)).not.toContain(existing.id);
    expect(await flagged('원빈', `시즌그리팅 ${uniq()}`)).not.toContain(existing.id);
  });

  it('defaults to the report’s own group, member and title', async () => {
    const report = await cardReport(reporter, { phocaTitle: base });
    const answer = await send<Duplicates>(admin.pb, `/reports/${report.id}/duplicates`);
    expect(answer.group?.id).toBe(cat.group.id);
    expect(answer.items.map((c) => c.id)).toContain(existing.id);
  });

  it('refuses to publish a flagged duplicate unless the admin confirms', async () => {
    const report = await cardReport(reporter);
    const err = await failure(
      send(admin.pb, `/reports/${report.id}/publish`, 'POST', cardBody(`${base}!`)),
    );
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/[가-힣]/);
    const dupes = (err.response['duplicates'] as RecordModel[]).map((c) => c.id);
    expect(dupes).toContain(existing.id);
    // nothing happened
    expect((await su.collection('informUs').getOne(report.id))['status']).toBe('open');
    expect(await auditOf(report.id)).toHaveLength(0);
    expect(
      await su
        .collection('photoCards')
        .getList(1, 1, { filter: su.filter('title = {:t}', { t: `${base}!` }) }),
    ).toMatchObject({ totalItems: 0 });

    const answer = await send<Published>(
      admin.pb,
      `/reports/${report.id}/publish`,
      'POST',
      cardBody(`${base}!`, { force: true }),
    );
    expect(answer.card.title).toBe(`${base}!`);
    expect(answer.report.status).toBe('published');
  });
});

describe('a meetup report', () => {
  it('is published as an event with the report’s image and the edited fields', async () => {
    const report = await meetupReport(reporter);
    const answer = await send<Published>(admin.pb, `/reports/${report.id}/publish`, 'POST', {
      eventTitle: '원빈 생일카페',
      startDate: '2026-12-01',
      endDate: '2026-12-03',
      lat: 37.55,
      lng: 126.92,
    });
    const event = await su.collection('meetUps').getOne(answer.event.id);
    expect(event).toMatchObject({
      eventTitle: '원빈 생일카페',
      cafeName: report['cafeName'],
      address: '서울 마포구 양화로 45',
      date: '2026.12.01 - 2026.12.03',
      artistName: '원빈',
      source: 'https://x.com/pocamarket/status/1',
      group: cat.group.id,
      lat: 37.55,
      lng: 126.92,
    });
    expect(event['startDate']).toMatch(/^2026-12-01/);
    const images = event['eventImg'] as string[];
    expect(images).toHaveLength(1);
    expect(await bytesOf(`${server.url}/api/files/meetUps/${event.id}/${images[0]}`)).toEqual(
      await reportImage(report),
    );
    expect((await su.collection('informUs').getOne(report.id))['publishedEvent']).toBe(event.id);
    const alert = (await alertsOf(reporter)).find((a) => a['url'] === `/meetupDetail/${event.id}`);
    expect(alert?.['title']).toBe('제보하신 밋업이 등록되었어요');
    expect((await auditOf(report.id))[0]?.['action']).toBe('report.publish');
  });
});

describe('rejecting a report', () => {
  it('needs a reason of at most 300 characters; nothing changes without one', async () => {
    const report = await cardReport(reporter);
    for (const reason of [undefined, '', '   ', '가'.repeat(301)]) {
      const err = await failure(
        send(
          admin.pb,
          `/reports/${report.id}/reject`,
          'POST',
          reason === undefined ? {} : { reason },
        ),
      );
      expect(err.status).toBe(400);
      expect(err.message).toMatch(/[가-힣]/);
    }
    expect((await su.collection('informUs').getOne(report.id))['status']).toBe('open');
    expect(await auditOf(report.id)).toHaveLength(0);
  });

  it('rejects with the reason, tells the reporter why and audits it', async () => {
    const report = await cardReport(reporter);
    const reason = '이미 등록된 카드와 같아요. 검색해서 찾아보세요.';
    const before = (await alertsOf(reporter)).length;
    const answer = await send<{ report: RecordModel }>(
      admin.pb,
      `/reports/${report.id}/reject`,
      'POST',
      { reason },
    );
    expect(answer.report).toMatchObject({ status: 'rejected', rejectReason: reason });
    expect(await su.collection('informUs').getOne(report.id)).toMatchObject({
      status: 'rejected',
      rejectReason: reason,
      handledBy: admin.id,
      publishedCard: '',
    });
    const alerts = await alertsOf(reporter);
    expect(alerts).toHaveLength(before + 1);
    const alert = alerts.find((a) => a['body'] === reason);
    expect(alert?.['title']).toBe('제보하신 포토카드를 등록하지 않았어요');
    const entries = await auditOf(report.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'report.reject', reason, actor: admin.id });
    expect(entries[0]!['after']).toMatchObject({ status: 'rejected', rejectReason: reason });
    // handled: neither rejected again nor published
    expect(
      (await failure(send(admin.pb, `/reports/${report.id}/reject`, 'POST', { reason }))).status,
    ).toBe(409);
  });
});

describe('deleting a handled report', () => {
  it('the author’s delete keeps the card; an admin’s delete of a fan’s report is audited', async () => {
    const published = await cardReport(reporter);
    const answer = await send<Published>(
      admin.pb,
      `/reports/${published.id}/publish`,
      'POST',
      cardBody(`삭제 후에도 남는 카드 ${uniq()}`),
    );
    await reporter.pb.collection('informUs').delete(published.id);
    const card = await su.collection('photoCards').getOne(answer.card.id);
    expect(card['cardImg']).not.toBe('');
    expect(
      (await fetch(`${server.url}/api/files/photoCards/${card.id}/${card['cardImg']}`)).status,
    ).toBe(200);
    // the publish's entry stays, and the author's own delete is not an operator's action
    expect((await auditOf(published.id)).map((e) => e['action'])).toEqual(['report.publish']);

    const theirs = await cardReport(other);
    await admin.pb.collection('informUs').delete(theirs.id);
    const entries = await auditOf(theirs.id);
    expect(entries.map((e) => e['action'])).toEqual(['report.delete']);
    expect(entries[0]!['before']).toMatchObject({ id: theirs.id, user: other.id });
  });
});

describe('who may use the queue', () => {
  it('a fan and a guest are refused every admin route, and nothing changes', async () => {
    const report = await cardReport(reporter);
    const guest = server.client();
    const routes: Array<[string, string, unknown?]> = [
      ['/reports', 'GET'],
      [`/reports/${report.id}/duplicates`, 'GET'],
      [`/reports/${report.id}/publish`, 'POST', { ...cardBody(`몰래 ${uniq()}`), force: true }],
      [`/reports/${report.id}/reject`, 'POST', { reason: '몰래 반려' }],
      ['/cards/merge', 'POST', { survivor: cat.card.id, loser: (await createCardAsSu()).id }],
      ['/dashboard', 'GET'],
    ];
    for (const [path, method, body] of routes) {
      expect((await failure(send(other.pb, path, method, body))).status, path).toBe(403);
      expect((await failure(send(guest, path, method, body))).status, path).toBe(401);
    }
    expect((await su.collection('informUs').getOne(report.id))['status']).toBe('open');
    expect(await auditOf(report.id)).toHaveLength(0);
    expect(
      await su.collection('notifications').getList(1, 1, {
        filter: su.filter('user = {:u} && topic = "report" && body = "몰래 반려"', {
          u: reporter.id,
        }),
      }),
    ).toMatchObject({ totalItems: 0 });
  });

  it('a fan and a guest read nothing of the audit log', async () => {
    expect((await admin.pb.collection('auditLog').getList(1, 1)).totalItems).toBeGreaterThan(0);
    const fanList = await other.pb
      .collection('auditLog')
      .getList(1, 10)
      .catch((err: { status: number }) => err);
    expect('items' in fanList ? fanList.items : []).toEqual([]);
    const guestList = await server
      .client()
      .collection('auditLog')
      .getList(1, 10)
      .catch((err: { status: number }) => err);
    expect('items' in guestList ? guestList.items : []).toEqual([]);
    const entry = (await admin.pb.collection('auditLog').getList(1, 1)).items[0]!;
    expect([403, 404]).toContain(
      (await failure(other.pb.collection('auditLog').getOne(entry.id))).status,
    );
  });
});

async function createCardAsSu(extra: Record<string, unknown> = {}): Promise<RecordModel> {
  return su.collection('photoCards').create({
    group: cat.group.id,
    groupName: cat.group['groupName'],
    memberName: '앤톤',
    title: `card ${uniq()}`,
    ...extra,
  });
}

describe('catalogue writes by admins (record API)', () => {
  it('creates and edits cards and groups, each write audited', async () => {
    const group = await admin.pb
      .collection('groups')
      .create({ groupName: `ADM${uniq()}`, groupNameKo: '관리그룹' });
    expect((await auditOf(group.id)).map((e) => e['action'])).toEqual(['group.create']);
    const card = await admin.pb.collection('photoCards').create({
      group: group.id,
      groupName: 'whatever the console sent',
      memberName: '원빈',
      memberNameEn: 'WONBIN',
      title: `관리자 카드 ${uniq()}`,
      label: '특전',
      cardImg: png(40),
      cardBackImg: png(60),
    });
    // the group's own name, whatever was sent
    expect(card['groupName']).toBe(group['groupName']);
    expect(card['cardBackImg']).not.toBe('');
    await admin.pb.collection('photoCards').update(card.id, { title: '고친 이름' });
    await admin.pb.collection('groups').update(group.id, { groupNameKo: '고친그룹' });
    const entries = await auditOf(card.id);
    expect(entries.map((e) => e['action'])).toEqual(['card.create', 'card.update']);
    expect(entries[1]!['before']).toMatchObject({ title: card['title'] });
    expect(entries[1]!['after']).toMatchObject({ title: '고친 이름' });
    expect((await auditOf(group.id)).map((e) => e['action'])).toEqual([
      'group.create',
      'group.update',
    ]);
  });

  it('refuses hook-kept fields and unknown labels, and a fan’s writes', async () => {
    const card = await createCardAsSu();
    for (const body of [{ likeCount: 99 }, { mergedInto: cat.card.id }, { label: '포스터' }]) {
      const err = await failure(admin.pb.collection('photoCards').update(card.id, body));
      expect(err.status, JSON.stringify(body)).toBe(400);
      expect(err.message).toMatch(/[가-힣]/);
    }
    const err = await failure(
      admin.pb.collection('photoCards').create({
        group: cat.group.id,
        groupName: 'x',
        memberName: '원빈',
        title: `몰래 ${uniq()}`,
        likeCount: 500,
      }),
    );
    expect(err.status).toBe(400);
    expect(
      (await failure(admin.pb.collection('groups').update(cat.group.id, { cardCount: 999 })))
        .status,
    ).toBe(400);
    expect(
      (await failure(other.pb.collection('photoCards').update(card.id, { title: 'x' }))).status,
    ).toBeGreaterThanOrEqual(400);
    expect((await su.collection('photoCards').getOne(card.id))['title']).toBe(card['title']);
    expect(await auditOf(card.id)).toHaveLength(0);
  });

  it('hides a card: still readable, gone from the search route; shown again when unhidden', async () => {
    const word = `숨김${uniq()}`;
    const card = await createCardAsSu({ title: `${word} 카드` });
    const search = async () =>
      (
        await server.client().send<{ items: RecordModel[] }>('/api/pocamarket/search', {
          query: { q: word },
          requestKey: null,
        })
      ).items.map((c) => c.id);
    expect(await search()).toEqual([card.id]);
    await admin.pb.collection('photoCards').update(card.id, { hidden: true });
    expect(await search()).toEqual([]);
    // the record API still gives it to anyone (devices learn it through the pull)
    expect((await server.client().collection('photoCards').getOne(card.id))['hidden']).toBe(true);
    await admin.pb.collection('photoCards').update(card.id, { hidden: false });
    expect(await search()).toEqual([card.id]);
    expect((await auditOf(card.id)).map((e) => e['action'])).toEqual(['card.hide', 'card.unhide']);
  });
});
