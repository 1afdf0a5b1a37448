// The footer's link names, kept apart from features/content/ko.ts (the documents' text, in the content
// screens' chunk) and from ko-content-links.ts, so the app shell bundles only these.

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
