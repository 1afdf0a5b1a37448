/**
 * The API-rule matrix: for every collection × action × role, what the data model allows
 * succeeds and what it forbids fails and leaves the server state as it was. Plus the fields
 * nobody but a superuser may set (also through `field+`/`field-` modifiers), ownership that
 * can't be forged or moved, and emails (and other private profile fields) that never leak.
 * The one-request pull (`POST /api/pocamarket/pull`) is in the matrix too: for every collection
 * and role it gives exactly what that role's list API gives, field for field. So is the catalogue
 * snapshot (`GET /api/pocamarket/catalogue`): whoever asks, it holds what a guest may list.
 *
 * To extend: add a row to SPECS (or to the tables below it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import {
  PASSWORD,
  completeReport,
  createCard,
  createUser,
  failure,
  newId,
  readAsSuperuser,
  uniq,
  type Actor,
  type Catalogue,
} from '../helpers/pb-fixtures.ts';

type Role = 'anon' | 'owner' | 'other' | 'admin';
type Action = 'list' | 'view' | 'create' | 'update' | 'delete';
type Body = Record<string, unknown>;

const ROLES: Role[] = ['anon', 'owner', 'other', 'admin'];
const ACTIONS: Action[] = ['list', 'view', 'create', 'update', 'delete'];
const ALL: Role[] = ROLES;
const USERS: Role[] = ['owner', 'other', 'admin'];
const NONE: Role[] = [];

interface Ctx {
  server: TestServer;
  su: PocketBase;
  /** owns the fixtures */
  owner: Actor;
  other: Actor;
  /** users.role = 'admin' */
  admin: Actor;
  cat: Catalogue;
}

interface Fixture {
  id: string;
  /** acts as 'owner' instead of ctx.owner (users: the record is the user) */
  owner?: Actor;
}

interface Spec {
  collection: string;
  label?: string;
  /** A record owned by ctx.owner, created by the superuser. */
  fixture(ctx: Ctx): Promise<Fixture>;
  /** A valid create body for a record owned by `actorId` (ctx.owner's id for anonymous). */
  createBody(ctx: Ctx, actorId: string): Promise<Body> | Body;
  /** A valid, harmless update body. */
  updateBody(ctx: Ctx): Body;
  allow: Record<Action, Role[]>;
}

const suCreate = async (ctx: Ctx, collection: string, body: Body): Promise<Fixture> => ({
  id: (await ctx.su.collection(collection).create(body)).id,
});

/** Another fan for a two-fan row (a conversation, a trade, a block), made by the superuser. */
async function counterpart(ctx: Ctx): Promise<string> {
  const tag = uniq();
  const user = await ctx.su.collection('users').create({
    email: `c${tag}@test.local`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    username: `c${tag}`.slice(0, 20),
  });
  return user.id;
}

/** A conversation of `userId` with a new counterpart, made by the superuser. */
async function conversationOf(ctx: Ctx, userId: string): Promise<string> {
  const other = await counterpart(ctx);
  const [a, b] = [userId, other].sort();
  return (await ctx.su.collection('conversations').create({ a, b })).id;
}

/** A completed trade of `userId` (the proposer) with a new counterpart. */
async function completedTradeOf(ctx: Ctx, userId: string): Promise<string> {
  const trade = await ctx.su.collection('trades').create({
    proposer: userId,
    receiver: await counterpart(ctx),
    give: [ctx.cat.card.id],
    status: 'completed',
    proposerDone: true,
    receiverDone: true,
  });
  return trade.id;
}

