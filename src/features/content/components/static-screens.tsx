import { koContent } from '@/features/content/ko';
import { ContactLinks } from './contact-links';
import { DocScreen } from './doc-screen';

const t = koContent.content.titles;

/** /terms: 이용약관 (docs/product-rules.md, Content pages). */
export function TermsScreen() {
  return <DocScreen screenTitle={t.terms} doc={koContent.terms} testId="terms-screen" />;
}

/** /privacy: 개인정보 처리방침, ending with where to ask. */
export function PrivacyScreen() {
  return (
    <DocScreen screenTitle={t.privacy} doc={koContent.privacy} testId="privacy-screen">
      <ContactLinks />
    </DocScreen>
  );
}

/** /safety: 안전 거래 가이드, linked where a fan is about to share an address or pay. */
export function SafetyScreen() {
  return <DocScreen screenTitle={t.safety} doc={koContent.safety} testId="safety-screen" />;
}

/** /about: what 포카마켓 is, with the source repository and contact when configured. */
export function AboutScreen() {
  return (
    <DocScreen screenTitle={t.about} doc={koContent.about} testId="about-screen">
      <ContactLinks source />
    </DocScreen>
  );
}
