import { useState, type FormEvent } from 'react';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { requestPasswordReset } from '@/domains/accounts/signup';
import { ko } from '@/i18n/ko-features';
import { useOnline } from '@/components/hooks/use-online';
import { AccountField, OfflineAlert } from './account-form-parts';
import styles from './login-screen.module.css';

interface FindAccountSheetProps {
  open: boolean;
  onClose: () => void;
}

/** '계정 찾기': asks for the email and has PocketBase mail a password reset link. */
export function FindAccountSheet({ open, onClose }: FindAccountSheetProps) {
  return (
    <SheetDialog
      open={open}
      onClose={onClose}
      title={ko.login.resetTitle}
      closeLabel={ko.login.close}
      testId="find-account-sheet"
    >
      <ResetForm />
    </SheetDialog>
  );
}

/**
 * The reset request form, in the sheet and on /forgot-password. Mounted only while the sheet is
 * open, so every opening starts empty. Offline it says the mail needs the network.
 */
export function ResetForm() {
  const online = useOnline();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed' | 'empty'>('idle');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === 'sending') return;
    if (!email.trim()) return setState('empty');
    setState('sending');
    try {
      await requestPasswordReset(email);
      setState('sent');
    } catch {
      setState('failed');
    }
  }

  return (
    <form className={styles.sheetForm} onSubmit={submit} noValidate>
      <p className={styles.sheetBody}>{ko.login.resetBody}</p>
      <AccountField
        label={ko.login.emailLabel}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={ko.login.emailPlaceholder}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        readOnly={state === 'sent'}
        error={state === 'empty' ? ko.login.emailRequired : null}
        data-testid="reset-email"
      />
      <div aria-live="polite">
        <OfflineAlert online={online} />
        {state === 'sent' ? (
          <p className={styles.notice} role="status" data-testid="reset-sent">
            {ko.login.resetSent}
          </p>
        ) : null}
        {state === 'failed' ? (
          <p className={styles.alert} role="alert">
            {ko.login.resetFailed}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className={styles.submit}
        disabled={!online || state === 'sending' || state === 'sent'}
        data-testid="reset-submit"
      >
        {state === 'sending' ? ko.login.resetSending : ko.login.resetSubmit}
      </button>
    </form>
  );
}
