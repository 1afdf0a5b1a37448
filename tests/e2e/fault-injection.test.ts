/**
 * Fault injection, in Chromium against the real PocketBase serving the built app: two fans, each
 * on their own device (a browser context with its own storage and service worker), make a seeded
 * random sequence of changes — likes and unlikes, exchange posts with edits, status moves and
 * deletes, meetup comments, collect-book ticks and unticks, chat messages (some with a photo) in
 * several conversations (with each other and with two fans who have no device), trade proposals
 * to each other and their changes from both sides (accept, decline, cancel, 완료, counter-
 * proposals; tests/helpers/fault-trades.ts) — while their network is cut and
 * restored at random, the PocketBase process is killed (SIGKILL) and started again on the same
 * data, a tab is closed in the middle of a flush (the next tab of that device picks up its
 * outbox), and a second tab of the app is opened and used (two sync engines on one outbox). Likes
 * are made both with the heart on the home grid's tiles and through the data layer's write API,
 * the functions the screens call; the other changes through that API.
 *
 * After quiet (server up, both devices online, every outbox drained) the server must hold exactly
 * what the model of the fans' actions says: nothing lost, nothing duplicated, nothing undone
 * coming back, every record's last write the fan's last; every message once, in its pair's one
 * conversation, each fan's messages in the order written; every proposal once, in the status the
 * model says. Each device's local store must agree after a pull, and nothing may have been set
 * aside as refused. The counts are printed.
 *
 * This server is the file's own (killing the shared one would break other files). The size and
 * seed: FAULT_STEPS (CI: 100) and FAULT_SEED; `npm run test:faults` runs a larger size.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../server/pocketbase.ts';
import { until } from '../helpers/app.ts';
import { launchBrowser, newContext, PHONE, waitForServiceWorker } from '../helpers/browser.ts';
import {
  compareWithModel,
  FaultModel,
  POST_STATUSES,
  seededRandom,
  tally,
  type UserSnapshot,
} from '../helpers/fault-model.ts';
import {
  ChatTradeModel,
  compareChatTrades,
  tallyChat,
  type ChatDifference,
} from '../helpers/fault-model-trades.ts';
import {
  changeProposal,
  localChatTrades,
  propose,
  serverChatTrades,
  writeMessage,
  type ChatFans,
} from '../helpers/fault-trades.ts';
import { createUser, PASSWORD, type Actor } from '../helpers/pb-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';

const STEPS = Number(process.env.FAULT_STEPS ?? 100);
const SEED = Number(process.env.FAULT_SEED ?? 20261121);
const CARDS = 10;
/** The project's 120 s covers the default size; a larger run gets about 1.5 s a step more. */
const TIMEOUT = Math.max(120_000, 60_000 + STEPS * 1_500);

interface Device {
  index: number;
  user: Actor;
  book: string;
  context: BrowserContext;
  /** Open tabs of the app; the fan acts in the last one, the others keep running. */
  pages: Page[];
  offline: boolean;
  errors: string[];
}

