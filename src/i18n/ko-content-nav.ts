// The few content-page strings used outside the content screens' chunk, kept apart from
// ko-content.ts so those screens and the app shell do not load the documents' text. Separate
// exports, so the app shell (the footer) bundles only its own.

/** The settings' and the profile's new dot (docs/product-rules.md, Notices). */
export const koNewNotice = '읽지 않은 공지사항이 있어요';

/** The footer's links (docs/product-rules.md, Layout and navigation). */
export const koFooterLinks = {
  about: '서비스 소개',
  notices: '공지사항',
  faq: 'FAQ',
  guide: '이용 가이드',
  terms: '이용약관',
  privacy: '개인정보 처리방침',
  source: '소스 저장소',
  contact: '메일 문의',
} as const;

/** The sign-up agreement's links to the documents. */
export const koRegisterDocs = {
  readTerms: '이용약관 보기',
  readPrivacy: '개인정보 처리방침 보기',
  opensNewTab: '(새 탭에서 열려요)',
} as const;