const SPECS: Spec[] = [
  {
    collection: 'groups',
    fixture: (ctx) => suCreate(ctx, 'groups', { groupName: `G${uniq()}` }),
    createBody: () => ({ groupName: `G${uniq()}` }),
    updateBody: () => ({ groupName: `G${uniq()}` }),
    // admins write the catalogue (docs/operators.md, Catalogue management); deleting stays
    // the superusers'
    allow: { list: ALL, view: ALL, create: ['admin'], update: ['admin'], delete: NONE },
  },
  {
    collection: 'photoCards',
    fixture: async (ctx) => ({ id: (await createCard(ctx.su, ctx.cat.group)).id }),
    createBody: (ctx) => ({
      group: ctx.cat.group.id,
      groupName: ctx.cat.group.groupName,
      memberName: '앤톤',
      title: 'fake card',
    }),
    updateBody: () => ({ title: 'renamed card' }),
    allow: { list: ALL, view: ALL, create: ['admin'], update: ['admin'], delete: NONE },
  },
  {
    // a hidden card stays readable by everyone, so devices learn it through the pull
    // (docs/operators.md, Catalogue management); admins hide and show it again
    collection: 'photoCards',
    label: 'photoCards (hidden)',
    fixture: async (ctx) => {
      const card = await createCard(ctx.su, ctx.cat.group);
      return { id: (await ctx.su.collection('photoCards').update(card.id, { hidden: true })).id };
    },
    createBody: (ctx) => ({
      group: ctx.cat.group.id,
      groupName: ctx.cat.group.groupName,
      memberName: '앤톤',
      title: 'hidden from the start',
      hidden: true,
    }),
    updateBody: () => ({ hidden: false }),
    allow: { list: ALL, view: ALL, create: ['admin'], update: ['admin'], delete: NONE },
  },
  {
    collection: 'meetUps',
    fixture: (ctx) => suCreate(ctx, 'meetUps', { eventTitle: `cafe ${uniq()}` }),
    createBody: () => ({ eventTitle: 'fake cafe' }),
    updateBody: () => ({ eventTitle: 'renamed cafe' }),
    allow: { list: ALL, view: ALL, create: NONE, update: NONE, delete: NONE },
  },
  {
    collection: 'users',
    fixture: async (ctx) => {
      const user = await createUser(ctx.server, ctx.su);
      return { id: user.id, owner: user };
    },
    createBody: () => {
      const tag = uniq();
      return {
        email: `signup${tag}@test.local`,
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        username: `s${tag}`.slice(0, 20),
      };
    },
    updateBody: () => ({ name: '새 이름' }),
    allow: { list: ALL, view: ALL, create: ALL, update: ['owner'], delete: ['owner'] },
  },
  {
    collection: 'exchangeList',
    fixture: (ctx) =>
      suCreate(ctx, 'exchangeList', {
        writer: ctx.owner.id,
        photoCard: ctx.cat.card.id,
        description: '원빈 포카 교환해요',
        status: '교환대기중',
      }),
    createBody: (ctx, actorId) => ({
      writer: actorId,
      photoCard: ctx.cat.card.id,
      description: '쇼타로 포카 구해요',
      status: '교환대기중',
    }),
    updateBody: () => ({ description: '수정된 교환 글' }),
    allow: {
      list: ALL,
      view: ALL,
      create: USERS,
      update: ['owner', 'admin'],
      delete: ['owner', 'admin'],
    },
  },
  {
    // a post's terms (docs/data-model.md, exchangeList): anyone reads them, the writer alone
    // changes them (an admin edits the text only, as with the status)
    collection: 'exchangeList',
    label: 'exchangeList (terms)',
    fixture: (ctx) =>
      suCreate(ctx, 'exchangeList', {
        writer: ctx.owner.id,
        photoCard: ctx.cat.card.id,
        description: '원빈 포카 양도해요',
        status: '교환대기중',
        postType: 'sell',
        price: 15000,
        shipping: ['half', 'semi'],
        cvs: 'gs25',
      }),
    createBody: (ctx, actorId) => ({
      writer: actorId,
      photoCard: ctx.cat.card.id,
      description: '쇼타로 포카 직거래로 구해요',
      status: '교환대기중',
      postType: 'want',
      price: 0,
      shipping: ['meet'],
      meetPlace: '홍대입구역',
    }),
    updateBody: () => ({ postType: 'sell', price: 20000, shipping: ['parcel'], cvs: '' }),
    allow: {
      list: ALL,
      view: ALL,
      create: USERS,
      update: ['owner'],
      delete: ['owner', 'admin'],
    },
  },
  {
    collection: 'comments',
    fixture: (ctx) =>
      suCreate(ctx, 'comments', { name: ctx.owner.id, meetUp: ctx.cat.meetUp.id, ment: '가요!' }),
    createBody: (ctx, actorId) => ({ name: actorId, meetUp: ctx.cat.meetUp.id, ment: '좋아요' }),
    updateBody: () => ({ ment: '수정' }),
    allow: { list: ALL, view: ALL, create: USERS, update: ['owner'], delete: ['owner'] },
  },
  {
    collection: 'collectBook',
    fixture: (ctx) => suCreate(ctx, 'collectBook', { users: ctx.owner.id, title: 'my book' }),
    createBody: (ctx, actorId) => ({ users: actorId, title: 'book', group: ctx.cat.group.id }),
    updateBody: (ctx) => ({ title: 'renamed book', cardInfo: [ctx.cat.card.id] }),
    allow: {
      list: ['owner'],
      view: ['owner'],
      create: USERS,
      update: ['owner'],
      delete: ['owner'],
    },
  },
  {
    // 자랑하기: a public book opens for anyone by its id, still listed only to its owner (so the
    // pull never copies it to other devices); docs/data-model.md, API rules
    collection: 'collectBook',
    label: 'collectBook (public)',
    fixture: (ctx) =>
      suCreate(ctx, 'collectBook', { users: ctx.owner.id, title: 'shown book', isPublic: true }),
    createBody: (_ctx, actorId) => ({ users: actorId, title: 'book', isPublic: true }),
    updateBody: () => ({ title: 'renamed book', shelfOrder: 3 }),
    allow: { list: ['owner'], view: ALL, create: USERS, update: ['owner'], delete: ['owner'] },
  },
  {
    collection: 'likes',
    fixture: async (ctx) => {
      const card = await createCard(ctx.su, ctx.cat.group);
      return suCreate(ctx, 'likes', { user: ctx.owner.id, photoCard: card.id });
    },
    createBody: async (ctx, actorId) => ({
      user: actorId,
      photoCard: (await createCard(ctx.su, ctx.cat.group)).id,
    }),
    updateBody: (ctx) => ({ photoCard: ctx.cat.card.id }),
    allow: { list: ['owner'], view: ['owner'], create: USERS, update: NONE, delete: ['owner'] },
  },
  {
    collection: 'informUs',
    fixture: (ctx) =>
      suCreate(ctx, 'informUs', { user: ctx.owner.id, type: 'phoca', phocaTitle: 'lucky draw' }),
    createBody: (_ctx, actorId) => completeReport(actorId, 'meetup'),
    updateBody: () => ({ phocaTitle: 'changed' }),
    allow: {
      list: ['owner', 'admin'],
      view: ['owner', 'admin'],
      create: USERS,
      update: NONE,
      delete: ['owner', 'admin'],
    },
  },
  {
    // a handled report (docs/operators.md, The report queue): read and deleted as any report;
    // its handling is changed only by the admins' routes
    collection: 'informUs',
    label: 'informUs (handled)',
    fixture: (ctx) =>
      suCreate(ctx, 'informUs', {
        user: ctx.owner.id,
        type: 'phoca',
        phocaTitle: 'lucky draw',
        status: 'rejected',
        rejectReason: '이미 있는 카드예요.',
        handledBy: ctx.admin.id,
      }),
    createBody: (_ctx, actorId) => completeReport(actorId),
    updateBody: () => ({ status: 'open', rejectReason: '' }),
    allow: {
      list: ['owner', 'admin'],
      view: ['owner', 'admin'],
      create: USERS,
      update: NONE,
      delete: ['owner', 'admin'],
    },
  },
  {
    // the daily upload quotas' log (pb_hooks/lib/uploads.js): written by hooks only
    collection: 'uploadLog',
    fixture: (ctx) =>
      suCreate(ctx, 'uploadLog', { user: ctx.owner.id, bucket: 'informUs', size: 1 }),
    createBody: (_ctx, actorId) => ({ user: actorId, bucket: 'informUs', size: 1 }),
    updateBody: () => ({ size: 0 }),
    allow: { list: NONE, view: NONE, create: NONE, update: NONE, delete: NONE },
  },
  {
    collection: 'tombstones',
    label: 'tombstones (public)',
    fixture: (ctx) =>
      suCreate(ctx, 'tombstones', { recordCollection: 'groups', recordId: newId(), owner: '' }),
    createBody: () => ({ recordCollection: 'groups', recordId: newId(), owner: '' }),
    updateBody: () => ({ recordId: 'changed' }),
    allow: { list: ALL, view: ALL, create: NONE, update: NONE, delete: NONE },
  },
  {
    collection: 'tombstones',
    label: 'tombstones (private)',
    fixture: (ctx) =>
      suCreate(ctx, 'tombstones', {
        recordCollection: 'likes',
        recordId: newId(),
        owner: ctx.owner.id,
      }),
    createBody: (_ctx, actorId) => ({
      recordCollection: 'likes',
      recordId: newId(),
      owner: actorId,
    }),
    updateBody: () => ({ recordId: 'changed' }),
    allow: { list: ['owner'], view: ['owner'], create: NONE, update: NONE, delete: NONE },
  },
  {
    collection: 'pushSubscriptions',
    fixture: (ctx) =>
      suCreate(ctx, 'pushSubscriptions', {
        user: ctx.owner.id,
        endpoint: `https://push.test/${uniq()}`,
        keys: { p256dh: 'key', auth: 'secret' },
        topics: ['comment'],
      }),
    createBody: (_ctx, actorId) => ({
      user: actorId,
      endpoint: `https://push.test/${uniq()}`,
      keys: { p256dh: 'key', auth: 'secret' },
      topics: ['exchange'],
    }),
    updateBody: () => ({ topics: ['meetup', 'comment'] }),
    allow: {
      list: ['owner'],
      view: ['owner'],
      create: USERS,
      update: ['owner'],
      delete: ['owner'],
    },
  },
  {
    collection: 'notifications',
    fixture: (ctx) =>
      suCreate(ctx, 'notifications', {
        user: ctx.owner.id,
        topic: 'comment',
        title: '새 댓글',
        body: '댓글이 달렸어요',
        url: '/meetups/x',
        read: false,
      }),
    createBody: (_ctx, actorId) => ({ user: actorId, topic: 'comment', title: 'spam' }),
    updateBody: () => ({ read: true }),
    allow: { list: ['owner'], view: ['owner'], create: NONE, update: ['owner'], delete: ['owner'] },
  },
  // ------------------------------------------------------------ trades (docs/trades.md)
  {
    collection: 'tradeItems',
    fixture: async (ctx) =>
      suCreate(ctx, 'tradeItems', {
        user: ctx.owner.id,
        photoCard: (await createCard(ctx.su, ctx.cat.group)).id,
        kind: 'want',
        spare: 0,
      }),
    createBody: async (ctx, actorId) => ({
      user: actorId,
      photoCard: (await createCard(ctx.su, ctx.cat.group)).id,
      kind: 'have',
      spare: 1,
    }),
    updateBody: () => ({ kind: 'have', spare: 2 }),
    allow: {
      list: ['owner'],
      view: ['owner'],
      create: USERS,
      update: ['owner'],
      delete: ['owner'],
    },
  },
  {
    collection: 'conversations',
    fixture: async (ctx) => ({ id: await conversationOf(ctx, ctx.owner.id) }),
    createBody: async (ctx, actorId) => {
      const [a, b] = [actorId, await counterpart(ctx)].sort();
      return { a, b };
    },
    updateBody: (ctx) => ({ photoCard: ctx.cat.card.id }),
    allow: { list: ['owner'], view: ['owner'], create: USERS, update: ['owner'], delete: NONE },
  },
  {
    collection: 'messages',
    fixture: async (ctx) =>
      suCreate(ctx, 'messages', {
        conversation: await conversationOf(ctx, ctx.owner.id),
        sender: ctx.owner.id,
        text: '안녕하세요',
      }),
    createBody: async (ctx, actorId) => ({
      conversation: await conversationOf(ctx, actorId),
      sender: actorId,
      text: '교환 가능할까요?',
    }),
    updateBody: () => ({ text: '수정' }),
    allow: { list: ['owner'], view: ['owner'], create: USERS, update: NONE, delete: NONE },
  },
  {
    // the owner is the receiver of a waiting proposal (so the fixtures never fill the owner's
    // 20 waiting proposals of their own)
    collection: 'trades',
    fixture: async (ctx) =>
      suCreate(ctx, 'trades', {
        proposer: await counterpart(ctx),
        receiver: ctx.owner.id,
        give: [ctx.cat.card.id],
        status: 'proposed',
      }),
    createBody: async (ctx, actorId) => ({
      proposer: actorId,
      receiver: await counterpart(ctx),
      give: [ctx.cat.card.id],
    }),
    updateBody: () => ({ status: 'declined' }),
    allow: { list: ['owner'], view: ['owner'], create: USERS, update: ['owner'], delete: NONE },
  },
  {
    collection: 'reviews',
    fixture: async (ctx) => {
      const trade = await completedTradeOf(ctx, ctx.owner.id);
      return suCreate(ctx, 'reviews', { trade, author: ctx.owner.id, rating: 'good' });
    },
    createBody: async (ctx, actorId) => ({
      trade: await completedTradeOf(ctx, actorId),
      author: actorId,
      rating: 'good',
      text: '친절해요',
    }),
    updateBody: () => ({ rating: 'bad' }),
    allow: { list: ['owner'], view: ['owner'], create: USERS, update: NONE, delete: NONE },
  },
  {
    collection: 'blocks',
    fixture: async (ctx) =>
      suCreate(ctx, 'blocks', { user: ctx.owner.id, blocked: await counterpart(ctx) }),
    createBody: async (c, actorId) => ({ user: actorId, blocked: await counterpart(c) }),
    updateBody: (ctx) => ({ blocked: ctx.other.id }),
    allow: { list: ['owner'], view: ['owner'], create: USERS, update: NONE, delete: ['owner'] },
  },
  {
    collection: 'chatReports',
    fixture: async (ctx) =>
      suCreate(ctx, 'chatReports', {
        reporter: ctx.owner.id,
        target: await counterpart(ctx),
        reason: '욕설',
      }),
    createBody: async (ctx, actorId) => ({
      reporter: actorId,
      target: await counterpart(ctx),
      reason: '욕설을 했어요',
    }),
    updateBody: () => ({ reason: '바꾼 사유' }),
    allow: {
      list: ['owner', 'admin'],
      view: ['owner', 'admin'],
      create: USERS,
      update: NONE,
      delete: ['admin'],
    },
  },
  // ------------------------------------------------------------ 만난 팬 (docs/encounters.md)
  {
    collection: 'encounters',
    fixture: async (ctx) =>
      suCreate(ctx, 'encounters', {
        user: ctx.owner.id,
        fan: await counterpart(ctx),
        fanName: '만난팬',
        metAt: new Date().toISOString().replace('T', ' '),
      }),
    createBody: async (ctx, actorId) => ({
      user: actorId,
      fan: await counterpart(ctx),
      fanName: '카페에서 만난 팬',
      meetup: ctx.cat.meetUp.id,
      theyHave: [ctx.cat.card.id],
      metAt: new Date().toISOString().replace('T', ' '),
    }),
    updateBody: () => ({ note: '다음 이벤트에서 교환' }),
    allow: {
      list: ['owner'],
      view: ['owner'],
      create: USERS,
      update: ['owner'],
      delete: ['owner'],
    },
  },
  // ------------------------------------------------------------ 공지사항 (docs/data-model.md)
  {
    collection: 'notices',
    fixture: (ctx) =>
      suCreate(ctx, 'notices', { title: `공지 ${uniq()}`, body: '점검 안내', pinned: false }),
    createBody: () => ({ title: '새 공지', body: '이번 주말 점검이 있어요.' }),
    updateBody: () => ({ title: '바뀐 공지', pinned: true }),
    allow: { list: ALL, view: ALL, create: ['admin'], update: ['admin'], delete: ['admin'] },
  },
  // ------------------------------------------------------------ the audit log (docs/operators.md)
  {
    // admins read it; nobody writes, changes or deletes it through the API (hooks write it)
    collection: 'auditLog',
    fixture: (ctx) =>
      suCreate(ctx, 'auditLog', {
        actor: ctx.admin.id,
        action: 'user.warn',
        targetCollection: 'users',
        targetId: ctx.owner.id,
        reason: '기록',
      }),
    createBody: (ctx) => ({
      action: 'user.ban',
      targetCollection: 'users',
      targetId: ctx.owner.id,
    }),
    updateBody: () => ({ reason: '고친 기록' }),
    allow: { list: ['admin'], view: ['admin'], create: NONE, update: NONE, delete: NONE },
  },
  {
    // admins read every chat report, so they learn of every report's deletion too
    collection: 'tombstones',
    label: 'tombstones (chat report)',
    fixture: (ctx) =>
      suCreate(ctx, 'tombstones', {
        recordCollection: 'chatReports',
        recordId: newId(),
        owner: ctx.owner.id,
      }),
    createBody: (_ctx, actorId) => ({
      recordCollection: 'chatReports',
      recordId: newId(),
      owner: actorId,
    }),
    updateBody: () => ({ recordId: 'changed' }),
    allow: {
      list: ['owner', 'admin'],
      view: ['owner', 'admin'],
      create: NONE,
      update: NONE,
      delete: NONE,
    },
  },
];

