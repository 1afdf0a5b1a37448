// The content feature's screens, one lazy chunk (docs/product-rules.md, Content pages, Notices):
// the routes in src/routes/content.tsx load this module the first time one of them opens.
export { FaqScreen } from '@/features/content/components/faq-screen';
export { GuideScreen } from '@/features/content/components/guide-screen';
export { NoticeDetailPage, NoticeScreen } from '@/features/content/components/notice-screen';
export { NoticesScreen } from '@/features/content/components/notices-screen';
export {
  AboutScreen,
  PrivacyScreen,
  SafetyScreen,
  TermsScreen,
} from '@/features/content/components/static-screens';
