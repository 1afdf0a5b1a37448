/**
 * The schema made by pb_migrations/ matches the shared data model: every collection and field
 * with its type and key options, the indexes the sync layer and the rules rely on, and the app
 * settings (batch API, rate limiter).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { CollectionModel } from 'pocketbase';
import { HOOKS_DIR } from '../../server/pocketbase.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';

const MB = 1024 * 1024;
const IMAGE_MIME = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

interface FieldSpec {
  type: string;
  required?: boolean;
  /** relation target collection name */
  to?: string;
  /** relation/file/select: 1 = single value, 'many' = more than one */
  select?: 1 | 'many';
  /** file: max size in bytes */
  maxSize?: number;
  /** file: the image types it takes (IMAGE_MIME unless said) */
  mimeTypes?: string[];
  values?: string[];
  max?: number;
  min?: number;
  pattern?: string;
}

const text = (o: Partial<FieldSpec> = {}): FieldSpec => ({ type: 'text', ...o });
const rel = (to: string, o: Partial<FieldSpec> = {}): FieldSpec => ({
  type: 'relation',
  to,
  select: 1,
  ...o,
});
const many = (to: string, o: Partial<FieldSpec> = {}): FieldSpec =>
  rel(to, { select: 'many', ...o });
const image = (maxSize: number, o: Partial<FieldSpec> = {}): FieldSpec => ({
  type: 'file',
  maxSize,
  select: 1,
  ...o,
});