let ctx: Ctx;

setupCatalogueServer(
  async ({ server, su, cat }) => {
    const [owner, other, admin] = await Promise.all([
      createUser(server, su),
      createUser(server, su),
      createUser(server, su, { role: 'admin' }),
    ]);
    ctx = { server, su, owner, other, admin, cat };
    // the catalogue snapshot is rebuilt on every index request that finds a change (see below)
  },
  { env: { CATALOGUE_REBUILD_MS: '0' } },
);

function clientFor(role: Role, fx?: Fixture): PocketBase {
  switch (role) {
    case 'anon':
      return ctx.server.client();
    case 'owner':
      return fx?.owner?.pb ?? ctx.owner.pb;
    case 'other':
      return ctx.other.pb;
    case 'admin':
      return ctx.admin.pb;
  }
}

function actorIdFor(role: Role): string {
  return role === 'anon' ? ctx.owner.id : clientFor(role).authStore.record!.id;
}

/** Without server-managed fields, for before/after comparisons. */
function stable(r: RecordModel | null): Body | null {
  if (!r) return null;
  const { updated: _u, ...rest } = r;
  return rest;
}

/**
 * The record a row acts on: a new one for an update or a delete (they change it), one per
 * collection for every list and view (reading changes nothing), made once.
 */
const readFixtures = new Map<Spec, Promise<Fixture>>();
function fixtureFor(spec: Spec, action: Action): Promise<Fixture> {
  if (action !== 'list' && action !== 'view') return spec.fixture(ctx);
  let fx = readFixtures.get(spec);
  if (!fx) {
    fx = spec.fixture(ctx);
    readFixtures.set(spec, fx);
  }
  return fx;
}

async function check(spec: Spec, action: Action, role: Role): Promise<void> {
  const allowed = spec.allow[action].includes(role);
  const { collection } = spec;
  const { su } = ctx;

  if (action === 'create') {
    const pb = clientFor(role);
    const id = newId();
    const body = { ...(await spec.createBody(ctx, actorIdFor(role))), id };
    if (allowed) {
      const created = await pb.collection(collection).create(body);
      expect(created.id).toBe(id);
      expect(await readAsSuperuser(su, collection, id)).not.toBeNull();
    } else {
      const err = await failure(pb.collection(collection).create(body));
      expect([400, 401, 403, 404]).toContain(err.status);
      expect(await readAsSuperuser(su, collection, id)).toBeNull();
    }
    return;
  }

  const fx = await fixtureFor(spec, action);
  const pb = clientFor(role, fx);
  const before = await readAsSuperuser(su, collection, fx.id);
  expect(before).not.toBeNull();

  switch (action) {
    case 'list': {
      const res = await pb
        .collection(collection)
        .getList(1, 10, { filter: `id = "${fx.id}"` })
        .catch(() => null);
      const ids = res?.items.map((r) => r.id) ?? [];
      expect(ids.includes(fx.id)).toBe(allowed);
      break;
    }
    case 'view': {
      if (allowed) {
        expect((await pb.collection(collection).getOne(fx.id)).id).toBe(fx.id);
      } else {
        expect([403, 404]).toContain(
          (await failure(pb.collection(collection).getOne(fx.id))).status,
        );
      }
      break;
    }
    case 'update': {
      const body = spec.updateBody(ctx);
      if (allowed) {
        await pb.collection(collection).update(fx.id, body);
        const after = await readAsSuperuser(su, collection, fx.id);
        for (const [k, v] of Object.entries(body)) expect(after?.[k], k).toEqual(v);
      } else {
        const err = await failure(pb.collection(collection).update(fx.id, body));
        expect([400, 401, 403, 404]).toContain(err.status);
        expect(stable(await readAsSuperuser(su, collection, fx.id))).toEqual(stable(before));
      }
      break;
    }
    case 'delete': {
      if (allowed) {
        await pb.collection(collection).delete(fx.id);
        expect(await readAsSuperuser(su, collection, fx.id)).toBeNull();
      } else {
        const err = await failure(pb.collection(collection).delete(fx.id));
        expect([400, 401, 403, 404]).toContain(err.status);
        expect(stable(await readAsSuperuser(su, collection, fx.id))).toEqual(stable(before));
      }
      break;
    }
  }
}

const MATRIX = SPECS.flatMap((spec) =>
  ACTIONS.flatMap((action) =>
    ROLES.map((role) => ({
      name: spec.label ?? spec.collection,
      spec,
      action,
      role,
      verdict: spec.allow[action].includes(role) ? 'allowed' : 'forbidden',
    })),
  ),
);

describe('API rule matrix', () => {
  it('covers every collection of the schema (a feature adding one must add its row)', async () => {
    const schema = (await ctx.su.collections.getFullList())
      .filter((c) => !c.system)
      .map((c) => c.name)
      .sort();
    expect([...new Set(SPECS.map((s) => s.collection))].sort()).toEqual(schema);
  });

  it.each(MATRIX)('$name: $action as $role is $verdict', ({ spec, action, role }) =>
    check(spec, action, role),
  );
});

// ---------------------------------------------------------------------------------------------

const PULL_PATH = '/api/pocamarket/pull';

interface PullPage {
  items: RecordModel[];
  more: boolean;
  cursor: { updated: string; id: string } | null;
}

/** Everything the one-request pull gives `pb` from `collection`, round after round. */
async function pullEverything(pb: PocketBase, collection: string): Promise<RecordModel[]> {
  const out: RecordModel[] = [];
  let at: { updated: string; id: string } | null = null;
  for (let round = 0; round < 100; round++) {
    const res: { collections: Record<string, PullPage> } = await pb.send(PULL_PATH, {
      method: 'POST',
      body: { collections: [{ name: collection, ...(at ?? {}) }] },
      requestKey: null,
    });
    const page: PullPage = res.collections[collection]!;
    out.push(...page.items);
    if (page.cursor) at = page.cursor;
    if (!page.more) return out;
  }
  throw new Error(`the pull of ${collection} did not finish`);
}

/** Server-only collections the pull refuses outright (see 'no system collection is pulled'). */
const NOT_SYNCED = ['uploadLog', 'auditLog'];

const PULL_MATRIX = SPECS.filter((spec) => !NOT_SYNCED.includes(spec.collection)).flatMap((spec) =>
  ROLES.map((role) => ({
    name: spec.label ?? spec.collection,
    spec,
    role,
    verdict: spec.allow.list.includes(role) ? 'in it' : 'not in it',
  })),
);

