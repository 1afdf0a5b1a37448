// @vitest-environment node
// (Node's Blob survives fake-indexeddb's structured clone; jsdom's does not)
/**
 * Chat (domains/chat/writes.ts, domains/chat/queries.ts; docs/trades.md `conversations`, `messages`):
 * one conversation per pair, messages in the order written with pending and read marks, reads
 * that replace unsent earlier reads, unread counts, blocks and reports.
 */
import { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDB } from '@/data/db/index.ts';
import { blockOrderKey, KINDS, messagesOrderKey } from '@/domains/chat/names.ts';
import {
  countUnreadMessages,
  getConversationWith,
  getThread,
  listConversations,
  resolveConversation,
} from '@/domains/chat/queries.ts';
import { applyServerDeletes, applyServerRecords } from '@/data/sync/apply.ts';
import {
  blockFan,
  markRead,
  openConversation,
  reportChat,
  sendMessage,
  unblockFan,
} from '@/domains/chat/writes.ts';
import {
  at as t,
  conversationRecord as conversation,
  ME,
  messageRecord as message,
  mutationOf,
  queuedRows,
  signedInDb,
  signIn,
  THEM,
  tradeRecord,
  YOU,
} from '../helpers/trade-records.ts';
import { waitFor } from '../helpers/wait.ts';

let db: AppDB;

const rows = () => queuedRows(db);

function keysOf(row: { kind: string; payload: unknown }) {
  const m = mutationOf(row);
  return { order: m.kind.orderKey?.(m.payload), after: m.kind.dependsOn?.(m.payload) ?? [] };
}

beforeEach(async () => {
  db = await signedInDb('chat');
});

afterEach(async () => {
  await db.delete();
});

describe('openConversation', () => {
  it('refuses the fan themself and a fan they blocked', async () => {
    await expect(openConversation(ME, {}, db)).rejects.toThrow('자기 자신과는 대화할 수 없어요.');
    await blockFan(YOU, db);
    await expect(openConversation(YOU, {}, db)).rejects.toThrow(
      '차단한 사용자예요. 차단을 해제한 뒤 다시 시도해주세요.',
    );
    expect((await rows()).map((r) => r.kind)).toEqual([KINDS.blockCreate]);
  });

  it('queues one create per pair, with a < b, and finds it again', async () => {
    const id = await openConversation(YOU, { photoCard: 'cardaaaaaaaaaaa' }, db);
    expect(await openConversation(YOU, { photoCard: 'cardaaaaaaaaaaa' }, db)).toBe(id);
    expect(await db.conversations.get(id)).toMatchObject({
      a: ME,
      b: YOU,
      photoCard: 'cardaaaaaaaaaaa',
    });
    const queued = await rows();
    expect(queued.map((r) => [r.kind, r.recordKey])).toEqual([
      [KINDS.conversationCreate, `conversations/${id}`],
    ]);
    const m = mutationOf(queued[0]!);
    expect(m.kind.duplicateIsDone).toBe(true);
    expect(m.kind.sameAs?.(m.payload)).toEqual({ a: ME, b: YOU });
    expect((await getConversationWith(ME, YOU, db))?.id).toBe(id);
  });

  it('orders the pair by id whichever fan opens it', async () => {
    await signIn(db, THEM);
    const id = await openConversation(YOU, {}, db);
    expect(await db.conversations.get(id)).toMatchObject({ a: YOU, b: THEM });
  });

  it('sets a new context on the existing conversation: a proposal must be between the two', async () => {
    await db.conversations.put(conversation('serverconvaaaaa', ME, YOU));
    const between = { give: [], get: [], created: t(0), updated: t(0) };
    await db.trades.bulkPut([
      tradeRecord('tradeaaaaaaaaaa', between),
      tradeRecord('othertradeaaaaa', { ...between, receiver: THEM }),
    ]);
    await expect(openConversation(YOU, { trade: 'othertradeaaaaa' }, db)).rejects.toThrow(
      '이 대화의 두 사람 사이의 교환 제안이 아니에요.',
    );
    expect(await openConversation(YOU, { trade: 'tradeaaaaaaaaaa' }, db)).toBe('serverconvaaaaa');
    expect(await openConversation(YOU, {}, db)).toBe('serverconvaaaaa');
    expect((await rows()).map((r) => [r.kind, r.payload])).toEqual([
      [
        KINDS.conversationContext,
        { id: 'serverconvaaaaa', photoCard: '', post: '', trade: 'tradeaaaaaaaaaa' },
      ],
    ]);
    expect((await db.conversations.get('serverconvaaaaa'))?.trade).toBe('tradeaaaaaaaaaa');
  });
});

