import { getRouteApi } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { confirmEmailChange } from '@/domains/accounts/signup';
import { koAccountLinks } from '@/features/accounts/account-links-text';
import { useOnline } from '@/components/hooks/use-online';
import {
  AccountField,
  TokenLinkForm,
  TokenLinkResult,
  TokenLinkScreen,
} from './account-form-parts';
import styles from './login-screen.module.css';

const t = koAccountLinks.emailChange;
type State = 'idle' | 'saving' | 'done' | 'invalid' | 'wrongPassword' | 'networkError' | 'empty';

const route = getRouteApi('/main/confirm-email-change/$token');

export function ConfirmEmailChangePage() {
  const { token } = route.useParams();
  return <ConfirmEmailChangeScreen token={token} />;
}

/**
 * The email change mail's link lands here: PocketBase confirms the change only with the account's
 * password, which the fan types here. Their sessions end; they log in with the new email.
 */
export function ConfirmEmailChangeScreen({ token }: { token: string }) {
  const online = useOnline();
  const [password, setPassword] = useState('');
  const [state, setState] = useState<State>('idle');
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === 'saving' || !online) return;
    if (!password) return setState('empty');
    setState('saving');
    setState(await confirmEmailChange(token, password));
  }

  if (state === 'done' || state === 'invalid') {
    return (
      <TokenLinkScreen title={t.title} testId="confirm-email-change" state={state}>
        <TokenLinkResult
          ok={state === 'done'}
          message={state === 'done' ? t.done : t.invalid}
          to="/login"
          linkText={koAccountLinks.goLogin}
        />
      </TokenLinkScreen>
    );
  }

  const error =
    state === 'empty'
      ? t.passwordRequired
      : state === 'wrongPassword'
        ? t.wrongPassword
        : state === 'networkError'
          ? t.networkError
          : !online
            ? koAccountLinks.offline
            : null;
  return (
    <TokenLinkScreen title={t.title} testId="confirm-email-change" state={state}>
      <TokenLinkForm text={t} onSubmit={submit} online={online} saving={state === 'saving'}>
        <AccountField
          label={t.passwordLabel}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error && state !== 'networkError' ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <div aria-live="polite">
          {error ? (
            <p id={errorId} className={styles.alert} role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </TokenLinkForm>
    </TokenLinkScreen>
  );
}
