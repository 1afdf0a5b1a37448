import { describe, expect, it } from 'vitest';
import { lastSound, particle, withParticle } from '@/lib/particles';

describe('particles after Hangul', () => {
  it('picks the consonant form after a final consonant and the vowel form after a vowel', () => {
    expect(withParticle('세븐틴', '을/를')).toBe('세븐틴을');
    expect(withParticle('아이브', '을/를')).toBe('아이브를');
    expect(withParticle('에스파', '이/가')).toBe('에스파가');
    expect(withParticle('르세라핌', '이/가')).toBe('르세라핌이');
    expect(withParticle('트와이스', '은/는')).toBe('트와이스는');
    expect(withParticle('엔하이픈', '은/는')).toBe('엔하이픈은');
    expect(withParticle('라이즈', '과/와')).toBe('라이즈와');
    expect(withParticle('투모로우바이투게더', '과/와')).toBe('투모로우바이투게더와');
    expect(withParticle('방탄소년단', '과/와')).toBe('방탄소년단과');
  });

  it('reads a final ㄹ like a vowel for 으로/로 only', () => {
    expect(withParticle('서울', '으로/로')).toBe('서울로');
    expect(withParticle('서울', '을/를')).toBe('서울을');
    expect(withParticle('부산', '으로/로')).toBe('부산으로');
    expect(withParticle('대구', '으로/로')).toBe('대구로');
    expect(withParticle('(여자)아이들', '으로/로')).toBe('(여자)아이들로');
  });
});

describe('particles after Latin names, as Korean fans read them', () => {
  it.each([
    ['IVE', '를'], // 아이브
    ['RIIZE', '를'], // 라이즈
    ['NCT', '를'], // 엔시티
    ['aespa', '를'], // 에스파
    ['BTS', '를'], // 비티에스
    ['TWICE', '를'], // 트와이스
    ['LE SSERAFIM', '을'], // 르세라핌
    ['SEVENTEEN', '을'], // 세븐틴
    ['ENHYPEN', '을'], // 엔하이픈
    ['ZEROBASEONE', '을'], // 제로베이스원
    ['ILLIT', '을'], // 아일릿
    ['Red Velvet', '을'], // 레드벨벳
    ['BLACKPINK', '를'], // 블랙핑크
    ['Apink', '를'], // 에이핑크
    ['NewJeans', '를'], // 뉴진스
    ['Stray Kids', '를'], // 스트레이 키즈
    ['KISS OF LIFE', '를'], // 키스오브라이프
    ['BOYNEXTDOOR', '를'], // 보이넥스트도어
    ['ITZY', '를'], // 있지
    ['EXO', '를'], // 엑소
    ['TXT', '를'], // 티엑스티
    ['WJSN', '을'], // ...엔
    ['(G)I-DLE', '을'], // ...들
    ['Black', '을'], // 블랙
    ['pop', '을'], // 팝
    ['jump', '를'], // 점프
    ['Sing', '을'], // 싱
    ['Kep1er', '를'], // 케플러
    ['game', '을'], // 게임
    ['coffee', '를'], // 커피
  ])('%s → %s', (name, expected) => {
    expect(particle(name, '을/를')).toBe(expected);
  });

  it('uses the same reading for the other pairs', () => {
    expect(withParticle('IVE', '이/가')).toBe('IVE가');
    expect(withParticle('LE SSERAFIM', '은/는')).toBe('LE SSERAFIM은');
    expect(withParticle('RIIZE', '과/와')).toBe('RIIZE와');
    expect(withParticle('NCT', '으로/로')).toBe('NCT로');
    expect(withParticle('APRIL', '으로/로')).toBe('APRIL로'); // 에이프릴
    expect(withParticle('APRIL', '이/가')).toBe('APRIL이');
    expect(withParticle('LE SSERAFIM', '으로/로')).toBe('LE SSERAFIM으로');
  });

  it('spells out a lone letter', () => {
    expect(particle('M', '이/가')).toBe('이'); // 엠
    expect(particle('L', '으로/로')).toBe('로'); // 엘
    expect(particle('B', '이/가')).toBe('가'); // 비
  });
});

describe('particles after digits', () => {
  it.each([
    ['GOT7', '을/를', '을'], // 갓세븐 is read 칠 at the end as a number: 칠 → ㄹ
    ['NCT 127', '이/가', '이'], // 백이십칠
    ['fromis_9', '을/를', '를'], // 구
    ['SF9', '은/는', '는'],
    ['2', '이/가', '가'], // 이
    ['3', '이/가', '이'], // 삼
    ['6', '으로/로', '으로'], // 육
    ['7', '으로/로', '로'], // 칠
    ['10', '이/가', '이'], // 십
    ['100', '을/를', '을'], // 백
    ['1000', '은/는', '은'], // 천
    ['0', '이/가', '이'], // 영
  ] as const)('%s %s → %s', (word, pair, expected) => {
    expect(particle(word, pair)).toBe(expected);
  });
});

describe('what cannot be read', () => {
  it('gives both forms, which is never wrong', () => {
    expect(particle('🐰', '을/를')).toBe('을(를)');
    expect(particle('', '이/가')).toBe('이(가)');
    expect(particle('ツ', '으로/로')).toBe('(으)로');
    expect(lastSound('...')).toBe('unknown');
  });

  it('skips trailing signs and brackets', () => {
    expect(withParticle('아이브!', '을/를')).toBe('아이브!를');
    expect(particle('[르세라핌]', '이/가')).toBe('이');
    expect(particle('IVE ', '을/를')).toBe('를');
  });
});