describe('sendMessage', () => {
  it('checks the text and the photo', async () => {
    const id = await openConversation(YOU, {}, db);
    await expect(sendMessage(id, ' \u200b ', null, db)).rejects.toThrow(
      '메시지를 입력하거나 사진을 골라주세요.',
    );
    await expect(sendMessage(id, 'a'.repeat(1001), null, db)).rejects.toThrow(
      '메시지는 1,000자까지 보낼 수 있어요.',
    );
    await expect(sendMessage(id, '씨발', null, db)).rejects.toThrow(
      '비속어가 포함된 글은 작성할 수 없습니다.',
    );
    const pdf = new Blob(['%PDF'], { type: 'application/pdf' });
    await expect(sendMessage(id, '', pdf, db)).rejects.toThrow('PNG, JPG, WEBP, GIF');
    await expect(sendMessage('nosuchconvaaaaa', 'hi', null, db)).rejects.toThrow(
      '채팅을 찾을 수 없어요.',
    );
    expect(await db.messages.count()).toBe(0);
  });

  it('queues messages in order after their conversation, a photo as a file', async () => {
    const id = await openConversation(YOU, {}, db);
    const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    const m1 = await sendMessage(id, ' 안녕하세요 ', null, db);
    const m2 = await sendMessage(id, '', png, db);
    const queued = (await rows()).filter((r) => r.kind === KINDS.messageCreate);
    expect(queued.map((r) => r.recordKey)).toEqual([`messages/${m1}`, `messages/${m2}`]);
    for (const r of queued) {
      expect(keysOf(r)).toEqual({
        order: messagesOrderKey(id),
        after: [`conversations/${id}`],
      });
    }
    expect(queued[0]!.payload).toMatchObject({ text: '안녕하세요', sender: ME });
    const m = mutationOf(queued[1]!);
    expect(m.kind.request(m.payload).files?.['image']).toBeInstanceOf(Blob);
    const thread = await getThread(id, ME, db);
    expect(thread?.messages.map((x) => [x.message.id, x.pending, x.mine])).toEqual([
      [m1, true, true],
      [m2, true, true],
    ]);
  });

  it('is refused once the fan blocked the other', async () => {
    const id = await openConversation(YOU, {}, db);
    await blockFan(YOU, db);
    await expect(sendMessage(id, 'hi', null, db)).rejects.toThrow(
      '차단한 사용자예요. 차단을 해제한 뒤 다시 시도해주세요.',
    );
  });
});