/** The contract (/tmp/data-model.md), field by field. */
const CONTRACT: Record<string, { type: 'base' | 'auth'; fields: Record<string, FieldSpec> }> = {
  groups: {
    type: 'base',
    fields: {
      groupName: text({ required: true }),
      logoImage: image(1 * MB),
      cardCount: { type: 'number', min: 0 },
    },
  },
  photoCards: {
    type: 'base',
    fields: {
      group: rel('groups', { required: true }),
      cardImg: image(5 * MB),
      cardBackImg: image(5 * MB),
      logoImage: image(1 * MB),
      groupName: text({ required: true }),
      memberName: text({ required: true }),
      memberNameEn: text(),
      title: text({ required: true }),
      label: text(),
      likeCount: { type: 'number', min: 0 },
      exchangeList: many('exchangeList'),
    },
  },
  users: {
    type: 'auth',
    fields: {
      email: { type: 'email' },
      emailVisibility: { type: 'bool' },
      verified: { type: 'bool' },
      name: text({ max: 40 }),
      username: text({ min: 2, max: 20, pattern: '^[0-9A-Za-z가-힣_.]+$' }),
      avatar: image(2 * MB),
      biasGroup: rel('groups'),
      // no likeList: read from the likes when shown to its owner (docs/scaling.md, Like storms)
      collectBook: many('collectBook'),
      exchangeStatus: many('exchangeList'),
      birth: text({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
      phoneNumber: text({ pattern: '^\\d{11}$' }),
      role: { type: 'select', select: 1, values: ['user', 'admin'] },
      tradePublic: { type: 'bool' },
      tradesCompleted: { type: 'number', min: 0 },
    },
  },
  collectBook: {
    type: 'base',
    fields: {
      users: rel('users', { required: true }),
      title: text({ required: true, max: 50 }),
      group: rel('groups'),
      thumbNail: image(5 * MB),
      cardInfo: many('photoCards'),
      isPublic: { type: 'bool' },
    },
  },
  exchangeList: {
    type: 'base',
    fields: {
      writer: rel('users', { required: true }),
      photoCard: rel('photoCards', { required: true }),
      description: text({ required: true, max: 150 }),
      status: {
        type: 'select',
        required: true,
        select: 1,
        values: ['교환대기중', '교환중', '교환완료'],
      },
      chatContent: text(),
      // the terms (docs/data-model.md, exchangeList)
      postType: { type: 'select', select: 1, values: ['exchange', 'sell', 'want'] },
      price: { type: 'number', min: 0, max: 10_000_000 },
      shipping: { type: 'select', select: 'many', values: ['semi', 'half', 'parcel', 'meet'] },
      cvs: { type: 'select', select: 1, values: ['gs25', 'cu', 'seven'] },
      meetPlace: text({ max: 40 }),
      photos: {
        type: 'file',
        maxSize: 5 * MB,
        select: 'many',
        mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
      },
    },
  },
  meetUps: {
    type: 'base',
    fields: {
      eventTitle: text({ required: true }),
      cafeName: text(),
      address: text(),
      date: text(),
      startDate: { type: 'date' },
      endDate: { type: 'date' },
      lat: { type: 'number' },
      lng: { type: 'number' },
      artistName: text(),
      artistImg: image(2 * MB),
      eventImg: { type: 'file', maxSize: 5 * MB, select: 'many' },
      source: text(),
      basicGift: text(),
      desertGift: text(),
      priorityGift: text(),
      firstHashtag: text(),
      secondHashtag: text(),
      group: rel('groups'),
      comments: many('comments'),
    },
  },
  comments: {
    type: 'base',
    fields: {
      name: rel('users', { required: true }),
      ment: text({ max: 500 }),
      meetUp: rel('meetUps', { required: true }),
    },
  },
  informUs: {
    type: 'base',
    fields: {
      user: rel('users', { required: true }),
      type: { type: 'select', required: true, select: 1, values: ['phoca', 'meetup'] },
      group: text(),
      artistName: text(),
      phocaType: {
        type: 'select',
        select: 1,
        values: ['앨범', '특전', '팬싸', '시즌그리팅', '기타'],
      },
      phocaTitle: text(),
      phocaImg: image(5 * MB),
      meetUpImg: image(5 * MB),
      cafeName: text(),
      cafeAddress: text(),
      meetUpDuration: text(),
      SourceURL_: { type: 'url' },
    },
  },
  likes: {
    type: 'base',
    fields: {
      user: rel('users', { required: true }),
      photoCard: rel('photoCards', { required: true }),
    },
  },
  tombstones: {
    type: 'base',
    fields: {
      // the contract's `collectionName` is a reserved system key in PocketBase
      recordCollection: text({ required: true }),
      recordId: text({ required: true }),
      owner: text(),
    },
  },
  pushSubscriptions: {
    type: 'base',
    fields: {
      user: rel('users', { required: true }),
      endpoint: { type: 'url', required: true },
      keys: { type: 'json' },
      topics: { type: 'json' },
    },
  },
  notifications: {
    type: 'base',
    fields: {
      user: rel('users', { required: true }),
      topic: {
        type: 'select',
        select: 1,
        values: ['comment', 'exchange', 'meetup', 'chat', 'trade', 'wanted', 'report'],
      },
      title: text(),
      body: text(),
      url: text(),
      read: { type: 'bool' },
      sentAt: { type: 'date' },
      actor: rel('users'),
    },
  },
  // trades (docs/trades.md)
  tradeItems: {
    type: 'base',
    fields: {
      user: rel('users', { required: true }),
      photoCard: rel('photoCards', { required: true }),
      kind: { type: 'select', required: true, select: 1, values: ['have', 'want'] },
      spare: { type: 'number', min: 0, max: 99 },
      book: rel('collectBook'),
    },
  },
  conversations: {
    type: 'base',
    fields: {
      a: rel('users', { required: true }),
      b: rel('users', { required: true }),
      photoCard: rel('photoCards'),
      post: rel('exchangeList'),
      trade: rel('trades'),
      aReadAt: { type: 'date' },
      bReadAt: { type: 'date' },
      lastMessage: text({ max: 80 }),
      lastMessageAt: { type: 'date' },
      lastSender: rel('users'),
      starter: rel('users'),
    },
  },
  messages: {
    type: 'base',
    fields: {
      conversation: rel('conversations', { required: true }),
      sender: rel('users', { required: true }),
      text: text({ max: 1000 }),
      image: image(5 * MB),
    },
  },
  trades: {
    type: 'base',
    fields: {
      proposer: rel('users', { required: true }),
      receiver: rel('users', { required: true }),
      give: many('photoCards'),
      get: many('photoCards'),
      message: text({ max: 300 }),
      status: {
        type: 'select',
        required: true,
        select: 1,
        values: ['proposed', 'accepted', 'declined', 'cancelled', 'countered', 'completed'],
      },
      proposerDone: { type: 'bool' },
      receiverDone: { type: 'bool' },
      counterOf: rel('trades'),
      conversation: rel('conversations'),
      // the real card and its packing (docs/trades.md, Photos)
      photos: image(5 * MB, { select: 'many' }),
    },
  },
  reviews: {
    type: 'base',
    fields: {
      trade: rel('trades', { required: true }),
      author: rel('users', { required: true }),
      subject: rel('users', { required: true }),
      rating: { type: 'select', required: true, select: 1, values: ['good', 'bad'] },
      text: text({ max: 100 }),
    },
  },
  blocks: {
    type: 'base',
    fields: {
      user: rel('users', { required: true }),
      blocked: rel('users', { required: true }),
    },
  },
  chatReports: {
    type: 'base',
    fields: {
      reporter: rel('users', { required: true }),
      // not required: a report outlives the reported account (targetId, targetName say whom)
      target: rel('users', { required: false }),
      targetId: text({ max: 100 }),
      targetName: text({ max: 100 }),
      message: rel('messages'),
      reason: text({ required: true, max: 300 }),
      evidence: text(),
      evidencePhoto: image(5 * MB),
    },
  },
  encounters: {
    type: 'base',
    fields: {
      user: rel('users', { required: true }),
      fan: rel('users', { required: true }),
      fanName: text({ required: true, max: 40 }),
      meetup: rel('meetUps'),
      theyHave: many('photoCards'),
      theyWant: many('photoCards'),
      note: text({ max: 200 }),
      metAt: { type: 'date', required: true },
    },
  },
  notices: {
    type: 'base',
    fields: {
      title: text({ required: true, max: 100 }),
      body: text({ required: true, max: 5000 }),
      published: { type: 'date' },
      pinned: { type: 'bool' },
    },
  },
};

type Field = Record<string, unknown> & { name: string; type: string };

let server: TestServer;
let su: PocketBase;
let collections: Map<string, CollectionModel>;

beforeAll(async () => {
  server = await startTestServer({ publicDir: null });
  su = await server.admin();
  const list = await su.collections.getFullList();
  collections = new Map(list.map((c) => [c.name, c]));
});

afterAll(async () => {
  await server?.stop();
});

function fieldOf(collection: string, name: string): Field {
  const c = collections.get(collection);
  const f = (c?.fields as Field[] | undefined)?.find((x) => x.name === name);
  if (!f) throw new Error(`missing field ${collection}.${name}`);
  return f;
}

const normIndex = (sql: string) => sql.replace(/[`"[\]]/g, '').replace(/\s+/g, ' ');

describe('collections and fields of the data model', () => {
  it('has every collection of the contract with its type', () => {
    for (const [name, spec] of Object.entries(CONTRACT)) {
      expect(collections.get(name)?.type, name).toBe(spec.type);
    }
  });

  const cases = Object.entries(CONTRACT).flatMap(([collection, spec]) =>
    Object.entries(spec.fields).map(([field, f]) => ({ collection, field, f })),
  );

  it.each(cases)('$collection.$field', ({ collection, field, f }) => {
    const actual = fieldOf(collection, field);
    expect(actual.type).toBe(f.type);
    if (f.required !== undefined) expect(Boolean(actual.required)).toBe(f.required);
    if (f.to) {
      expect(actual.collectionId).toBe(collections.get(f.to)?.id);
    }
    if (f.select === 1) expect(actual.maxSelect).toBe(1);
    if (f.select === 'many') expect(actual.maxSelect as number).toBeGreaterThan(1);
    if (f.type === 'file') {
      expect(actual.maxSize).toBe(f.maxSize);
      expect([...(actual.mimeTypes as string[])].sort()).toEqual(
        [...(f.mimeTypes ?? IMAGE_MIME)].sort(),
      );
    }
    if (f.values) expect(actual.values).toEqual(f.values);
    if (f.max !== undefined) expect(actual.max).toBe(f.max);
    if (f.min !== undefined) expect(actual.min).toBe(f.min);
    if (f.pattern !== undefined) expect(actual.pattern).toBe(f.pattern);
  });

  it('keeps likeCount an integer that never goes below 0', () => {
    const likeCount = fieldOf('photoCards', 'likeCount');
    expect(likeCount.onlyInt).toBe(true);
    expect(likeCount.min).toBe(0);
  });

  it('accepts no svg in any file field', () => {
    for (const c of collections.values()) {
      for (const f of c.fields as Field[]) {
        if (f.type === 'file')
          expect(f.mimeTypes, `${c.name}.${f.name}`).not.toContain('image/svg+xml');
      }
    }
  });

  it.each(Object.keys(CONTRACT))(
    '%s has created/updated autodates and an index on updated',
    (name) => {
      const created = fieldOf(name, 'created');
      const updated = fieldOf(name, 'updated');
      expect([created.type, created.onCreate, created.onUpdate]).toEqual(['autodate', true, false]);
      expect([updated.type, updated.onCreate, updated.onUpdate]).toEqual(['autodate', true, true]);
      const indexes = (collections.get(name)?.indexes ?? []).map(normIndex);
      expect(indexes.some((i) => new RegExp(`ON ${name} \\(updated\\)`).test(i))).toBe(true);
    },
  );

  it('has the unique and lookup indexes', () => {
    const has = (name: string, re: RegExp) =>
      expect(
        (collections.get(name)?.indexes ?? []).map(normIndex).some((i) => re.test(i)),
        String(re),
      ).toBe(true);
    has('likes', /^CREATE UNIQUE INDEX \S+ ON likes \(user, photoCard\)$/);
    has('groups', /^CREATE UNIQUE INDEX \S+ ON groups \(groupName\)$/);
    has('photoCards', /^CREATE INDEX \S+ ON photoCards \(group, updated, id\)$/);
    has(
      'users',
      /^CREATE UNIQUE INDEX \S+ ON users \(username COLLATE NOCASE\) WHERE username != ''$/,
    );
    has('pushSubscriptions', /^CREATE UNIQUE INDEX \S+ ON pushSubscriptions \(user, endpoint\)$/);
    has('tombstones', /^CREATE INDEX \S+ ON tombstones \(recordCollection, updated\)$/);
    has('tradeItems', /^CREATE UNIQUE INDEX \S+ ON tradeItems \(user, photoCard\)$/);
    has('tradeItems', /^CREATE INDEX \S+ ON tradeItems \(photoCard, kind\)$/);
    has('conversations', /^CREATE UNIQUE INDEX \S+ ON conversations \(a, b\)$/);
    has('reviews', /^CREATE UNIQUE INDEX \S+ ON reviews \(trade, author\)$/);
    has('blocks', /^CREATE UNIQUE INDEX \S+ ON blocks \(user, blocked\)$/);
    has('encounters', /^CREATE INDEX \S+ ON encounters \(user, metAt\)$/);
  });

  it('lets users log in with email and password', () => {
    const users = collections.get('users') as CollectionModel & {
      passwordAuth: { enabled: boolean; identityFields: string[] };
    };
    expect(users.passwordAuth.enabled).toBe(true);
    expect(users.passwordAuth.identityFields).toContain('email');
  });
});

describe('settings', () => {
  it('names the app, enables the batch API and the rate limiter', async () => {
    const s = (await su.settings.getAll()) as Record<string, never> & {
      meta: { appName: string };
      batch: { enabled: boolean; maxRequests: number; timeout: number; maxBodySize: number };
      rateLimits: {
        enabled: boolean;
        rules: Array<{ label: string; maxRequests: number; duration: number; audience: string }>;
      };
    };
    expect(s.meta.appName).toBe('포카마켓');
    expect(s.batch.enabled).toBe(true);
    expect(s.batch.maxRequests).toBe(50);
    expect(s.batch.timeout).toBeGreaterThan(0);
    expect(s.batch.maxBodySize).toBeGreaterThan(0);
    expect(s.rateLimits.enabled).toBe(true);
    const rule = (label: string) => s.rateLimits.rules.find((r) => r.label === label);
    const general = rule('/api/');
    expect(general).toBeDefined();
    const perSecond = (r: { maxRequests: number; duration: number }) => r.maxRequests / r.duration;
    for (const tight of ['*:auth', '*:requestVerification', '*:requestPasswordReset']) {
      const r = rule(tight);
      expect(r, tight).toBeDefined();
      expect(perSecond(r!)).toBeLessThan(perSecond(general!) / 10);
    }
    expect(rule('*:create')?.maxRequests).toBeGreaterThanOrEqual(50); // a full batch fits
  });
});

describe('profanity word list (shared with the client)', () => {
  const list = JSON.parse(readFileSync(join(HOOKS_DIR, 'profanity-words.json'), 'utf8')) as {
    en: string[];
    ko: string[];
  };
  const norm = (s: string) =>
    s
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\s\u200B-\u200D\u2060\uFEFF]/g, '');

  it('is {"en": [...], "ko": [...]} with a few dozen words each, already normalised', () => {
    expect(Object.keys(list).sort()).toEqual(['en', 'ko']);
    for (const lang of ['en', 'ko'] as const) {
      expect(list[lang].length).toBeGreaterThanOrEqual(20);
      expect(list[lang].length).toBeLessThanOrEqual(60);
      for (const w of list[lang]) expect(norm(w), w).toBe(w);
      expect(new Set(list[lang]).size).toBe(list[lang].length);
    }
    expect(list.en).toContain('fuck');
    expect(list.ko).toEqual(expect.arrayContaining(['시발', '씨발', '병신', '개새끼', '좆']));
  });
});
