import { ko } from '@/i18n/ko-features';
import { koAccountLinks } from '@/features/accounts/account-links-text';
import { TextField } from './text-field';
import type { RegisterForm } from '@/features/accounts/hooks/use-register-form';
import styles from './register.module.css';

const t = ko.register;

/**
 * Email with the availability check and '인증하기' (docs/product-rules.md, Sign-up; docs/accounts.md,
 * Sign-up).
 */
export function EmailField({ form }: { form: RegisterForm }) {
  const { values, availability, verification, verificationStarted } = form;
  const error =
    form.shown('email') ??
    (verification === 'checkEmail'
      ? ko.messages.checkEmail
      : verification === 'networkError'
        ? ko.messages.networkError
        : availability === 'taken'
          ? ko.validation.emailTaken
          : null);
  const status =
    verification === 'sent'
      ? form.linked
        ? koAccountLinks.emailLinked
        : ko.messages.verificationSent
      : availability === 'checking'
        ? t.checkingEmail
        : availability === 'available' && !error
          ? t.emailAvailable
          : null;
  const canVerify = !form.errors.email && !verificationStarted;
  return (
    <TextField
      label={t.email}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      placeholder={t.emailPlaceholder}
      value={values.email}
      onValue={(v) => form.set('email', v)}
      onBlur={() => {
        form.touch('email');
        void form.checkEmail(values.email);
      }}
      readOnly={verificationStarted}
      error={error}
      status={status}
      hint={t.verifyHint}
      action={
        <button
          type="button"
          className={styles.verifyButton}
          disabled={!canVerify}
          onClick={() => void form.verify()}
        >
          {verification === 'sending' ? t.verifying : t.verify}
        </button>
      }
    />
  );
}