describe('a thread', () => {
  const CONV = 'convaaaaaaaaaaa';

  beforeEach(async () => {
    await db.conversations.put(conversation(CONV, ME, YOU, { bReadAt: t(2) }));
    await db.messages.bulkPut([
      message('m3aaaaaaaaaaaaa', CONV, YOU, t(3)),
      message('m1aaaaaaaaaaaaa', CONV, ME, t(1)),
      message('m2aaaaaaaaaaaaa', CONV, ME, t(2)),
      message('m4aaaaaaaaaaaaa', CONV, ME, t(4)),
    ]);
  });

  it('orders sent messages by created, queued ones after them as written, with read marks', async () => {
    // this device's clock is behind the server's: the queued message is stamped earlier
    const queuedId = await sendMessage(CONV, '보내는 중', null, db);
    await db.messages.update(queuedId, { created: t(0) });
    const thread = await getThread(CONV, ME, db);
    expect(
      thread?.messages.map((x) => [x.message.id.slice(0, 2), x.mine, x.pending, x.read]),
    ).toEqual([
      ['m1', true, false, true],
      ['m2', true, false, true],
      ['m3', false, false, false],
      ['m4', true, false, false],
      [queuedId.slice(0, 2), true, true, false],
    ]);
  });

  it('counts unread messages from the other fan and marks them read up to the latest', async () => {
    await db.messages.put(message('m5aaaaaaaaaaaaa', CONV, YOU, t(5)));
    expect((await listConversations(ME, db))[0]).toMatchObject({ unread: 2, other: YOU });
    expect(await countUnreadMessages(ME, db)).toBe(2);
    expect(await markRead(CONV, db)).toBe(true);
    expect(await markRead(CONV, db)).toBe(false);
    expect((await db.conversations.get(CONV))?.aReadAt).toBe(t(5));
    expect(await countUnreadMessages(ME, db)).toBe(0);
    expect((await rows()).map((r) => r.payload)).toEqual([
      { id: CONV, field: 'aReadAt', at: t(5) },
    ]);
    // my own messages, queued or not, are never unread
    await sendMessage(CONV, '답장', null, db);
    expect(await countUnreadMessages(ME, db)).toBe(0);
  });

  it('a later read replaces the unsent earlier one; a read handed to the network stays', async () => {
    await markRead(CONV, db);
    await db.messages.put(message('m5aaaaaaaaaaaaa', CONV, YOU, t(5)));
    await markRead(CONV, db);
    let reads = (await rows()).filter((r) => r.kind === KINDS.conversationRead);
    expect(reads.map((r) => (r.payload as { at: string }).at)).toEqual([t(5)]);
    await db.outbox.update(reads[0]!.seq!, { sentAt: 1 });
    await db.messages.put(message('m6aaaaaaaaaaaaa', CONV, YOU, t(6)));
    await markRead(CONV, db);
    reads = (await rows()).filter((r) => r.kind === KINDS.conversationRead);
    expect(reads.map((r) => (r.payload as { at: string }).at)).toEqual([t(5), t(6)]);
  });

  it('keeps a queued read when an older server copy of the conversation is pulled', async () => {
    await markRead(CONV, db);
    await applyServerRecords(db, 'conversations', [conversation(CONV, ME, YOU, { updated: t(9) })]);
    expect((await db.conversations.get(CONV))?.aReadAt).toBe(t(3));
  });

  it('lists conversations by last activity with the last message, pending ones included', async () => {
    await db.conversations.put(
      conversation('olderconvaaaaaa', ME, THEM, {
        created: t(1),
        lastMessage: '사진',
        lastMessageAt: t(2),
        lastSender: THEM,
      }),
    );
    let list = await listConversations(ME, db);
    expect(list.map((c) => [c.conversation.id, c.lastActivity])).toEqual([
      [CONV, t(4)],
      ['olderconvaaaaaa', t(2)],
    ]);
    // the hook-kept excerpt stands in while the messages are not here
    expect(list[1]!.lastMessage).toMatchObject({ text: '사진', sender: THEM, pending: false });
    const queued = await sendMessage('olderconvaaaaaa', '새 메시지', null, db);
    list = await listConversations(ME, db);
    expect(list[0]!.conversation.id).toBe('olderconvaaaaaa');
    expect(list[0]!.lastMessage).toMatchObject({ text: '새 메시지', pending: true, sender: ME });
    expect((await db.messages.get(queued))?.conversation).toBe('olderconvaaaaaa');
  });

  it('the unread total is live: a new message and a read show at once', async () => {
    const seen: number[] = [];
    const sub = liveQuery(() => countUnreadMessages(ME, db)).subscribe({
      next: (n) => seen.push(n),
    });
    await waitFor(() => expect(seen.at(-1)).toBe(1));
    await applyServerRecords(db, 'messages', [message('m5aaaaaaaaaaaaa', CONV, YOU, t(5))]);
    await waitFor(() => expect(seen.at(-1)).toBe(2));
    await markRead(CONV, db);
    await waitFor(() => expect(seen.at(-1)).toBe(0));
    sub.unsubscribe();
  });

  it("goes with its messages when the conversation's tombstone arrives", async () => {
    await db.messages.put(message('elsewhereaaaaaa', 'otherconvaaaaaa', THEM, t(1)));
    await applyServerDeletes(db, 'conversations', [CONV]);
    expect(await db.conversations.get(CONV)).toBeUndefined();
    expect((await db.messages.toArray()).map((m) => m.id)).toEqual(['elsewhereaaaaaa']);
  });

  it('leaves a blocked fan out of the unread total', async () => {
    expect(await countUnreadMessages(ME, db)).toBe(1);
    await blockFan(YOU, db);
    expect(await countUnreadMessages(ME, db)).toBe(0);
    expect((await listConversations(ME, db))[0]).toMatchObject({ blocked: true, unread: 1 });
  });
});

