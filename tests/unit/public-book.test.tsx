/**
 * The public book page's answer and what the device keeps of it (docs/product-rules.md, Public
 * collect book): the route's answer is read defensively, a not-found answer is one whatever the
 * book was, and only public books are kept for offline, the most recent few, a book the server
 * says is gone dropped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  parsePublicBookAnswer,
  publicBookKey,
  type PublicBook,
} from '@/features/collect-book/public-book';
import {
  BOOKS_KEPT,
  forgetBook,
  keepBook,
  keptBook,
} from '@/features/collect-book/public-book-cache';

const share = { title: 'fan님의 책 | 포카마켓', description: 'fan님의 RIIZE 콜렉트북', image: '' };

function answer(id: string, extra: Record<string, unknown> = {}) {
  return {
    found: true,
    id,
    title: '책',
    owner: 'fan',
    group: 'RIIZE',
    cover: '',
    isPublic: true,
    owned: 2,
    total: 5,
    cards: [{ id: 'c1', title: 't', memberName: 'm', groupName: 'RIIZE', cardImg: 'i.png' }],
    want: [{ id: 'c2', title: 'u', memberName: 'm', groupName: 'RIIZE', cardImg: '' }],
    wantCount: 1,
    share,
    ...extra,
  };
}

const bookOf = (id: string, extra: Record<string, unknown> = {}): PublicBook => {
  const got = parsePublicBookAnswer(answer(id, extra));
  if (got?.kind !== 'book') throw new Error('not a book');
  return got.book;
};

afterEach(() => localStorage.clear());

describe('the route’s answer', () => {
  it('is a book with its completion and 구함 list, or not found', () => {
    const book = bookOf('b1');
    expect(book).toMatchObject({ owned: 2, total: 5, wantCount: 1, share });
    expect(book.want.map((c) => c.id)).toEqual(['c2']);
    expect(parsePublicBookAnswer({ found: false, message: 'x', share })).toEqual({
      kind: 'missing',
      share: { ...share, noindex: false },
    });
    expect(parsePublicBookAnswer({ found: false, message: 'x' })).toEqual({
      kind: 'missing',
      share: null,
    });
  });

  it('refuses what is neither', () => {
    expect(parsePublicBookAnswer(answer('b1', { cards: 'x' }))).toBeNull();
    expect(parsePublicBookAnswer(answer('b1', { share: undefined }))).toBeNull();
    expect(parsePublicBookAnswer(null)).toBeNull();
    expect(parsePublicBookAnswer('<html>')).toBeNull();
  });

  it('has a payload key no read of the store has', () => {
    expect(publicBookKey('abc')).toBe('publicBook:["abc"]');
  });
});

describe('books kept for offline', () => {
  it('keeps a public book, and forgets it when the server says it is gone', () => {
    keepBook(bookOf('b1'));
    expect(keptBook('b1')?.title).toBe('책');
    forgetBook('b1');
    expect(keptBook('b1')).toBeNull();
  });

  it('never keeps a private one (the owner’s own), and drops one made private', () => {
    keepBook(bookOf('b1'));
    keepBook(bookOf('b1', { isPublic: false }));
    expect(keptBook('b1')).toBeNull();
  });

  it('keeps the most recently seen few', () => {
    for (let i = 0; i <= BOOKS_KEPT; i++) keepBook(bookOf(`b${i}`));
    expect(keptBook('b0')).toBeNull();
    expect(keptBook(`b${BOOKS_KEPT}`)?.id).toBe(`b${BOOKS_KEPT}`);
    expect(keptBook('b1')?.id).toBe('b1');
  });

  it('reads nothing from a damaged store', () => {
    localStorage.setItem('pocamarket.publicBooks.v1', '{not json');
    expect(keptBook('b1')).toBeNull();
    keepBook(bookOf('b1'));
    expect(keptBook('b1')?.id).toBe('b1');
  });
});
