import { getRouteApi } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { confirmPasswordReset } from '@/domains/accounts/signup';
import { passwordConfirmError, passwordError } from '@/lib/account-validation';
import { koAccountLinks } from '@/features/accounts/account-links-text';
import { useOnline } from '@/components/hooks/use-online';
import {
  AccountField,
  OfflineAlert,
  TokenLinkForm,
  TokenLinkResult,
  TokenLinkScreen,
} from './account-form-parts';
import styles from './login-screen.module.css';

const t = koAccountLinks.reset;
type State = 'idle' | 'saving' | 'done' | 'invalid' | 'networkError';

// getRouteApi reads the param without importing the route definition (see verify-email.page).
const route = getRouteApi('/main/reset-password/$token');

export function ResetPasswordPage() {
  const { token } = route.useParams();
  return <ResetPasswordScreen token={token} />;
}

/**
 * The password reset mail's link lands here: the fan chooses a new password (the sign-up's
 * rules and messages) and then logs in with it. PocketBase logs every other device out.
 */
export function ResetPasswordScreen({ token }: { token: string }) {
  const online = useOnline();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const [state, setState] = useState<State>('idle');
  const passwordRef = useRef<HTMLInputElement>(null);

  const errors = {
    password: passwordError(password),
    confirm: passwordConfirmError(password, confirm),
  };
  const shown = {
    password: touched.password ? errors.password : null,
    confirm: touched.confirm ? errors.confirm : null,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === 'saving' || !online) return;
    setTouched({ password: true, confirm: true });
    if (errors.password || errors.confirm) return passwordRef.current?.focus();
    setState('saving');
    setState(await confirmPasswordReset(token, password));
  }

  if (state === 'done' || state === 'invalid') {
    return (
      <TokenLinkScreen title={t.title} testId="reset-password" state={state}>
        <TokenLinkResult
          ok={state === 'done'}
          message={state === 'done' ? t.done : t.invalid}
          to={state === 'done' ? '/login' : '/forgot-password'}
          linkText={state === 'done' ? koAccountLinks.goLogin : t.requestAgain}
        />
      </TokenLinkScreen>
    );
  }

  return (
    <TokenLinkScreen title={t.title} testId="reset-password" state={state}>
      <TokenLinkForm text={t} onSubmit={submit} online={online} saving={state === 'saving'}>
        <AccountField
          inputRef={passwordRef}
          label={t.passwordLabel}
          type="password"
          name="new-password"
          autoComplete="new-password"
          placeholder={t.passwordPlaceholder}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={() => setTouched((v) => ({ ...v, password: true }))}
          error={shown.password}
        />
        <AccountField
          label={t.confirmLabel}
          type="password"
          name="new-password-confirm"
          autoComplete="new-password"
          placeholder={t.confirmPlaceholder}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          onBlur={() => setTouched((v) => ({ ...v, confirm: true }))}
          error={shown.confirm}
        />
        <div aria-live="polite">
          <OfflineAlert online={online} />
          {state === 'networkError' ? (
            <p className={styles.alert} role="alert">
              {t.networkError}
            </p>
          ) : null}
        </div>
      </TokenLinkForm>
    </TokenLinkScreen>
  );
}
