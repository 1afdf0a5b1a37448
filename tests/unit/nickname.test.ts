import { describe, expect, it } from 'vitest';
import { nicknameError } from '@/lib/nickname';

describe('nicknameError (the sign-up and 회원정보 수정 rule)', () => {
  it('accepts 2-20 of 한글, 영문, 숫자, _ and .', () => {
    for (const ok of ['하린', 'ab', 'star_light.22', '포카러버', 'a'.repeat(20), '팬123456']) {
      expect(nicknameError(ok)).toBeNull();
    }
    expect(nicknameError('  하린  ')).toBeNull(); // stored trimmed
  });

  it('names the rule a value breaks', () => {
    expect(nicknameError('')).toBe('닉네임을 입력해주세요.');
    expect(nicknameError('   ')).toBe('닉네임을 입력해주세요.');
    const format = '닉네임은 한글, 영문, 숫자, _ . 로 2~20자까지 쓸 수 있습니다.';
    for (const bad of ['a', 'a'.repeat(21), 'star light', 'fan!', 'ㅎㅎ', 'ｈａｒｉｎ', '하린🐰']) {
      expect(nicknameError(bad), bad).toBe(format);
    }
  });

  it('refuses the operators’ names unless the account already has one', () => {
    for (const bad of ['관리자', 'admin', 'Admin2', '포카마켓', 'official_admin', 'r00t']) {
      expect(nicknameError(bad), bad).toBe('사용할 수 없는 닉네임입니다.');
    }
    expect(nicknameError('badminton')).toBeNull();
    expect(nicknameError('admin', 'admin')).toBeNull();
  });

  it('refuses listed profanity, however it is spelt', () => {
    for (const bad of ['fuckfan', 'FUCK_fan', 'shit.star']) {
      expect(nicknameError(bad), bad).toBe('비속어가 포함된 닉네임은 사용할 수 없습니다.');
    }
  });
});
