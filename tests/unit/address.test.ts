import { describe, expect, it } from 'vitest';
import { joinAddress, pickAddress } from '../../src/lib/address.ts';

describe('joinAddress', () => {
  it('joins base and detail with one space', () => {
    expect(joinAddress('서울 마포구 양화로 45', '2층')).toBe('서울 마포구 양화로 45 2층');
  });

  it('trims both parts and collapses inner blanks', () => {
    expect(joinAddress('  서울  마포구 양화로 45 ', '   2층   201호 ')).toBe(
      '서울 마포구 양화로 45 2층 201호',
    );
  });

  it('leaves no trailing space when the detail is empty or blank', () => {
    expect(joinAddress('서울 마포구 양화로 45', '')).toBe('서울 마포구 양화로 45');
    expect(joinAddress('서울 마포구 양화로 45 ', '   ')).toBe('서울 마포구 양화로 45');
    expect(joinAddress('서울 마포구 양화로 45')).toBe('서울 마포구 양화로 45');
  });

  it('is empty when both are blank, and keeps a lone detail', () => {
    expect(joinAddress(' ', ' ')).toBe('');
    expect(joinAddress('', '2층')).toBe('2층');
  });
});

describe('pickAddress', () => {
  const data = {
    roadAddress: '서울 마포구 양화로 45',
    jibunAddress: '서울 마포구 서교동 353-5',
    address: '서울 마포구 양화로 45',
  };

  it('keeps the road address when the fan chose it', () => {
    expect(pickAddress({ ...data, userSelectedType: 'R' })).toBe('서울 마포구 양화로 45');
  });

  it('keeps the lot-number address otherwise', () => {
    expect(pickAddress({ ...data, userSelectedType: 'J' })).toBe('서울 마포구 서교동 353-5');
    expect(pickAddress({ ...data })).toBe('서울 마포구 서교동 353-5');
  });

  it('falls back when the chosen form is empty', () => {
    expect(
      pickAddress({ userSelectedType: 'J', jibunAddress: '', autoJibunAddress: '서교동 1-1' }),
    ).toBe('서교동 1-1');
    expect(pickAddress({ userSelectedType: 'J', roadAddress: '양화로 45' })).toBe('양화로 45');
    expect(pickAddress({ userSelectedType: 'R', jibunAddress: '서교동 353-5' })).toBe(
      '서교동 353-5',
    );
    expect(pickAddress({ address: ' 양화로  45 ' })).toBe('양화로 45');
    expect(pickAddress({})).toBe('');
  });
});
