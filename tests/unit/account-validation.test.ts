// The sign-up rules of docs/product-rules.md, Sign-up, and their exact Korean messages.
import { describe, expect, it } from 'vitest';
import {
  NO_TERMS,
  allTermsAccepted,
  birthError,
  birthToIso,
  emailError,
  nameError,
  normalizeDigits,
  normalizeEmail,
  normalizePhone,
  passwordConfirmError,
  passwordError,
  phoneError,
  requiredTermsAccepted,
} from '../../src/lib/account-validation';

describe('email', () => {
  it.each([
    ['', '이메일을 입력해주세요'],
    ['   ', '이메일을 입력해주세요'],
    ['fan', '이메일 형식으로 입력해주세요'],
    ['fan@', '이메일 형식으로 입력해주세요'],
    ['fan@example', '이메일 형식으로 입력해주세요'],
    ['fan @example.com', '이메일 형식으로 입력해주세요'],
    ['fan@exa mple.com', '이메일 형식으로 입력해주세요'],
    ['fan@example.com', null],
    ['fan.one+tag@mail.example.co.kr', null],
    [' Fan@Example.com ', null],
  ])('%j → %j', (value, message) => expect(emailError(value)).toBe(message));

  it('normalises for comparison', () => {
    expect(normalizeEmail('  Fan@Example.COM ')).toBe('fan@example.com');
  });
});

describe('password', () => {
  const chars = '영문/숫자/특수문자(공백 제외)만 허용, 2개 이상 조합';
  it.each([
    ['', '최소 10자 이상 입력해주세요.'],
    ['abc12345', '최소 10자 이상 입력해주세요.'],
    ['abcdefghi1'.slice(0, 9), '최소 10자 이상 입력해주세요.'],
    ['abcdefghij', chars],
    ['1234567890', chars],
    ['!@#$%^&*()', chars],
    ['abcde 12345', chars],
    ['abcde-12345', chars],
    ['비밀번호비밀번호1234', chars],
    ['abcdefghi1', null],
    ['abcdefghi!', null],
    ['123456789=', null],
    ['~!@#$%^&*()_+=a', null],
  ])('%j → %j', (value, message) => expect(passwordError(value)).toBe(message));

  it('confirm', () => {
    expect(passwordConfirmError('abcdefghi1', '')).toBe('비밀번호를 한 번 더 입력해주세요.');
    expect(passwordConfirmError('abcdefghi1', 'abcdefghi2')).toBe(
      '동일한 비밀번호를 입력해주세요.',
    );
    expect(passwordConfirmError('abcdefghi1', 'abcdefghi1')).toBeNull();
  });
});

describe('name', () => {
  it.each([
    ['', '이름을 입력해주세요'],
    ['  ', '이름을 입력해주세요'],
    ['김', '이름 형식으로 입력해주세요'],
    ['김하린하린', '이름 형식으로 입력해주세요'],
    ['김 하린', '이름 형식으로 입력해주세요'],
    ['ㄱㄴ', '이름 형식으로 입력해주세요'],
    ['Hong', '이름 형식으로 입력해주세요'],
    ['Hong  Gildong', '이름 형식으로 입력해주세요'],
    ['H Gildong', '이름 형식으로 입력해주세요'],
    ['Hong Gildongabcd', '이름 형식으로 입력해주세요'],
    ['Hong Gil Dong', '이름 형식으로 입력해주세요'],
    ['Hong1 Gil', '이름 형식으로 입력해주세요'],
    ['김하', null],
    ['김하린', null],
    ['남궁하린', null],
    ['Hong Gildong', null],
    ['ab cd', null],
  ])('%j → %j', (value, message) => expect(nameError(value)).toBe(message));
});

describe('phone', () => {
  it('keeps digits only, at most 11', () => {
    expect(normalizePhone('010-1234-5678')).toBe('01012345678');
    expect(normalizePhone('010 1234 56789')).toBe('01012345678');
    expect(normalizePhone('abc')).toBe('');
  });
  it.each([
    ['', '휴대폰번호를 입력해주세요.'],
    ['0101234567', '휴대폰번호를 올바르게 입력해주세요.'],
    ['010123456789', '휴대폰번호를 올바르게 입력해주세요.'],
    ['0101234567a', '휴대폰번호를 올바르게 입력해주세요.'],
    ['01012345678', null],
  ])('%j → %j', (value, message) => expect(phoneError(value)).toBe(message));
});

describe('birth', () => {
  const now = new Date(2026, 5, 1);
  const b = (year: string, month: string, day: string) => ({ year, month, day });
  it.each([
    [b('', '', ''), '생년월일을 입력해주세요.'],
    [b('2001', '', ''), '생년월일을 올바르게 입력해주세요.'],
    [b('201', '01', '01'), '생년월일을 올바르게 입력해주세요.'],
    [b('1899', '12', '31'), '생년월일을 올바르게 입력해주세요.'],
    [b('2027', '01', '01'), '생년월일을 올바르게 입력해주세요.'],
    [b('2001', '13', '01'), '생년월일을 올바르게 입력해주세요.'],
    [b('2001', '00', '10'), '생년월일을 올바르게 입력해주세요.'],
    [b('2001', '02', '29'), '생년월일을 올바르게 입력해주세요.'],
    [b('2001', '04', '31'), '생년월일을 올바르게 입력해주세요.'],
    [b('1900', '01', '01'), null],
    [b('2000', '02', '29'), null],
    [b('2026', '12', '31'), null],
    [b('2001', '2', '3'), null],
  ])('%j → %j', (parts, message) => expect(birthError(parts, now)).toBe(message));

  it('is sent as YYYY-MM-DD', () => {
    expect(birthToIso(b('2001', '2', '3'), now)).toBe('2001-02-03');
    expect(birthToIso(b('1999', '12', '31'), now)).toBe('1999-12-31');
    expect(birthToIso(b('1999', '12', '32'), now)).toBeNull();
  });

  it('the inputs keep digits only', () => {
    expect(normalizeDigits('20a01x', 4)).toBe('2001');
    expect(normalizeDigits('123', 2)).toBe('12');
  });

  it('defaults to this year as the upper bound', () => {
    const y = new Date().getFullYear();
    expect(birthError(b(String(y), '01', '01'))).toBeNull();
    expect(birthError(b(String(y + 1), '01', '01'))).toBe('생년월일을 올바르게 입력해주세요.');
  });
});

describe('terms', () => {
  it('needs the three required ones; all four for agree-all', () => {
    const req = {
      ...NO_TERMS,
      agreeOverFourteen: true,
      agreeService: true,
      agreePersonalInfo: true,
    };
    expect(requiredTermsAccepted(NO_TERMS)).toBe(false);
    expect(requiredTermsAccepted({ ...req, agreeService: false })).toBe(false);
    expect(requiredTermsAccepted(req)).toBe(true);
    expect(allTermsAccepted(req)).toBe(false);
    expect(allTermsAccepted({ ...req, agreeMarketing: true })).toBe(true);
  });
});