describe('two conversations of one pair', () => {
  it("shows messages queued for ours in the server's, once a pull brings it", async () => {
    const mine = await openConversation(YOU, {}, db);
    const queued = await sendMessage(mine, '오프라인에서', null, db);
    // the other fan opened the pair first: the pull brings their conversation and message
    await applyServerRecords(db, 'conversations', [conversation('serverconvaaaaa', ME, YOU)]);
    await applyServerRecords(db, 'messages', [
      message('theirsaaaaaaaaa', 'serverconvaaaaa', YOU, t(5)),
    ]);
    expect(await db.conversations.get(mine)).toBeUndefined();
    expect((await resolveConversation(mine, ME, db))?.id).toBe('serverconvaaaaa');
    const thread = await getThread(mine, ME, db);
    expect(thread?.conversation.id).toBe('serverconvaaaaa');
    expect(thread?.messages.map((x) => [x.message.id, x.pending])).toEqual([
      ['theirsaaaaaaaaa', false],
      [queued, true],
    ]);
    const list = await listConversations(ME, db);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ unread: 1, pending: false });
    expect(list[0]!.lastMessage?.text).toBe('오프라인에서');
    // opening the pair again finds the server's conversation
    expect(await openConversation(YOU, {}, db)).toBe('serverconvaaaaa');
  });
});

describe('blocks and reports', () => {
  it('block and unblock keep their order across block records', async () => {
    expect(await blockFan(YOU, db)).toBe(true);
    expect(await blockFan(YOU, db)).toBe(false);
    expect(await unblockFan(YOU, db)).toBe(true);
    expect(await unblockFan(YOU, db)).toBe(false);
    expect(await blockFan(YOU, db)).toBe(true);
    const queued = await rows();
    expect(queued.map((r) => r.kind)).toEqual([
      KINDS.blockCreate,
      KINDS.blockDelete,
      KINDS.blockCreate,
    ]);
    for (const r of queued) expect(keysOf(r).order).toBe(blockOrderKey(ME, YOU));
    expect(await db.blocks.where({ user: ME }).count()).toBe(1);
    await expect(blockFan(ME, db)).rejects.toThrow('자기 자신은 차단할 수 없어요.');
  });

  it("reports a fan or one of their messages in the fan's conversations", async () => {
    await db.conversations.put(conversation('convaaaaaaaaaaa', ME, YOU));
    await db.messages.put(message('theirsaaaaaaaaa', 'convaaaaaaaaaaa', YOU, t(1)));
    await expect(reportChat(YOU, { reason: '  ' }, db)).rejects.toThrow(
      '신고 사유를 입력해주세요.',
    );
    await expect(reportChat(YOU, { reason: 'x'.repeat(301) }, db)).rejects.toThrow(
      '신고 사유는 300자까지 쓸 수 있어요.',
    );
    await expect(reportChat(ME, { reason: '욕설' }, db)).rejects.toThrow(
      '자기 자신은 신고할 수 없어요.',
    );
    await expect(
      reportChat(THEM, { reason: '욕설', message: 'theirsaaaaaaaaa' }, db),
    ).rejects.toThrow('신고 대상이 보낸 메시지만 함께 신고할 수 있어요.');
    await expect(
      reportChat(YOU, { reason: '욕설', message: 'nosuchmessageaa' }, db),
    ).rejects.toThrow('신고할 메시지를 찾을 수 없어요.');
    const id = await reportChat(YOU, { reason: ' 욕설 ', message: 'theirsaaaaaaaaa' }, db);
    expect(await db.chatReports.get(id)).toMatchObject({
      reporter: ME,
      target: YOU,
      message: 'theirsaaaaaaaaa',
      reason: '욕설',
    });
    expect((await rows()).map((r) => r.kind)).toEqual([KINDS.chatReportCreate]);
  });
});