let server: TestServer;
let su: PocketBase;
let browser: Browser;
let serverUp = true;
const cards: string[] = [];
const meetUps: string[] = [];
const devices: Device[] = [];
let groupId = '';
/** The fans in chat and trades: the two with devices, then two who are only written to. */
const fans: ChatFans = { ids: [], cards };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = await startTestServer({ publicDir: DIST_DIR });
  su = await server.admin();
  const group = await su.collection('groups').create({ groupName: 'RIIZE' });
  groupId = group.id;
  for (let i = 0; i < CARDS; i++) {
    const card = await su.collection('photoCards').create({
      group: group.id,
      groupName: 'RIIZE',
      memberName: ['원빈', '쇼타로', '은석', '성찬', '소희', '앤톤'][i % 6],
      title: `포토카드 ${i + 1}`,
    });
    cards.push(card.id);
  }
  for (const title of ['원빈 생일카페', '앤톤 생일카페']) {
    meetUps.push((await su.collection('meetUps').create({ eventTitle: title })).id);
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Two fans, each signed in on their own device with their collect book pulled. */
async function setUpDevices(groupId: string): Promise<void> {
  for (let index = 0; index < 2; index++) {
    const user = await createUser(server, su, { name: `팬${index + 1}` });
    const book = await su
      .collection('collectBook')
      .create({ users: user.id, group: groupId, title: 'RIIZE 콜렉트북', cardInfo: [] });
    const context = await newContext(browser, PHONE, server.url);
    await context.addInitScript(() => {
      if (location.protocol.startsWith('http')) localStorage.setItem('pocamarket:test-api', '1');
    });
    const device: Device = {
      index,
      user,
      book: book.id,
      context,
      pages: [],
      offline: false,
      errors: [],
    };
    const page = await openTab(device);
    await waitForServiceWorker(page);
    await page.evaluate(async ({ email, password }) => window.__pocamarket.login(email, password), {
      email: user.email,
      password: PASSWORD,
    });
    await until(
      page,
      async ({ id, book }) => {
        const p = window.__pocamarket;
        await p.engine.pull();
        return p.engine.getStatus().userId === id && !!(await p.db.collectBook.get(book));
      },
      { id: user.id, book: book.id },
      30_000,
    );
    devices.push(device);
  }
  fans.ids = devices.map((d) => d.user.id);
  for (const name of ['팬3', '팬4']) fans.ids.push((await createUser(server, su, { name })).id);
}

/** A new tab of the device's app (the device's storage, service worker and outbox). */
async function openTab(device: Device): Promise<Page> {
  const page = await device.context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') device.errors.push(msg.text());
  });
  page.on('pageerror', (err) => device.errors.push(`pageerror: ${err.message}`));
  await page.goto('/');
  await page.waitForFunction(() => !!window.__pocamarket);
  device.pages.push(page);
  return page;
}

/** The tab the fan is using (opened when none is). */
async function tab(device: Device): Promise<Page> {
  return device.pages[device.pages.length - 1] ?? (await openTab(device));
}

async function closeTab(device: Device, page: Page): Promise<void> {
  device.pages = device.pages.filter((p) => p !== page);
  await page.close();
}

/** The records of `device`'s user on the server. */
async function serverSnapshot(device: Device): Promise<UserSnapshot> {
  const id = device.user.id;
  const [likes, posts, comments, book] = await Promise.all([
    su.collection('likes').getFullList({ filter: `user = "${id}"` }),
    su.collection('exchangeList').getFullList({ filter: `writer = "${id}"` }),
    su.collection('comments').getFullList({ filter: `name = "${id}"` }),
    su.collection('collectBook').getOne(device.book),
  ]);
  return {
    likes: likes.map((l) => l['photoCard'] as string),
    posts: posts.map((p) => ({ id: p.id, description: p['description'], status: p['status'] })),
    comments: comments.map((c) => ({ id: c.id, ment: c['ment'], meetUp: c['meetUp'] })),
    book: book['cardInfo'] as string[],
  };
}

/** The same records in the device's local store. */
async function localSnapshot(device: Device): Promise<UserSnapshot> {
  const page = await tab(device);
  return page.evaluate(
    async ({ id, book }) => {
      const { db } = window.__pocamarket;
      const likes = await db.likes.where('user').equals(id).toArray();
      const posts = (await db.exchangeList.toArray()).filter((p: { writer: string }) => {
        return p.writer === id;
      });
      const comments = (await db.comments.toArray()).filter((c: { name: string }) => {
        return c.name === id;
      });
      return {
        likes: likes.map((l: { photoCard: string }) => l.photoCard),
        posts: posts.map((p: { id: string; description: string; status: string }) => ({
          id: p.id,
          description: p.description,
          status: p.status,
        })),
        comments: comments.map((c: { id: string; ment: string; meetUp: string }) => ({
          id: c.id,
          ment: c.ment,
          meetUp: c.meetUp,
        })),
        book: (await db.collectBook.get(book)).cardInfo as string[],
      };
    },
    { id: device.user.id, book: device.book },
  );
}