describe('the one-request pull in the rule matrix', () => {
  it.each(PULL_MATRIX)(
    '$name: pulled as $role, the fixture is $verdict, and the rest is what list shows',
    async ({ spec, role }) => {
      const fx = await spec.fixture(ctx);
      const pb = clientFor(role, fx);
      const pulled = await pullEverything(pb, spec.collection);
      expect(pulled.some((r) => r.id === fx.id)).toBe(spec.allow.list.includes(role));
      // the same records, with the same fields shown and hidden, as the collection's list API
      const listed = await pb
        .collection(spec.collection)
        .getFullList({ sort: 'updated,id', batch: 500, requestKey: null });
      expect(pulled).toEqual(listed);
    },
  );

  const SYSTEM = ['_superusers', '_externalAuths', '_mfas', '_otps', '_authOrigins'];
  it.each(ROLES)('no system collection is pulled, as %s', async (role) => {
    for (const name of [...SYSTEM, ...NOT_SYNCED]) {
      const err = await failure(
        clientFor(role).send(PULL_PATH, {
          method: 'POST',
          body: { collections: [{ name }] },
          requestKey: null,
        }),
      );
      expect(err.status, name).toBe(400);
      expect(JSON.stringify(err.response), name).not.toContain('@');
    }
  });
});

describe('ownership cannot be forged or moved', () => {
  /** other user (or admin) creating a row that belongs to ctx.owner */
  const FORGED: Array<{ collection: string; as: Role; body: (c: Ctx) => Body | Promise<Body> }> = [
    ...(['other', 'admin'] as Role[]).map((as) => ({
      collection: 'exchangeList',
      as,
      body: (c: Ctx) => ({
        writer: c.owner.id,
        photoCard: c.cat.card.id,
        description: '남의 이름으로',
        status: '교환대기중',
      }),
    })),
    {
      collection: 'comments',
      as: 'other',
      body: (c) => ({ name: c.owner.id, meetUp: c.cat.meetUp.id, ment: 'x' }),
    },
    { collection: 'collectBook', as: 'other', body: (c) => ({ users: c.owner.id, title: 'x' }) },
    {
      collection: 'likes',
      as: 'other',
      body: async (c) => ({
        user: c.owner.id,
        photoCard: (await createCard(c.su, c.cat.group)).id,
      }),
    },
    { collection: 'informUs', as: 'other', body: (c) => completeReport(c.owner.id) },
    // a report's handling is the admins' routes' (docs/operators.md, The report queue)
    ...(
      [
        () => ({ status: 'published' }),
        () => ({ rejectReason: '스스로 반려' }),
        (c: Ctx) => ({ handledBy: c.owner.id }),
        (c: Ctx) => ({ publishedCard: c.cat.card.id }),
      ] as Array<(c: Ctx) => Body>
    ).map((handling) => ({
      collection: 'informUs',
      as: 'owner' as Role,
      body: (c: Ctx) => ({ ...completeReport(c.owner.id), ...handling(c) }),
    })),
    // an admin's card keeps the hook-kept fields (docs/operators.md, Catalogue management)
    ...(
      [
        () => ({ likeCount: 7 }),
        (c: Ctx) => ({ mergedInto: c.cat.card.id }),
        () => ({ label: '포스터' }),
      ] as Array<(c: Ctx) => Body>
    ).map((kept) => ({
      collection: 'photoCards',
      as: 'admin' as Role,
      body: (c: Ctx) => ({
        group: c.cat.group.id,
        groupName: c.cat.group.groupName,
        memberName: '앤톤',
        title: 'forged card',
        ...kept(c),
      }),
    })),
    {
      collection: 'pushSubscriptions',
      as: 'other',
      body: (c) => ({ user: c.owner.id, endpoint: `https://push.test/${uniq()}` }),
    },
    {
      collection: 'tradeItems',
      as: 'other',
      body: (c) => ({ user: c.owner.id, photoCard: c.cat.card.id, kind: 'want', spare: 0 }),
    },
    {
      // a conversation of two other fans
      collection: 'conversations',
      as: 'other',
      body: async (c) => {
        const [a, b] = [c.owner.id, await counterpart(c)].sort();
        return { a, b };
      },
    },
    {
      collection: 'messages',
      as: 'other',
      body: async (c) => ({
        conversation: await conversationOf(c, c.owner.id),
        sender: c.owner.id,
        text: '남의 대화',
      }),
    },
    {
      // a message in one's own conversation, in the other fan's name
      collection: 'messages',
      as: 'owner',
      body: async (c) => {
        const conversation = await conversationOf(c, c.owner.id);
        const conv = await c.su.collection('conversations').getOne(conversation);
        const them = conv.a === c.owner.id ? conv.b : conv.a;
        return { conversation, sender: them, text: '대신 보내기' };
      },
    },
    {
      collection: 'trades',
      as: 'other',
      body: (c) => ({ proposer: c.owner.id, receiver: c.other.id, give: [c.cat.card.id] }),
    },
    {
      collection: 'reviews',
      as: 'other',
      body: async (c) => ({
        trade: await completedTradeOf(c, c.owner.id),
        author: c.owner.id,
        rating: 'bad',
      }),
    },
    { collection: 'blocks', as: 'other', body: (c) => ({ user: c.owner.id, blocked: c.admin.id }) },
    {
      collection: 'encounters',
      as: 'other',
      body: (c) => ({
        user: c.owner.id,
        fan: c.admin.id,
        fanName: '남의 이름으로',
        metAt: new Date().toISOString().replace('T', ' '),
      }),
    },
    {
      collection: 'chatReports',
      as: 'other',
      body: (c) => ({ reporter: c.owner.id, target: c.admin.id, reason: '남의 이름으로' }),
    },
    // moderation (docs/operators.md, Moderation): a post's 신고 names its writer; a report's
    // handling and a post's or comment's `hidden` are the hooks' and the admins' routes'
    {
      collection: 'chatReports',
      as: 'owner',
      body: async (c) => ({
        reporter: c.owner.id,
        target: c.admin.id,
        post: (
          await c.su.collection('exchangeList').create({
            writer: c.other.id,
            photoCard: c.cat.card.id,
            description: '다른 팬의 글',
            status: '교환대기중',
          })
        ).id,
        reason: '글쓴이가 아닌 팬을 신고',
      }),
    },
    ...[{ status: 'dismissed' }, { outcome: 'user.ban' }, { item: 'exchangeList/x' }].map(
      (kept) => ({
        collection: 'chatReports',
        as: 'owner' as Role,
        body: async (c: Ctx) => ({
          reporter: c.owner.id,
          target: await counterpart(c),
          reason: '처리된 척',
          ...kept,
        }),
      }),
    ),
    {
      collection: 'exchangeList',
      as: 'owner',
      body: (c) => ({
        writer: c.owner.id,
        photoCard: c.cat.card.id,
        description: '처음부터 가린 글',
        status: '교환대기중',
        hidden: true,
      }),
    },
    {
      collection: 'comments',
      as: 'owner',
      body: (c) => ({ name: c.owner.id, meetUp: c.cat.meetUp.id, ment: '가린 댓글', hidden: true }),
    },
    {
      collection: 'exchangeList',
      as: 'owner',
      body: (c) => ({
        writer: c.owner.id,
        photoCard: c.cat.card.id,
        description: '처음부터 교환완료',
        status: '교환완료',
      }),
    },
    {
      collection: 'exchangeList',
      as: 'owner',
      body: (c) => ({
        writer: c.owner.id,
        photoCard: c.cat.card.id,
        description: '채팅 미리 채우기',
        status: '교환대기중',
        chatContent: 'hello',
      }),
    },
    // terms that break a rule (lib/post-terms.js): a free 양도, a priced 교환, a chain or a place
    // the shipping does not call for
    ...[
      { postType: 'sell', price: 0 },
      { postType: 'exchange', price: 5000 },
      { shipping: ['semi'], cvs: 'cu' },
      { shipping: ['parcel'], meetPlace: '강남역' },
    ].map((terms) => ({
      collection: 'exchangeList',
      as: 'owner' as Role,
      body: (c: Ctx) => ({
        writer: c.owner.id,
        photoCard: c.cat.card.id,
        description: '조건이 맞지 않는 글',
        status: '교환대기중',
        ...terms,
      }),
    })),
  ];

  it.each(FORGED)('$collection: $as cannot create %#', async ({ collection, as, body }) => {
    const id = newId();
    await failure(
      clientFor(as)
        .collection(collection)
        .create({ ...(await body(ctx)), id }),
    );
    expect(await readAsSuperuser(ctx.su, collection, id)).toBeNull();
  });

  /** updates of a fixture owned by ctx.owner, made by its owner or an admin */
  const MOVES: Array<{
    collection: string;
    as: Role;
    fixture: (c: Ctx) => Promise<string>;
    body: (c: Ctx) => Body | Promise<Body>;
  }> = [];
  const post = async (c: Ctx) =>
    (
      await c.su.collection('exchangeList').create({
        writer: c.owner.id,
        photoCard: c.cat.card.id,
        description: '교환',
        status: '교환대기중',
      })
    ).id;
  for (const as of ['owner', 'admin'] as Role[]) {
    MOVES.push(
      { collection: 'exchangeList', as, fixture: post, body: (c) => ({ writer: c.other.id }) },
      { collection: 'exchangeList', as, fixture: post, body: (c) => ({ writer: c.admin.id }) },
      {
        collection: 'exchangeList',
        as,
        fixture: post,
        body: async (c) => ({ photoCard: (await createCard(c.su, c.cat.group)).id }),
      },
    );
  }
  const comment = async (c: Ctx) =>
    (
      await c.su
        .collection('comments')
        .create({ name: c.owner.id, meetUp: c.cat.meetUp.id, ment: '댓글' })
    ).id;
  const book = async (c: Ctx) =>
    (await c.su.collection('collectBook').create({ users: c.owner.id, title: 'b' })).id;
  const sub = async (c: Ctx) =>
    (
      await c.su
        .collection('pushSubscriptions')
        .create({ user: c.owner.id, endpoint: `https://push.test/${uniq()}` })
    ).id;
  const note = async (c: Ctx) =>
    (
      await c.su
        .collection('notifications')
        .create({ user: c.owner.id, topic: 'comment', title: 't', body: 'b' })
    ).id;
  const item = async (c: Ctx) =>
    (
      await c.su.collection('tradeItems').create({
        user: c.owner.id,
        photoCard: (await createCard(c.su, c.cat.group)).id,
        kind: 'want',
      })
    ).id;
  const encounter = async (c: Ctx) =>
    (
      await c.su.collection('encounters').create({
        user: c.owner.id,
        fan: await counterpart(c),
        fanName: '만난팬',
        metAt: new Date().toISOString().replace('T', ' '),
      })
    ).id;
  const offer = async (c: Ctx) =>
    (
      await c.su.collection('trades').create({
        proposer: c.owner.id,
        receiver: await counterpart(c),
        give: [c.cat.card.id],
        status: 'proposed',
      })
    ).id;
  MOVES.push(
    // The trade status is the writer's: an admin may edit or delete a post but not move it.
    {
      collection: 'exchangeList',
      as: 'admin',
      fixture: post,
      body: () => ({ status: '교환중' }),
    },
    // so are its terms
    {
      collection: 'exchangeList',
      as: 'admin',
      fixture: post,
      body: () => ({ shipping: ['semi'] }),
    },
    // and the owner's own edit must keep them consistent
    {
      collection: 'exchangeList',
      as: 'owner',
      fixture: post,
      body: () => ({ postType: 'sell' }),
    },
    { collection: 'comments', as: 'owner', fixture: comment, body: (c) => ({ name: c.other.id }) },
    // hidden is the admins' routes' alone (audited), not the record API's, an admin's included
    { collection: 'exchangeList', as: 'owner', fixture: post, body: () => ({ hidden: true }) },
    { collection: 'exchangeList', as: 'admin', fixture: post, body: () => ({ hidden: true }) },
    { collection: 'comments', as: 'owner', fixture: comment, body: () => ({ hidden: true }) },
    {
      collection: 'comments',
      as: 'owner',
      fixture: comment,
      body: async (c) => ({
        meetUp: (await c.su.collection('meetUps').create({ eventTitle: 'other' })).id,
      }),
    },
    { collection: 'collectBook', as: 'owner', fixture: book, body: (c) => ({ users: c.other.id }) },
    {
      collection: 'pushSubscriptions',
      as: 'owner',
      fixture: sub,
      body: (c) => ({ user: c.other.id }),
    },
    {
      collection: 'notifications',
      as: 'owner',
      fixture: note,
      body: (c) => ({ user: c.other.id }),
    },
    { collection: 'notifications', as: 'owner', fixture: note, body: () => ({ title: 'forged' }) },
    {
      collection: 'tradeItems',
      as: 'owner',
      fixture: item,
      body: (c) => ({ user: c.other.id }),
    },
    {
      collection: 'tradeItems',
      as: 'owner',
      fixture: item,
      body: async (c) => ({ photoCard: (await createCard(c.su, c.cat.group)).id }),
    },
    {
      collection: 'conversations',
      as: 'owner',
      fixture: (c) => conversationOf(c, c.owner.id),
      body: (c) => ({ a: c.other.id }),
    },
    {
      collection: 'conversations',
      as: 'owner',
      fixture: (c) => conversationOf(c, c.owner.id),
      body: (c) => ({ b: c.other.id }),
    },
    {
      collection: 'trades',
      as: 'owner',
      fixture: offer,
      body: (c) => ({ proposer: c.other.id }),
    },
    {
      collection: 'trades',
      as: 'owner',
      fixture: offer,
      body: (c) => ({ receiver: c.other.id }),
    },
    {
      collection: 'encounters',
      as: 'owner',
      fixture: encounter,
      body: (c) => ({ user: c.other.id }),
    },
    {
      collection: 'encounters',
      as: 'owner',
      fixture: encounter,
      body: (c) => ({ fan: c.other.id }),
    },
    {
      collection: 'encounters',
      as: 'owner',
      fixture: encounter,
      body: () => ({ fanName: '바꾼 이름', note: '메모와 함께' }),
    },
    { collection: 'notifications', as: 'owner', fixture: note, body: () => ({ topic: 'meetup' }) },
    {
      collection: 'notifications',
      as: 'owner',
      fixture: note,
      body: () => ({ read: true, body: 'changed too' }),
    },
    // the hook's own: when its latest event was, how many it stands for, whether it was pushed
    {
      collection: 'notifications',
      as: 'owner',
      fixture: note,
      body: () => ({ at: '2030-01-01 00:00:00.000Z' }),
    },
    {
      collection: 'notifications',
      as: 'owner',
      fixture: note,
      body: () => ({ sentAt: '2030-01-01 00:00:00.000Z' }),
    },
  );

  it.each(MOVES)('$collection: $as cannot change %#', async ({ collection, as, fixture, body }) => {
    const id = await fixture(ctx);
    const before = await readAsSuperuser(ctx.su, collection, id);
    await failure(
      clientFor(as)
        .collection(collection)
        .update(id, await body(ctx)),
    );
    expect(stable(await readAsSuperuser(ctx.su, collection, id))).toEqual(stable(before));
  });

  it('notifications: the hidden count is not the owner’s to set (ignored or refused)', async () => {
    const id = await note(ctx);
    const before = await readAsSuperuser(ctx.su, 'notifications', id);
    await clientFor('owner')
      .collection('notifications')
      .update(id, { count: 99 })
      .catch(() => null);
    const after = await readAsSuperuser(ctx.su, 'notifications', id);
    expect(after?.['count']).toBe(before?.['count']);
    expect(stable(after)).toEqual(stable(before));
  });
});

