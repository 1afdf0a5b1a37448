// checkPostText: the rules a new exchange post must pass before anything is queued
// (docs/product-rules.md, Exchange posts).
// The word-level profanity cases live in profanity.test.ts; these go through checkPostText, the
// function the post form and createPost call, so they pin the messages and the rule order too.
import { describe, expect, it } from 'vitest';
import { checkPostText, POST_MAX_LENGTH } from '@/domains/posts/writes.ts';
import { ko } from '@/i18n/ko';

const EMPTY = '교환 글 내용을 입력해주세요.';
const TOO_LONG = '교환 글은 150자까지 쓸 수 있습니다.';
const PROFANE = '비속어가 포함된 글은 작성할 수 없습니다.';

describe('checkPostText', () => {
  it('uses the product-rules wording', () => {
    expect(ko.validation.exchangeEmpty).toBe(EMPTY);
    expect(ko.validation.exchangeTooLong).toBe(TOO_LONG);
    expect(ko.validation.exchangeProfanity).toBe(PROFANE);
    expect(POST_MAX_LENGTH).toBe(150);
  });

  it('accepts an ordinary post', () => {
    expect(checkPostText('원빈 포카 구해요! 쇼타로 포카랑 교환 원해요')).toBeNull();
    expect(checkPostText('Looking for Anton — trade for Sungchan?')).toBeNull();
  });

  it('refuses empty and whitespace-only text', () => {
    expect(checkPostText('')).toBe(EMPTY);
    expect(checkPostText('   ')).toBe(EMPTY);
    expect(checkPostText('\n\t \n')).toBe(EMPTY);
    expect(checkPostText('\u3000')).toBe(EMPTY); // ideographic (full-width) space
  });

  it('refuses text of invisible characters only, as the server does (trim() keeps them)', () => {
    expect(checkPostText('\u200b\u200b')).toBe(EMPTY); // zero-width space
    expect(checkPostText(' \u2060\ufeff\u00ad ')).toBe(EMPTY); // word joiner, BOM, soft hyphen
    expect(checkPostText('\u3164\u115f')).toBe(EMPTY); // Hangul fillers
    expect(checkPostText('\u200b원빈\u200b')).toBeNull();
  });

  it('accepts exactly 150 characters and refuses 151', () => {
    expect(checkPostText('가'.repeat(150))).toBeNull();
    expect(checkPostText('a'.repeat(150))).toBeNull();
    expect(checkPostText('가'.repeat(151))).toBe(TOO_LONG);
    expect(checkPostText('a'.repeat(151))).toBe(TOO_LONG);
  });

  it('does not count surrounding whitespace', () => {
    expect(checkPostText(`  ${'가'.repeat(150)}  \n`)).toBeNull();
  });

  it('counts an emoji and a Hangul syllable as one character each', () => {
    // '💖' is two UTF-16 units; String.length would call 150 of them 300.
    expect('💖'.length).toBe(2);
    expect(checkPostText('💖'.repeat(150))).toBeNull();
    expect(checkPostText('💖'.repeat(151))).toBe(TOO_LONG);
    expect(checkPostText(`${'포'.repeat(75)}${'🃏'.repeat(75)}`)).toBeNull();
    expect(checkPostText(`${'포'.repeat(75)}${'🃏'.repeat(76)}`)).toBe(TOO_LONG);
  });

  it('checks emptiness before profanity and length before profanity', () => {
    expect(checkPostText(' ')).toBe(EMPTY);
    expect(checkPostText(`씨발${'가'.repeat(150)}`)).toBe(TOO_LONG);
  });

  it('refuses profanity however it is hidden', () => {
    const hidden = [
      '시 발', // a space inside the word
      '시\n발 교환해요', // a line break
      '병\t신', // a tab
      '개 새 끼', // spaces between every syllable
      'FUCK', // upper case
      'FuCk off', // mixed case
      'ｆｕｃｋ', // full-width letters
      'ＳＨＩＴ', // full-width upper case
      's\u200Bh\u200Ci\u200Dt', // zero-width space, non-joiner, joiner
      '씨\uFEFF발', // byte-order mark
      '병\u2060신', // word joiner
      '시\u00AD발', // soft hyphen
      '지\u3164랄', // Hangul filler
      '포카 교환해요 ㅅㅂ', // compatibility jamo fold (NFKC) to the list's 'ᄉᄇ'
      '원빈 포카 구해요 존 나 급함', // hidden in an ordinary post
    ];
    for (const text of hidden) expect(checkPostText(text), text).toBe(PROFANE);
  });

  it('does not flag ordinary words', () => {
    expect(checkPostText('시작 발매 기념 교환해요')).toBeNull(); // '시' and '발' apart by a word
    expect(checkPostText('Shiny holo card, trade?')).toBeNull();
  });
});
