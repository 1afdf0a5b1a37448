// The FAQ's and the guide's search (docs/product-rules.md, Content pages) and the footer's
// configured links (src/lib/site-links.ts).
import { describe, expect, it } from 'vitest';
import { blocksText, matchesQuery } from '@/features/content/search';
import { koContent } from '@/features/content/ko';
import { readSiteLinks } from '@/lib/site-links';

describe('content search', () => {
  it('matches every word typed, ignoring case and spaces inside words', () => {
    const text = '인터넷이 안 될 때도 쓸 수 있나요? 오프라인에서 체크한 카드는 QR로';
    expect(matchesQuery(text, '')).toBe(true);
    expect(matchesQuery(text, '  ')).toBe(true);
    expect(matchesQuery(text, '오프라인')).toBe(true);
    expect(matchesQuery(text, '오프 라인')).toBe(true);
    expect(matchesQuery(text, 'qr 카드')).toBe(true);
    expect(matchesQuery(text, '카드 탈퇴')).toBe(false);
    expect(matchesQuery(text, '양자역학')).toBe(false);
  });

  it('finds FAQ answers by words of the answer, not only of the question', () => {
    const hits = koContent.faq.filter((e) => matchesQuery(`${e.q} ${blocksText(e.a)}`, '선입금'));
    expect(hits.map((e) => e.q)).toContain('교환하다가 문제가 생기면 포카마켓이 책임지나요?');
  });
});

describe('site links', () => {
  it('keeps a well-formed source address and mail address, and drops the rest', () => {
    expect(readSiteLinks({})).toEqual({ sourceUrl: null, contactEmail: null });
    expect(
      readSiteLinks({ source: ' https://example.org/pocamarket ', contact: 'help@example.org' }),
    ).toEqual({ sourceUrl: 'https://example.org/pocamarket', contactEmail: 'help@example.org' });
    expect(readSiteLinks({ source: 'javascript:alert(1)', contact: 'not an email' })).toEqual({
      sourceUrl: null,
      contactEmail: null,
    });
    expect(readSiteLinks({ source: '', contact: 'a@b' }).contactEmail).toBeNull();
  });
});
