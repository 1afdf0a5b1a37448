import { Link } from '@tanstack/react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { ko } from '@/i18n/ko-features';
import { koAccountLinks } from '@/features/accounts/account-links-text';
import { ResetForm } from './find-account-sheet';
import styles from './login-screen.module.css';

/** /forgot-password: asks for the email and has the reset link mailed (the app's own page). */
export function ForgotPasswordScreen() {
  return (
    <section className={styles.screen}>
      <ScreenTitle title={koAccountLinks.forgot.title} back />
      <div className={styles.card}>
        <ResetForm />
        <div className={styles.aux}>
          <Link to="/login" className={styles.textButton}>
            {koAccountLinks.backToLogin}
          </Link>
          <span className={styles.divider} aria-hidden="true" />
          <Link to="/register" className={styles.textButton}>
            {ko.login.register}
          </Link>
        </div>
      </div>
    </section>
  );
}
