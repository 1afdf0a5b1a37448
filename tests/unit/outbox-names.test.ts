/**
 * The kinds' stored names: each domain's names.ts (free of valibot and i18n, for the entry bundle)
 * names exactly the kinds its kinds.ts declares, the table the domains build for the outbox holds
 * every one of them, and no stored name ever changes (rows written by one version are read by the
 * next).
 */
import { describe, expect, it } from 'vitest';
import { MUTATION_KINDS } from '@/data/outbox/index.ts';
import { blockOrderKey, messagesOrderKey } from '@/domains/chat/names.ts';
import { likeOrderKey } from '@/domains/likes/names.ts';
import { recordKey } from '@/data/outbox/names.ts';
import { tradeItemOrderKey } from '@/domains/trade-lists/names.ts';

const names = import.meta.glob<{ KINDS: Record<string, string> }>('/src/domains/*/names.ts', {
  eager: true,
});
const kinds = import.meta.glob<{ kinds: readonly { kind: string }[] }>(
  // the domains' kinds; tables/kinds.ts is the table built from them
  ['/src/domains/*/kinds.ts', '!/src/domains/tables/kinds.ts'],
  {
    eager: true,
  },
);

/** Every name a row was ever stored with. Add to it; never change or remove one. */
const STORED = [
  'like.set',
  'like.unset',
  'post.create',
  'post.update',
  'post.delete',
  'comment.create',
  'comment.delete',
  'collectBook.create',
  'collectBook.addCards',
  'collectBook.removeCards',
  'collectBook.update',
  'collectBook.delete',
  'collectBook.setPublic',
  'user.setBias',
  'user.updateProfile',
  'user.setTradePublic',
  'report.create',
  'report.delete',
  'notification.read',
  'tradeItem.set',
  'tradeItem.update',
  'tradeItem.delete',
  'conversation.create',
  'conversation.setContext',
  'conversation.read',
  'message.create',
  'trade.create',
  'trade.update',
  'review.create',
  'block.create',
  'block.delete',
  'chatReport.create',
  'encounter.create',
  'encounter.setNote',
  'encounter.delete',
];

describe('outbox names', () => {
  it("each domain's names are exactly the kinds it declares", () => {
    expect(Object.keys(kinds).length).toBeGreaterThan(5);
    for (const [path, mod] of Object.entries(kinds)) {
      const own = names[path.replace(/kinds\.ts$/, 'names.ts')];
      expect(own, path).toBeDefined();
      expect(new Set(mod.kinds.map((k) => k.kind)), path).toEqual(
        new Set(Object.values(own?.KINDS ?? {})),
      );
    }
  });

  it('the outbox table holds every kind of every domain, and nothing else', () => {
    const declared = Object.values(kinds).flatMap((m) => m.kinds.map((k) => k.kind));
    expect(new Set(MUTATION_KINDS.keys())).toEqual(new Set(declared));
    expect(MUTATION_KINDS.size).toBe(declared.length);
  });

  it('keeps every stored name', () => {
    for (const name of STORED) expect(MUTATION_KINDS.has(name), name).toBe(true);
  });

  it('keeps the stored key shapes', () => {
    expect(recordKey('collectBook', 'b1')).toBe('collectBook/b1');
    expect(likeOrderKey('u1', 'c1')).toBe('likes:u1:c1');
    expect(tradeItemOrderKey('u1', 'c1')).toBe('tradeItems:u1:c1');
    expect(messagesOrderKey('v1')).toBe('messages:v1');
    expect(blockOrderKey('u1', 'u2')).toBe('blocks:u1:u2');
  });
});
