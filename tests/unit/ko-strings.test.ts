import { describe, expect, it } from 'vitest';
import { ko } from '@/i18n/ko-features';

// The product's wording, copied by hand from docs/product-rules.md (the rules and messages under
// each screen, Limits and messages). If one of these fails, the string in ko.ts drifted from that
// wording, which is copied exactly.
const RULE_MESSAGES = [
  '로그인이 필요한 서비스입니다.',
  '더 이상 없습니다',
  '더 보기',
  '교환 글이 성공적으로 저장되었습니다.',
  '교환 글이 수정되었습니다',
  '교환 글이 삭제되었습니다.',
  '데이터를 저장하는 데 실패했습니다.',
  '교환 글 수정에 실패했습니다.',
  '교환 글 삭제에 실패했습니다.',
  '유저 ID를 찾을 수 없습니다.',
  '통신 에러입니다.',
  '이메일을 확인해주세요',
  '이메일 인증을 진행해주세요',
  '이메일이 인증되지 않았습니다',
  '인증메일이 보내졌습니다. 메일함을 확인해주세요.',
  '환영합니다!',
  '포토카드 제출 중 오류가 발생했습니다.',
  '포토카드 제보가 성공적으로 등록되었습니다.',
  '밋업 제출 중 오류가 발생했습니다.',
  '밋업 제보가 성공적으로 등록되었습니다.',
  '오류입니다',
  '정말로 로그아웃하시겠습니까?',
  '로그아웃되었습니다.',
  '정말로 계정을 삭제하시겠습니까?',
  '계정이 삭제되었습니다.',
  '정말 저장하시겠습니까?',
  'Something went wrong while processing your request.',
  'GO HOME',
  '비속어가 포함된 글은 작성할 수 없습니다.',
  '교환 글 내용을 입력해주세요.',
  '이름을 입력해주세요',
  '이름 형식으로 입력해주세요',
  '이메일을 입력해주세요',
  '이메일 형식으로 입력해주세요',
  '이미 가입된 이메일입니다.',
  '최소 10자 이상 입력해주세요.',
  '영문/숫자/특수문자(공백 제외)만 허용, 2개 이상 조합',
  '비밀번호를 한 번 더 입력해주세요.',
  '동일한 비밀번호를 입력해주세요.',
  '휴대폰번호를 입력해주세요.',
  '휴대폰번호를 올바르게 입력해주세요.',
  '생년월일을 입력해주세요.',
  '생년월일을 올바르게 입력해주세요.',
  '최신순',
  '찜높은순',
  '찜낮은순',
  '교환대기중',
  '로딩 중...',
  'Loading...',
  '콜렉트북 제목 입력',
  '미정',
  '가입하기',
  '방금 전',
  '취소',
  '확인',
  '예',
  '아니오',
];

function collectStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => collectStrings(v, out));
  else if (value && typeof value === 'object')
    Object.values(value).forEach((v) => collectStrings(v, out));
  return out;
}

describe('ko.ts and ko-features.ts', () => {
  const all = new Set(collectStrings(ko));

  it.each(RULE_MESSAGES)('contains each product-rules message %s exactly', (message) => {
    expect(all.has(message)).toBe(true);
  });

  it('names the main navigation as the product rules do', () => {
    expect(Object.values(ko.nav.desktop)).toEqual(['HOME', '교환', '밋업', '프로필']);
    expect(Object.values(ko.nav.tabs)).toEqual(['홈', '교환', '밋업', '프로필']);
  });

  it('fills in the templated messages', () => {
    expect(ko.confirm.chooseBias('RIIZE')).toBe('RIIZE를 최애 그룹으로 선택하시겠습니까?');
    expect(ko.confirm.chooseBias('LE SSERAFIM')).toBe(
      'LE SSERAFIM을 최애 그룹으로 선택하시겠습니까?',
    );
    expect(ko.common.totalCards(42)).toBe('전체 42장');
    // a real catalogue's counts are grouped by threes, as Korean text writes them
    expect(ko.common.totalCards(6661)).toBe('전체 6,661장');
    expect(ko.common.totalCards(200358)).toBe('전체 200,358장');
    expect(ko.common.totalCards(1000000)).toBe('전체 1,000,000장');
    expect(ko.groupCards.loading(1234, 6661)).toBe('카드 불러오는 중 1,234/6,661');
    expect(ko.groupOffline.size(999)).toBe('카드 999장');
    expect(ko.validation.postCounter(12, 150)).toBe('12/150');
  });

  it('lists the photo card types of the product rules in order', () => {
    expect(ko.photoCardTypes).toEqual(['앨범', '특전', '팬싸', '시즌그리팅', '기타']);
  });

  it('defaults the dialog buttons to 취소/확인', () => {
    expect(ko.dialog).toEqual({ cancel: '취소', confirm: '확인' });
  });

  it('has no empty strings', () => {
    expect([...all].filter((s) => s.trim() === '')).toEqual([]);
  });
});
