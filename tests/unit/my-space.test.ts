/**
 * The pure parts of the fan's own space: the shelf order and the places a move changes
 * (docs/product-rules.md, Profile and settings: shelf order), the public book answer's check, and
 * the share link's address.
 */
import { describe, expect, it } from 'vitest';
import { shareUrl } from '@/components/ui/share-button';
import type { CollectBook } from '@/data/pb/records';
import { sortShelf } from '@/domains/collect-books/queries';
import { shelfMoves } from '@/domains/collect-books/writes';
import { parsePublicBook } from '@/features/collect-book/public-book';

function book(id: string, created: string, shelfOrder?: number): CollectBook {
  return {
    id,
    users: 'u1',
    title: id,
    group: '',
    thumbNail: '',
    cardInfo: [],
    created,
    updated: created,
    ...(shelfOrder === undefined ? {} : { shelfOrder }),
  };
}

const a = book('a', '2026-01-01 00:00:00.000Z');
const b = book('b', '2026-01-02 00:00:00.000Z');
const c = book('c', '2026-01-03 00:00:00.000Z');

describe('shelf order', () => {
  it('is creation order until a book is moved, then the stored places', () => {
    expect(sortShelf([c, a, b]).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    const moved = [
      { ...a, shelfOrder: 1 },
      { ...b, shelfOrder: 0 },
      { ...c, shelfOrder: 2 },
    ];
    expect(sortShelf(moved).map((x) => x.id)).toEqual(['b', 'a', 'c']);
  });

  it('numbers the shelf on a first move, then changes only the two books that swap', () => {
    // b keeps place 0, which unmoved books already read as
    expect(shelfMoves([a, b, c], 'a', 1)).toEqual([
      { id: 'a', shelfOrder: 1 },
      { id: 'c', shelfOrder: 2 },
    ]);
    const placed = [
      { ...b, shelfOrder: 0 },
      { ...a, shelfOrder: 1 },
      { ...c, shelfOrder: 2 },
    ];
    expect(shelfMoves(placed, 'c', -1)).toEqual([
      { id: 'c', shelfOrder: 1 },
      { id: 'a', shelfOrder: 2 },
    ]);
  });

  it('does nothing past either end or for an unknown book', () => {
    expect(shelfMoves([a, b, c], 'a', -1)).toEqual([]);
    expect(shelfMoves([a, b, c], 'c', 1)).toEqual([]);
    expect(shelfMoves([a, b, c], 'zz', 1)).toEqual([]);
  });
});

describe('public book answer', () => {
  const ok = {
    found: true,
    id: 'b1',
    title: '책',
    owner: 'fan',
    group: 'RIIZE',
    cover: '',
    isPublic: true,
    cards: [
      {
        id: 'c1',
        collectionId: 'x',
        title: 't',
        memberName: 'm',
        groupName: 'g',
        cardImg: 'i.png',
      },
    ],
    share: { title: 'fan님의 책 | 포카마켓', description: 'fan님의 콜렉트북', image: '' },
  };

  it('takes the route’s shape and refuses anything else', () => {
    expect(parsePublicBook(ok)?.cards[0]?.id).toBe('c1');
    expect(parsePublicBook({ ...ok, cards: 'x' })).toBeNull();
    expect(parsePublicBook({ found: false, message: 'not found' })).toBeNull();
    expect(parsePublicBook(null)).toBeNull();
  });
});

describe('share link', () => {
  it('is the page’s path on this origin', () => {
    expect(shareUrl('/publicBook/abc', 'https://pocamarket.example')).toBe(
      'https://pocamarket.example/publicBook/abc',
    );
  });
});