type Action =
  | 'like'
  | 'heart'
  | 'tick'
  | 'postCreate'
  | 'postEdit'
  | 'postStatus'
  | 'postDelete'
  | 'comment'
  | 'message'
  | 'propose'
  | 'changeProposal';
const ACTIONS: Record<Action, number> = {
  like: 3,
  heart: 3,
  tick: 5,
  postCreate: 3,
  postEdit: 3,
  postStatus: 2,
  postDelete: 1,
  comment: 3,
  message: 4,
  propose: 2,
  changeProposal: 5,
};
const FAULTS = { networkCut: 2, networkBack: 2.5, kill: 1.5, closeMidFlush: 1.5, tabs: 1 };

/**
 * One fan action on `device` through the app's write API, recorded in the model. Returns the
 * name it is counted under.
 */
async function act(
  kind: Action,
  device: Device,
  step: number,
  rnd: ReturnType<typeof seededRandom>,
  model: FaultModel,
  chat: ChatTradeModel,
): Promise<string> {
  const u = device.index;
  const page = await tab(device);
  switch (kind) {
    case 'message':
      return writeMessage(page, u, step, fans, rnd, chat);
    case 'propose':
      return propose(page, u, step, fans, rnd, chat);
    case 'changeProposal':
      return changeProposal(page, await tab(devices[1 - u]!), u, step, fans, rnd, chat);
    case 'like': {
      const card = rnd.pick(cards);
      const liked = !model.likes[u]!.has(card);
      const queued = await page.evaluate(
        async (a) => window.__pocamarket.repos.setLike(a.card, a.liked),
        { card, liked },
      );
      // the device's store agrees with the model: the heart was in the state the fan saw
      expect(queued, `step ${step}: like ${card} → ${liked}`).toBe(true);
      model.like(u, card, liked);
      return liked ? 'like' : 'unlike';
    }
    case 'heart': {
      // the same through the screen: the heart on the card's tile in the home grid
      const card = rnd.pick(cards);
      const liked = !model.likes[u]!.has(card);
      const heart = page
        .locator(`[data-card-id="${card}"] [data-testid="like-button"]:visible`)
        .first();
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe(String(!liked));
      await heart.click();
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe(String(liked));
      model.like(u, card, liked);
      return liked ? 'heart on' : 'heart off';
    }
    case 'tick': {
      const card = rnd.pick(cards);
      const inBook = !model.books[u]!.has(card);
      await page.evaluate(
        async (a) =>
          window.__pocamarket.repos.saveCollectBookCards(
            a.book,
            a.inBook ? { add: [a.card] } : { remove: [a.card] },
          ),
        { book: device.book, card, inBook },
      );
      model.tick(u, card, inBook);
      return inBook ? 'tick' : 'untick';
    }
    case 'postCreate': {
      const card = rnd.pick(cards);
      const text = `교환 글 ${u}-${step}`;
      const id = await page.evaluate(
        async (a) => window.__pocamarket.repos.createPost(a.card, a.text),
        { card, text },
      );
      model.postCreated(id, u, text);
      return kind;
    }
    case 'postEdit':
    case 'postStatus':
    case 'postDelete': {
      const live = model.livePosts(u);
      if (!live.length) return 'skipped (no post)';
      const id = rnd.pick(live);
      if (kind === 'postEdit') {
        const text = `교환 글 ${u}-${step} 수정`;
        await page.evaluate(async (a) => window.__pocamarket.repos.editPost(a.id, a.text), {
          id,
          text,
        });
        model.postEdited(id, text);
      } else if (kind === 'postStatus') {
        const current = model.posts.get(id)!.status;
        const status = rnd.pick(POST_STATUSES.filter((s) => s !== current));
        await page.evaluate(async (a) => window.__pocamarket.repos.setPostStatus(a.id, a.status), {
          id,
          status,
        });
        model.postMoved(id, status);
      } else {
        await page.evaluate(async (id) => window.__pocamarket.repos.deletePost(id), id);
        model.postDeleted(id);
      }
      return kind;
    }
    case 'comment': {
      const meetUp = rnd.pick(meetUps);
      const text = `댓글 ${u}-${step}`;
      const id = await page.evaluate(
        async (a) => window.__pocamarket.repos.createComment(a.meetUp, a.text),
        { meetUp, text },
      );
      model.commented(id, u, meetUp, text);
      return kind;
    }
  }
}