describe('fields only superusers (and hooks) may set', () => {
  let liked: RecordModel;
  let self: Actor;
  let book: string;
  let post: string;

  beforeAll(async () => {
    self = await createUser(ctx.server, ctx.su);
    liked = await createCard(ctx.su, ctx.cat.group);
    await self.pb.collection('likes').create({ user: self.id, photoCard: liked.id });
    book = (await self.pb.collection('collectBook').create({ users: self.id, title: 'b' })).id;
    post = (
      await self.pb.collection('exchangeList').create({
        writer: self.id,
        photoCard: ctx.cat.card.id,
        description: '교환 원해요',
        status: '교환대기중',
      })
    ).id;
    // the hooks keep these, the client can't (the like list, read from the likes, only its owner sees)
    expect((await self.pb.collection('users').getOne(self.id)).likeList).toEqual([liked.id]);
    const me = await ctx.su.collection('users').getOne(self.id);
    expect(me.collectBook).toEqual([book]);
    expect(me.exchangeStatus).toEqual([post]);
  });

  const SELF_UPDATES: Array<
    (c: { liked: string; book: string; post: string; other: string }) => Body
  > = [
    () => ({ role: 'admin' }),
    () => ({ role: 'user' }),
    () => ({ verified: false }),
    () => ({ emailVisibility: true }),
    () => ({ username: 'admin' }),
    () => ({ username: 'ADMIN' }),
    (c) => ({ likeList: [c.liked, c.other] }),
    (c) => ({ 'likeList+': c.other }),
    (c) => ({ '+likeList': c.other }),
    (c) => ({ 'likeList-': c.liked }),
    () => ({ likeList: [] }),
    () => ({ tradesCompleted: 3 }),
    () => ({ 'tradesCompleted+': 1 }),
    (c) => ({ 'collectBook+': c.other }),
    (c) => ({ 'collectBook-': c.book }),
    () => ({ exchangeStatus: [] }),
    (c) => ({ 'exchangeStatus-': c.post }),
    (c) => ({ name: '섞어서', 'likeList+': c.other }),
  ];

  it.each(SELF_UPDATES.map((body, i) => ({ body, i })))(
    'a user cannot change their own protected field (case $i)',
    async ({ body }) => {
      const other = (await createCard(ctx.su, ctx.cat.group)).id;
      const payload = body({ liked: liked.id, book, post, other });
      const before = await readAsSuperuser(ctx.su, 'users', self.id);
      const err = await failure(self.pb.collection('users').update(self.id, payload));
      expect(err.status).toBe(400);
      expect(stable(await readAsSuperuser(ctx.su, 'users', self.id))).toEqual(stable(before));
    },
  );

  const SIGNUPS: Array<(c: { card: string; book: string; post: string }) => Body> = [
    () => ({ role: 'admin' }),
    () => ({ verified: true }),
    () => ({ emailVisibility: true }),
    () => ({ username: 'admin' }),
    () => ({ username: 'Admin' }),
    (c) => ({ likeList: [c.card] }),
    (c) => ({ 'likeList+': c.card }),
    (c) => ({ collectBook: [c.book] }),
    (c) => ({ exchangeStatus: [c.post] }),
    () => ({ tradesCompleted: 2 }),
  ];

  it.each(SIGNUPS.map((body, i) => ({ body, i })))(
    'sign-up cannot set a protected field (case $i)',
    async ({ body }) => {
      const email = `evil${uniq()}@test.local`;
      const extra = body({ card: ctx.cat.card.id, book, post });
      for (const pb of [ctx.server.client(), ctx.other.pb]) {
        const err = await failure(
          pb.collection('users').create({
            email,
            password: PASSWORD,
            passwordConfirm: PASSWORD,
            ...extra,
          }),
        );
        expect(err.status).toBe(400);
      }
      const found = await ctx.su
        .collection('users')
        .getList(1, 1, { filter: `email = "${email}"` });
      expect(found.totalItems).toBe(0);
    },
  );

  it('a plain sign-up works and gets no role, no verification, no email visibility', async () => {
    const email = `ok${uniq()}@test.local`;
    const created = await ctx.server
      .client()
      .collection('users')
      .create({ email, password: PASSWORD, passwordConfirm: PASSWORD, role: 'user' });
    const stored = await ctx.su.collection('users').getOne(created.id);
    expect(stored.verified).toBe(false);
    expect(stored.emailVisibility).toBe(false);
    expect(['', 'user']).toContain(stored.role);
  });

  it('nobody but a superuser can set likeCount (also with likeCount+)', async () => {
    const card = await createCard(ctx.su, ctx.cat.group);
    for (const pb of [ctx.server.client(), ctx.owner.pb, ctx.admin.pb]) {
      for (const body of [{ likeCount: 999 }, { 'likeCount+': 5 }, { 'likeCount-': 1 }]) {
        await failure(pb.collection('photoCards').update(card.id, body));
      }
    }
    expect((await ctx.su.collection('photoCards').getOne(card.id)).likeCount).toBe(0);
  });

  it('a normal user updates their own profile fields', async () => {
    const updated = await self.pb.collection('users').update(self.id, {
      name: '포카러버',
      username: `lover${uniq()}`.slice(0, 20),
      birth: '2000-01-31',
      phoneNumber: '01012345678',
      biasGroup: ctx.cat.group.id,
      likeList: [liked.id], // unchanged values may be sent back
      role: '',
    });
    expect(updated.name).toBe('포카러버');
    expect(updated.biasGroup).toBe(ctx.cat.group.id);
    expect(updated.likeList).toEqual([liked.id]);
  });

  it('a superuser can set all of them', async () => {
    const user = await createUser(ctx.server, ctx.su);
    const updated = await ctx.su.collection('users').update(user.id, {
      role: 'admin',
      username: 'admin',
      verified: false,
    });
    expect([updated.role, updated.username, updated.verified]).toEqual(['admin', 'admin', false]);
    // the like list is not stored (its owner's answers read it from the likes): nothing to set
    const card = await ctx.su.collection('photoCards').update(ctx.cat.card.id, { likeCount: 7 });
    expect(card.likeCount).toBe(7);
    await ctx.su.collection('photoCards').update(ctx.cat.card.id, { likeCount: 0 });
  });
});

