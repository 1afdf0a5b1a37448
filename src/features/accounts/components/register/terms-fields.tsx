import { ko } from '@/i18n/ko-features';
import { koRegisterDocs } from '@/i18n/ko-content-links';
import { allTermsAccepted, type Terms } from '@/lib/account-validation';
import styles from './register.module.css';

const t = ko.register;
const ITEMS: readonly (keyof Terms)[] = [
  'agreeOverFourteen',
  'agreeService',
  'agreePersonalInfo',
  'agreeMarketing',
];

/**
 * docs/product-rules.md, Sign-up: four checkboxes and 'agree to all', primary-coloured when all
 * four are checked.
 */
export function TermsFields({
  terms,
  onChange,
  hideLegend = false,
}: {
  terms: Terms;
  onChange: (t: Terms) => void;
  /** The wizard's page title already says it. */
  hideLegend?: boolean;
}) {
  const all = allTermsAccepted(terms);
  return (
    <fieldset className={styles.terms}>
      <legend className={hideLegend ? styles.srOnly : styles.label}>{t.termsLegend}</legend>
      <button
        type="button"
        className={all ? `${styles.agreeAll} ${styles.agreeAllOn}` : styles.agreeAll}
        aria-pressed={all}
        onClick={() =>
          onChange({
            agreeOverFourteen: !all,
            agreeService: !all,
            agreePersonalInfo: !all,
            agreeMarketing: !all,
          })
        }
      >
        <span aria-hidden="true" className={styles.check}>
          ✓
        </span>
        {t.agreeAll}
      </button>
      {ITEMS.map((key) => (
        <label key={key} className={styles.termItem}>
          <input
            type="checkbox"
            checked={terms[key]}
            onChange={(e) => onChange({ ...terms, [key]: e.target.checked })}
          />
          {t[key]}
        </label>
      ))}
      <p className={styles.hint}>{t.termsHint}</p>
      {/* the documents agreed to, in a new tab so the wizard keeps what was typed */}
      <p className={`${styles.hint} ${styles.docLinks}`}>
        <a href="/terms" target="_blank" rel="noopener" data-testid="register-terms-link">
          {koRegisterDocs.readTerms}
          <span className={styles.srOnly}>{koRegisterDocs.opensNewTab}</span>
        </a>
        <a href="/privacy" target="_blank" rel="noopener" data-testid="register-privacy-link">
          {koRegisterDocs.readPrivacy}
          <span className={styles.srOnly}>{koRegisterDocs.opensNewTab}</span>
        </a>
      </p>
    </fieldset>
  );
}