/** Starts a flush in the device's tab without waiting for it; returns how many changes wait. */
async function startFlush(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const p = window.__pocamarket;
    void p.engine.flush({ ignoreBackoff: true });
    return p.db.outbox.count();
  });
}

describe('fault injection', () => {
  const title = `keeps every change of two fans exactly once through ${STEPS} random steps`;
  it(title, { timeout: TIMEOUT }, async () => {
    await setUpDevices(groupId);
    const rnd = seededRandom(SEED);
    const model = new FaultModel(devices.length);
    const chat = new ChatTradeModel(fans.ids.length);
    const done: Record<string, number> = {};
    const count = (k: string) => (done[k] = (done[k] ?? 0) + 1);
    const started = Date.now();

    for (let step = 1; step <= STEPS; step++) {
      const kind = rnd.weighted({ ...ACTIONS, ...FAULTS });
      const device = rnd.pick(devices);
      switch (kind) {
        case 'networkCut':
        case 'networkBack':
          device.offline = kind === 'networkCut';
          await device.context.setOffline(device.offline);
          count(kind);
          break;
        case 'kill':
          // Killed (SIGKILL, no graceful shutdown) just after a flush starts, so requests are in
          // flight; it stays down while the fans go on, until the next 'kill' step starts it.
          if (serverUp) {
            if (!device.offline) await startFlush(await tab(device));
            await sleep(rnd.int(0, 80));
            server.proc.kill('SIGKILL');
            serverUp = false;
            count('kill');
          } else {
            await server.restart();
            serverUp = true;
            count('restart');
          }
          break;
        case 'closeMidFlush': {
          // a change, its flush started, and the tab closed a moment later; the device's next
          // tab finds whatever the flush didn't finish in the outbox
          count(
            await act(
              rnd.pick(['like', 'tick', 'postCreate', 'comment', 'message', 'propose']),
              device,
              step,
              rnd,
              model,
              chat,
            ),
          );
          const page = await tab(device);
          const waiting = await startFlush(page);
          await sleep(rnd.int(0, 120));
          await closeTab(device, page);
          count(kind);
          if (waiting) count('closedWithChangesWaiting');
          break;
        }
        case 'tabs':
          // a second tab of the app (both run their sync engine on one outbox), or the fan
          // switching to the other one
          if (device.pages.length < 2) {
            await openTab(device);
            count('tabOpened');
          } else {
            device.pages.push(device.pages.shift()!);
            count('tabSwitched');
          }
          break;
        default:
          count(await act(kind, device, step, rnd, model, chat));
      }
      // let flushes, retries and realtime run between the fans' actions
      await sleep(rnd.int(0, 250));
    }

    // --- quiet: the server up, both devices online with a tab open, every outbox drained
    if (!serverUp) {
      await server.restart();
      serverUp = true;
    }
    for (const device of devices) {
      device.offline = false;
      await device.context.setOffline(false);
      await tab(device);
    }
    for (const device of devices) {
      await until(
        await tab(device),
        async () => {
          const p = window.__pocamarket;
          await p.engine.flush({ ignoreBackoff: true });
          return (await p.db.outbox.count()) === 0;
        },
        null,
        60_000,
      );
    }
    const refused = await Promise.all(
      devices.map(async (d) =>
        (await tab(d)).evaluate(() => window.__pocamarket.db.deadLetters.toArray()),
      ),
    );
    expect(refused).toEqual(devices.map(() => []));

    // --- the server against the model
    const serverDiffs = compareWithModel(
      model,
      await Promise.all(devices.map((d) => serverSnapshot(d))),
    );
    const serverChatDiffs = compareChatTrades(chat, await serverChatTrades(su, fans.ids));
    // --- each device's store against the model, after a pull
    for (const device of devices) {
      await (
        await tab(device)
      ).evaluate(async () => {
        await window.__pocamarket.engine.pull();
      });
    }
    const localDiffs = compareWithModel(
      model,
      await Promise.all(devices.map((d) => localSnapshot(d))),
    );
    const localChatDiffs: ChatDifference[] = [];
    for (const d of devices) {
      const snap = await localChatTrades(await tab(d), fans.ids);
      localChatDiffs.push(...compareChatTrades(chat, snap, d.index));
    }

    const live = [...model.posts.values()].filter((p) => !p.deleted);
    const stored = {
      likes: model.likes.reduce((s, l) => s + l.size, 0),
      posts: live.length,
      postsWrittenTwiceOrMore: [...model.posts.values()].filter((p) => p.writes >= 2).length,
      comments: model.comments.size,
      bookCards: model.books.reduce((s, b) => s + b.size, 0),
    };
    const statuses: Record<string, number> = {};
    for (const t of chat.trades.values()) statuses[t.status] = (statuses[t.status] ?? 0) + 1;
    const chatStored = {
      conversations: chat.conversations.size,
      messages: chat.messages.length,
      withPhoto: chat.messages.filter((m) => m.photo).length,
      proposals: chat.trades.size,
      statuses,
    };
    console.log(
      [
        `fault injection: seed ${SEED}, ${STEPS} steps, 2 fans, ${((Date.now() - started) / 1000).toFixed(1)} s`,
        `  actions and faults: ${JSON.stringify(done)}`,
        `  server holds (as the model says): ${JSON.stringify(stored)}`,
        `  server vs model: ${JSON.stringify(tally(serverDiffs))}`,
        `  devices vs model: ${JSON.stringify(tally(localDiffs))}`,
        `  chat and trades held (as the model says): ${JSON.stringify(chatStored)}`,
        `  messages and proposals, server vs model: ${JSON.stringify(tallyChat(serverChatDiffs))}`,
        `  messages and proposals, devices vs model: ${JSON.stringify(tallyChat(localChatDiffs))}`,
      ].join('\n'),
    );
    expect(serverDiffs).toEqual([]);
    expect(localDiffs).toEqual([]);
    expect(serverChatDiffs).toEqual([]);
    expect(localChatDiffs).toEqual([]);
    // the run did exercise what it is about
    expect(done['kill'] ?? 0).toBeGreaterThan(0);
    expect(done['networkCut'] ?? 0).toBeGreaterThan(0);
    expect(done['closeMidFlush'] ?? 0).toBeGreaterThan(0);
    expect(chat.messages.length).toBeGreaterThan(0);
    expect(chat.trades.size).toBeGreaterThan(0);
    // Refused requests are part of the protocol here: a resend of a write whose answer was lost
    // is answered 400 "already exists" or, for a delete, 404 (and recognised; a create is also
    // looked up by id, 404 when it never landed), a conversation the other fan opened first 400
    // "already exists", a rate a burst of queued messages may pass 429 (sent again later), and
    // requests fail while the server is down or the network cut. Anything else logged as an
    // error, or thrown, is a defect.
    const unexpectedErrors = devices.flatMap((d) =>
      d.errors.filter(
        (e) =>
          !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|Failed to fetch|net::|status of (400|404|429|5\d\d)/.test(
            e,
          ),
      ),
    );
    expect(unexpectedErrors).toEqual([]);
  });
});