describe('emails and private profile fields never leak', () => {
  let target: Actor;

  beforeAll(async () => {
    target = await createUser(ctx.server, ctx.su, {
      birth: '1999-09-09',
      phoneNumber: '01099998888',
    });
    const post = await target.pb.collection('exchangeList').create({
      writer: target.id,
      photoCard: ctx.cat.card.id,
      description: '이메일 안 보여야 함',
      status: '교환대기중',
    });
    await target.pb
      .collection('comments')
      .create({ name: target.id, meetUp: ctx.cat.meetUp.id, ment: 'hi' });
    await target.pb.collection('likes').create({ user: target.id, photoCard: ctx.cat.card.id });
    expect(post.id).toBeTruthy();
  });

  const viewers = (): Array<[string, PocketBase]> => [
    ['anonymous', ctx.server.client()],
    ['another user', ctx.other.pb],
    ['an admin-role user', ctx.admin.pb],
  ];
  const PRIVATE = ['email', 'phoneNumber', 'birth', 'likeList'];

  it('list and view show no one else’s email, phone number or birth date', async () => {
    for (const [who, pb] of viewers()) {
      const me = pb.authStore.record?.id;
      const list = await pb.collection('users').getFullList({ batch: 500 });
      expect(list.length, who).toBeGreaterThan(1);
      for (const u of list.filter((x) => x.id !== me)) {
        for (const f of PRIVATE) expect(u[f], `${who}: ${f}`).toBeUndefined();
      }
      const one = await pb.collection('users').getOne(target.id);
      for (const f of PRIVATE) expect(one[f], `${who}: ${f}`).toBeUndefined();
      expect(one.username).toBe(target.record.username);
    }
  });

  it('expanded relations show no email either', async () => {
    for (const [who, pb] of viewers()) {
      const posts = await pb
        .collection('exchangeList')
        .getFullList({ filter: `writer = "${target.id}"`, expand: 'writer' });
      const comments = await pb
        .collection('comments')
        .getFullList({ filter: `name = "${target.id}"`, expand: 'name' });
      expect(posts.length + comments.length, who).toBe(2);
      for (const u of [posts[0]?.expand?.writer, comments[0]?.expand?.name]) {
        expect(u?.id, who).toBe(target.id);
        for (const f of PRIVATE) expect(u?.[f], `${who}: ${f}`).toBeUndefined();
      }
    }
  });

  it('the one-request pull shows no one else’s email, phone number or birth date', async () => {
    for (const [who, pb] of viewers()) {
      const me = pb.authStore.record?.id;
      const users = await pullEverything(pb, 'users');
      expect(
        users.some((u) => u.id === target.id),
        who,
      ).toBe(true);
      for (const u of users.filter((x) => x.id !== me)) {
        for (const f of PRIVATE) expect(u[f], `${who}: ${f}`).toBeUndefined();
      }
    }
    const own = (await pullEverything(target.pb, 'users')).find((u) => u.id === target.id);
    expect([own?.email, own?.phoneNumber, own?.birth, own?.likeList]).toEqual([
      target.email,
      '01099998888',
      '1999-09-09',
      [ctx.cat.card.id],
    ]);
  });

  it('the owner sees their own email and private fields', async () => {
    const me = await target.pb.collection('users').getOne(target.id);
    expect([me.email, me.phoneNumber, me.birth, me.likeList]).toEqual([
      target.email,
      '01099998888',
      '1999-09-09',
      [ctx.cat.card.id],
    ]);
    // the like counts on cards stay public
    const card = await ctx.server.client().collection('photoCards').getOne(ctx.cat.card.id);
    expect(card.likeCount).toBeGreaterThan(0);
  });

  it('a fan’s books are never listed: nobody else learns their ids, a public one’s neither', async () => {
    const shown = await target.pb
      .collection('collectBook')
      .create({ users: target.id, title: '자랑할 책', isPublic: true });
    const others: Array<[string, PocketBase]> = [
      ['anonymous', ctx.server.client()],
      ['another user', ctx.other.pb],
      ['an admin-role user', ctx.admin.pb],
    ];
    for (const [who, pb] of others) {
      const one = await pb.collection('users').getOne(target.id);
      expect(one['collectBook'], who).toBeUndefined();
      const listed = (await pb.collection('users').getFullList({ batch: 500 })).find(
        (u) => u.id === target.id,
      );
      expect(listed?.['collectBook'], who).toBeUndefined();
      const pulled = (await pullEverything(pb, 'users')).find((u) => u.id === target.id);
      expect(pulled?.['collectBook'], who).toBeUndefined();
      const posts = await pb
        .collection('exchangeList')
        .getFullList({ filter: `writer = "${target.id}"`, expand: 'writer' });
      expect(posts[0]?.expand?.writer?.['collectBook'], who).toBeUndefined();
      // no probing by a book's id either
      for (const q of [{ filter: `collectBook ~ "${shown.id}"` }, { sort: 'collectBook' }]) {
        expect((await failure(pb.collection('users').getList(1, 10, q))).status, who).toBe(400);
      }
      // the public book itself still opens by its link
      expect((await pb.collection('collectBook').getOne(shown.id)).title, who).toBe('자랑할 책');
    }
    // the fan sees their own (view, pull, login refresh)
    expect((await target.pb.collection('users').getOne(target.id))['collectBook']).toContain(
      shown.id,
    );
    const own = (await pullEverything(target.pb, 'users')).find((u) => u.id === target.id);
    expect(own?.['collectBook']).toContain(shown.id);
    const refreshed = await target.pb.collection('users').authRefresh();
    expect(refreshed.record['collectBook']).toContain(shown.id);
  });

  it('a fan’s name is theirs and the admins’: others see the nickname only', async () => {
    expect(target.record['name']).toBeTruthy();
    const others: Array<[string, PocketBase]> = [
      ['anonymous', ctx.server.client()],
      ['another user', ctx.other.pb],
    ];
    for (const [who, pb] of others) {
      const me = pb.authStore.record?.id;
      const list = await pb.collection('users').getFullList({ batch: 500 });
      for (const u of list.filter((x) => x.id !== me)) expect(u['name'], who).toBeUndefined();
      const one = await pb.collection('users').getOne(target.id);
      expect(one['name'], who).toBeUndefined();
      expect(one.username, who).toBe(target.record.username);
      const posts = await pb
        .collection('exchangeList')
        .getFullList({ filter: `writer = "${target.id}"`, expand: 'writer' });
      expect(posts[0]?.expand?.writer?.id, who).toBe(target.id);
      expect(posts[0]?.expand?.writer?.['name'], who).toBeUndefined();
      const pulled = (await pullEverything(pb, 'users')).find((u) => u.id === target.id);
      expect(pulled?.['name'], who).toBeUndefined();
      // no probing by name either
      for (const q of [{ filter: `name = "${target.record['name']}"` }, { sort: 'name' }]) {
        expect((await failure(pb.collection('users').getList(1, 10, q))).status, who).toBe(400);
      }
    }
    // the fan themself (view, list, pull, login) and an admin see it
    for (const [who, pb] of [
      ['the fan', target.pb],
      ['an admin-role user', ctx.admin.pb],
    ] as Array<[string, PocketBase]>) {
      expect((await pb.collection('users').getOne(target.id))['name'], who).toBe(
        target.record['name'],
      );
      const listed = (await pb.collection('users').getFullList({ batch: 500 })).find(
        (u) => u.id === target.id,
      );
      expect(listed?.['name'], who).toBe(target.record['name']);
      const pulled = (await pullEverything(pb, 'users')).find((u) => u.id === target.id);
      expect(pulled?.['name'], who).toBe(target.record['name']);
    }
    const refreshed = await target.pb.collection('users').authRefresh();
    expect(refreshed.record['name']).toBe(target.record['name']);
  });

  it('filtering by email finds nothing (no existence check by email)', async () => {
    for (const [who, pb] of viewers()) {
      const filters = [
        `email = "${target.email}"`,
        `email ~ "${target.email.slice(0, 6)}"`,
        `email != ""`,
      ];
      for (const filter of filters) {
        const res = await pb
          .collection('users')
          .getList(1, 10, { filter })
          .catch(() => null);
        expect(res?.totalItems ?? 0, `${who}: ${filter}`).toBe(0);
      }
      const viaRelation = await pb
        .collection('comments')
        .getList(1, 10, { filter: `name.email = "${target.email}"` })
        .catch(() => null);
      expect(viaRelation?.totalItems ?? 0, who).toBe(0);
    }
  });

  it('sorting by email and filtering/sorting by private fields are refused', async () => {
    for (const [who, pb] of viewers()) {
      const attempts: Array<() => Promise<unknown>> = [
        () => pb.collection('users').getList(1, 10, { sort: 'email' }),
        () => pb.collection('users').getList(1, 10, { sort: '-email' }),
        () => pb.collection('comments').getList(1, 10, { sort: 'name.email' }),
        () => pb.collection('users').getList(1, 10, { filter: 'phoneNumber = "01099998888"' }),
        () => pb.collection('users').getList(1, 10, { filter: 'birth ~ "1999"' }),
        () => pb.collection('comments').getList(1, 10, { filter: 'name.phoneNumber != ""' }),
        () => pb.collection('users').getList(1, 10, { sort: 'birth' }),
        () => pb.collection('users').getList(1, 10, { filter: `likeList ~ "${ctx.cat.card.id}"` }),
        () =>
          pb.collection('users').getList(1, 10, { filter: `likeList.id ?= "${ctx.cat.card.id}"` }),
        () => pb.collection('comments').getList(1, 10, { filter: 'name.likeList:length > 0' }),
      ];
      for (const attempt of attempts) expect((await failure(attempt())).status, who).toBe(400);
    }
  });
});

