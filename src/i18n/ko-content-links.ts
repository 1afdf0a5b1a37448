// Content strings used by other screens' chunks (the settings' and the profile's new dot, the
// sign-up agreement's links), kept apart from features/content/ko.ts and from the footer's strings.

/** The settings' and the profile's new dot (docs/product-rules.md, Notices). */
export const koNewNotice = '읽지 않은 공지사항이 있어요';

/** The sign-up agreement's links to the documents. */
export const koRegisterDocs = {
  readTerms: '이용약관 보기',
  readPrivacy: '개인정보 처리방침 보기',
  opensNewTab: '(새 탭에서 열려요)',
} as const;