describe('exchange post status', () => {
  it('the writer moves a post 교환대기중 → 교환중 → 교환완료 and back', async () => {
    const post = await ctx.su.collection('exchangeList').create({
      writer: ctx.owner.id,
      photoCard: ctx.cat.card.id,
      description: '상태 바꾸기',
      status: '교환대기중',
    });
    const owner = clientFor('owner').collection('exchangeList');
    for (const status of ['교환중', '교환완료', '교환대기중']) {
      await owner.update(post.id, { status });
      expect((await ctx.su.collection('exchangeList').getOne(post.id)).status).toBe(status);
    }
    // An admin's edit that leaves the status alone still goes through.
    await clientFor('admin').collection('exchangeList').update(post.id, {
      description: '관리자 수정',
      status: '교환대기중',
    });
    expect((await ctx.su.collection('exchangeList').getOne(post.id)).description).toBe(
      '관리자 수정',
    );
  });
});

// ---------------------------------------------------------------------------------------------

// cards and posts are pulled by scope, not from the snapshot (docs/sync.md, Pull by scope)
const SNAPSHOT_COLLECTIONS = ['groups', 'meetUps', 'comments'];

const SNAPSHOT_MATRIX = SPECS.filter((spec) =>
  SNAPSHOT_COLLECTIONS.includes(spec.collection),
).flatMap((spec) =>
  ROLES.map((role) => ({
    name: spec.label ?? spec.collection,
    spec,
    role,
    verdict: spec.allow.list.includes('anon') ? 'in it' : 'not in it',
  })),
);

describe('the catalogue snapshot in the rule matrix', () => {
  it.each(SNAPSHOT_MATRIX)(
    '$name: built while $role asks, the fixture is $verdict, and the rest is what a guest lists',
    async ({ spec, role }) => {
      const fx = await spec.fixture(ctx);
      const pb = clientFor(role, fx);
      const index: { path: string } = await pb.send('/api/pocamarket/catalogue', {
        requestKey: null,
      });
      const snap: { collections: Record<string, PullPage> } = await pb.send(index.path, {
        requestKey: null,
      });
      const page = snap.collections[spec.collection]!;
      expect(page.items.some((r) => r.id === fx.id)).toBe(spec.allow.list.includes('anon'));
      const listed = await ctx.server
        .client()
        .collection(spec.collection)
        .getFullList({ sort: 'updated,id', batch: 500, requestKey: null });
      expect(page.items).toEqual(listed);
    },
  );

  it.each(['POST', 'PATCH', 'DELETE'])(
    '%s to the catalogue routes changes nothing',
    async (method) => {
      for (const path of [
        '/api/pocamarket/catalogue',
        `/api/pocamarket/catalogue/${'a'.repeat(32)}`,
      ]) {
        const res = await fetch(`${ctx.server.url}${path}`, {
          method,
          headers: { Authorization: ctx.admin.pb.authStore.token },
        });
        expect([404, 405], `${method} ${path}`).toContain(res.status);
      }
    },
  );
});

describe('the shipping fields of a trade in the rule matrix (docs/trades.md, Shipping)', () => {
  // an accepted trade between ctx.owner (receiver) and a proposer made for it
  async function accepted(): Promise<{ id: string; proposer: Actor }> {
    const proposer = await createUser(ctx.server, ctx.su);
    const t = await ctx.su.collection('trades').create({
      proposer: proposer.id,
      receiver: ctx.owner.id,
      give: [ctx.cat.card.id],
      status: 'accepted',
      proposerAddress: '서울 마포구 1',
    });
    return { id: t.id, proposer };
  }
  const MINE: Body[] = [
    { receiverShip: 'semi' },
    { receiverAddress: '부산 해운대구 1' },
    { receiverCarrier: 'epost', receiverTracking: '6012345678901' },
    { receiverReceived: true },
  ];
  const THEIRS: Body[] = [
    { proposerShip: 'semi' },
    { proposerAddress: '다른 곳' },
    { proposerCarrier: 'cj', proposerTracking: '123456789012' },
    { proposerReceived: true },
    { completedAt: '2026-01-01 00:00:00.000Z' },
  ];

  it.each(MINE.map((body, i) => ({ body, i })))(
    'a side sets its own field (case $i); nobody else may',
    async ({ body }) => {
      for (const who of [ctx.other, ctx.admin]) {
        const { id } = await accepted();
        const err = await failure(who.pb.collection('trades').update(id, body));
        expect(err.status, 'another fan or an admin').toBe(404);
      }
      const anon = await accepted();
      expect(
        (await failure(ctx.server.client().collection('trades').update(anon.id, body))).status,
      ).toBeGreaterThanOrEqual(400);
      const { id } = await accepted();
      const stored = await ctx.owner.pb.collection('trades').update(id, body);
      for (const [k, v] of Object.entries(body)) expect(stored[k]).toEqual(v);
    },
  );

  it.each(THEIRS.map((body, i) => ({ body, i })))(
    'a side never sets the other side’s field or the hook’s (case $i)',
    async ({ body }) => {
      const { id } = await accepted();
      const before = await readAsSuperuser(ctx.su, 'trades', id);
      expect((await failure(ctx.owner.pb.collection('trades').update(id, body))).status).toBe(400);
      expect(await readAsSuperuser(ctx.su, 'trades', id)).toEqual(before);
    },
  );

  it('the address is read by the two sides only: not another fan, an admin or a guest', async () => {
    const { id, proposer } = await accepted();
    expect((await ctx.owner.pb.collection('trades').getOne(id))['proposerAddress']).toBe(
      '서울 마포구 1',
    );
    expect((await proposer.pb.collection('trades').getOne(id))['proposerAddress']).toBe(
      '서울 마포구 1',
    );
    for (const pb of [ctx.other.pb, ctx.admin.pb, ctx.server.client()]) {
      expect((await failure(pb.collection('trades').getOne(id))).status).toBe(404);
      const list = await pb.collection('trades').getFullList({ requestKey: null });
      expect(list.some((t) => t.id === id)).toBe(false);
    }
  });
});

describe('the photos of a trade in the rule matrix (docs/files.md, Protected files)', () => {
  const PNG_1X1 = Uint8Array.from(
    atob(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    ),
    (c) => c.charCodeAt(0),
  );
  const png = () => new Blob([PNG_1X1], { type: 'image/png' });

  // a proposal with a photo from a proposer made for it to ctx.owner (the receiver)
  async function withPhoto(): Promise<{ id: string; name: string; proposer: Actor }> {
    const proposer = await createUser(ctx.server, ctx.su);
    const t = await proposer.pb.collection('trades').create({
      proposer: proposer.id,
      receiver: ctx.owner.id,
      give: [ctx.cat.card.id],
      status: 'proposed',
      photos: [png()],
    });
    return { id: t.id, name: (t['photos'] as string[])[0]!, proposer };
  }

  /** The file's status with `pb`'s file token (a guest asks with none). */
  async function fileStatus(pb: PocketBase | null, id: string, name: string): Promise<number> {
    const token = pb ? `?token=${await pb.files.getToken()}` : '';
    const res = await fetch(`${ctx.server.url}/api/files/trades/${id}/${name}${token}`);
    await res.arrayBuffer();
    return res.status;
  }

  it('the two sides read the photo with a file token; a third fan, an admin, a guest get nothing', async () => {
    const { id, name, proposer } = await withPhoto();
    for (const pb of [ctx.owner.pb, proposer.pb]) {
      expect((await pb.collection('trades').getOne(id))['photos']).toEqual([name]);
      expect(await fileStatus(pb, id, name), 'a side, with a token').toBe(200);
    }
    expect(await fileStatus(null, id, name), 'no token').toBe(404);
    expect(await fileStatus(ctx.other.pb, id, name), 'another fan').toBe(404);
    expect(await fileStatus(ctx.admin.pb, id, name), 'an admin').toBe(404);
    for (const pb of [ctx.other.pb, ctx.admin.pb, ctx.server.client()]) {
      expect((await failure(pb.collection('trades').getOne(id))).status).toBe(404);
      const list = await pb.collection('trades').getFullList({ requestKey: null });
      expect(list.some((t) => t.id === id)).toBe(false);
    }
  });

  it('nobody changes the photos after the proposal: not a side, another fan, an admin or a guest', async () => {
    const { id, name, proposer } = await withPhoto();
    const before = await readAsSuperuser(ctx.su, 'trades', id);
    for (const body of [{ photos: [png()] }, { 'photos-': [name] }]) {
      for (const pb of [proposer.pb, ctx.owner.pb]) {
        expect((await failure(pb.collection('trades').update(id, body))).status).toBe(400);
      }
      for (const pb of [ctx.other.pb, ctx.admin.pb]) {
        expect((await failure(pb.collection('trades').update(id, body))).status).toBe(404);
      }
      expect(
        (await failure(ctx.server.client().collection('trades').update(id, body))).status,
      ).toBeGreaterThanOrEqual(400);
    }
    expect(await readAsSuperuser(ctx.su, 'trades', id)).toEqual(before);
  });
});

describe('moderation fields (docs/operators.md, Moderation)', () => {
  const FIELDS = ['suspendedUntil', 'suspendReason', 'banned', 'banReason'];

  it('a fan’s standing is in no one’s record answer, their own included (the standing route tells them)', async () => {
    const target = await createUser(ctx.server, ctx.su);
    await ctx.su
      .collection('users')
      .update(target.id, { suspendedUntil: '2099-01-01 00:00:00.000Z', suspendReason: '테스트' });
    for (const [who, pb] of [
      ['anon', ctx.server.client()],
      ['other', ctx.other.pb],
      ['self', target.pb],
    ] as const) {
      const seen = await pb.collection('users').getOne(target.id);
      for (const f of FIELDS) expect(seen[f], `${who} ${f}`).toBeUndefined();
      const pulled = (await pullEverything(pb, 'users')).find((u) => u.id === target.id);
      for (const f of FIELDS) expect(pulled?.[f], `${who} pull ${f}`).toBeUndefined();
    }
    const own: Body = await target.pb.send('/api/pocamarket/standing', { requestKey: null });
    expect(own['suspendReason']).toBe('테스트');
    expect(String(own['message'])).toContain('이용이 정지된 계정이에요');
  });

  it.each(FIELDS)('%s: a fan cannot set it on their own record (ignored or refused)', async (f) => {
    const self = await createUser(ctx.server, ctx.su);
    const before = await readAsSuperuser(ctx.su, 'users', self.id);
    const value = f === 'banned' ? true : f === 'suspendedUntil' ? '2099-01-01 00:00:00.000Z' : 'x';
    await self.pb
      .collection('users')
      .update(self.id, { [f]: value })
      .catch(() => null);
    expect(stable(await readAsSuperuser(ctx.su, 'users', self.id))).toEqual(stable(before));
  });

  it('the moderation routes answer admins only', async () => {
    for (const [role, status] of [
      ['anon', 401],
      ['owner', 403],
      ['other', 403],
    ] as const) {
      for (const [path, body] of [
        ['/api/pocamarket/moderation/reports', undefined],
        ['/api/pocamarket/moderation/hide', { collection: 'exchangeList', id: 'x', reason: 'r' }],
        ['/api/pocamarket/moderation/ban', { user: ctx.other.id, reason: 'r' }],
      ] as const) {
        const err = await failure(
          clientFor(role).send(path, {
            method: body ? 'POST' : 'GET',
            ...(body ? { body } : {}),
            requestKey: null,
          }),
        );
        expect(err.status, `${role} ${path}`).toBe(status);
      }
    }
    const queue: Body = await ctx.admin.pb.send('/api/pocamarket/moderation/reports', {
      requestKey: null,
    });
    expect(Array.isArray(queue['items'])).toBe(true);
  });
});

describe('the catalogue import in the rule matrix (docs/operators.md, Bulk import)', () => {
  it('photoCards.key and release are read like the card; importHash reaches no caller', async () => {
    const tag = uniq();
    const card = await ctx.su.collection('photoCards').create({
      group: ctx.cat.group.id,
      groupName: ctx.cat.group.groupName,
      memberName: '원빈',
      title: `imported ${tag}`,
      key: `rules-${tag}`,
      release: '정규 1집',
      importHash: 'a:b:c',
    });
    expect(card['importHash']).toBe('a:b:c');
    for (const role of ROLES) {
      const pb = clientFor(role);
      const seen = await pb.collection('photoCards').getOne(card.id);
      expect(seen, role).toMatchObject({ key: `rules-${tag}`, release: '정규 1집' });
      expect(seen['importHash'], role).toBeUndefined();
      const found = await pb
        .collection('photoCards')
        .getList(1, 10, { filter: `key = "rules-${tag}"` });
      expect(
        found.items.map((c) => c.id),
        role,
      ).toEqual([card.id]);
      expect(found.items[0]?.['importHash'], role).toBeUndefined();
      const probe = failure(
        pb.collection('photoCards').getList(1, 10, { filter: 'importHash = "a:b:c"' }),
      );
      expect((await probe).status, role).toBe(400);
    }
    // fans and guests write no card; an admin's write (the catalogue console's) can't set the
    // hidden importHash: refused or dropped, the stored one stays
    for (const role of ['anon', 'owner', 'other'] as const) {
      const err = await failure(
        clientFor(role).collection('photoCards').update(card.id, { key: 'x', importHash: 'x' }),
      );
      expect([400, 401, 403, 404], role).toContain(err.status);
    }
    await clientFor('admin')
      .collection('photoCards')
      .update(card.id, { importHash: 'x' })
      .catch(() => null);
    expect(await readAsSuperuser(ctx.su, 'photoCards', card.id)).toMatchObject({
      key: `rules-${tag}`,
      importHash: 'a:b:c',
    });
  });

  // each route by role, with a body each role's check refuses before anything is read
  const ROUTES: { path: string; status: Record<Role | 'superuser', number> }[] = [
    {
      // admins and superusers pass; an empty JSON body is then refused (not multipart)
      path: '/api/pocamarket/admin/catalogue-import',
      status: { anon: 401, owner: 403, other: 403, admin: 400, superuser: 400 },
    },
    {
      path: '/api/pocamarket/catalogue-import/check',
      status: { anon: 401, owner: 403, other: 403, admin: 403, superuser: 200 },
    },
    {
      // a superuser's empty JSON body is refused (not multipart)
      path: '/api/pocamarket/catalogue-import/rows',
      status: { anon: 401, owner: 403, other: 403, admin: 403, superuser: 400 },
    },
    {
      // a superuser's summary is an audit entry (no card written)
      path: '/api/pocamarket/catalogue-import/done',
      status: { anon: 401, owner: 403, other: 403, admin: 403, superuser: 200 },
    },
  ];
  const ROUTE_MATRIX = ROUTES.flatMap((r) =>
    (['anon', 'owner', 'other', 'admin', 'superuser'] as const).map((role) => ({
      path: r.path,
      role,
      status: r.status[role],
    })),
  );

  it.each(ROUTE_MATRIX)('POST $path as $role: $status', async ({ path, role, status }) => {
    const pb = role === 'superuser' ? ctx.su : clientFor(role);
    const count = (await ctx.su.collection('photoCards').getList(1, 1)).totalItems;
    const res = await fetch(`${ctx.server.url}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(pb.authStore.token ? { Authorization: pb.authStore.token } : {}),
      },
      body: JSON.stringify({ rows: [] }),
    });
    expect(res.status).toBe(status);
    expect((await ctx.su.collection('photoCards').getList(1, 1)).totalItems).toBe(count);
  });

  it('the import routes have their rate limits', async () => {
    const settings = await ctx.su.settings.getAll();
    const labels = (settings['rateLimits'] as { rules: { label: string }[] }).rules.map(
      (r) => r.label,
    );
    expect(labels).toEqual(
      expect.arrayContaining([
        '/api/pocamarket/admin/catalogue-import',
        '/api/pocamarket/catalogue-import/',
      ]),
    );
  });
});
