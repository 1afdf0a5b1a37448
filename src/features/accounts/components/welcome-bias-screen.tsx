import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { guestBiasAtom, isLoggedInAtom, useAtomValue, useSetAtom } from '@/state/store';
import { toast } from '@/components/ui/toast';
import { screenDocumentTitle, useDocumentTitle } from '@/components/hooks/use-document-title';
import { fileUrl } from '@/data/pb/files';
import type { Group } from '@/data/pb/records';
import { setBias, skipBiasStep, StorageFullError } from '@/domains/tables/writes';
import { useGroups } from '@/domains/catalogue/hooks';
import { ko } from '@/i18n/ko-features';
import styles from './my-bias-screen.module.css';
import own from './welcome-bias-screen.module.css';

const t = ko.welcomeBias;

/**
 * /welcomeBias, the first-login step (docs/accounts.md, First login): after a fan's first login
 * (and so after sign-up) they pick a favourite group with one tap, or skip. Either answer is kept
 * on the account (`biasStepDone`, through the outbox like /myBias's choice), so no device asks
 * again; then home.
 */
export function WelcomeBiasScreen() {
  const groups = useGroups();
  const navigate = useNavigate();
  const setGuestBias = useSetAtom(guestBiasAtom);
  const loggedIn = useAtomValue(isLoggedInAtom);
  const [saving, setSaving] = useState(false);
  useDocumentTitle(screenDocumentTitle(t.title));

  async function answer(group: Group | null) {
    if (saving) return;
    setSaving(true);
    try {
      if (group) {
        // logged out (the session ended meanwhile): kept on this device, like /myBias does
        if (loggedIn) await setBias(group.id);
        setGuestBias(group.groupName);
        toast.success(t.chosen(group.groupName));
      } else if (loggedIn) {
        await skipBiasStep();
      }
    } catch (err) {
      setSaving(false);
      toast.error(err instanceof StorageFullError ? ko.sync.storageFull : t.failed);
      return;
    }
    void navigate({ to: '/', replace: true });
  }

  return (
    <section className={styles.screen} aria-labelledby="welcome-bias-title">
      <h1 id="welcome-bias-title" className={own.title}>
        {t.title}
      </h1>
      <p className={styles.intro}>{t.intro}</p>
      {groups === undefined ? (
        <p className={styles.status} role="status">
          {t.loading}
        </p>
      ) : (
        <ul className={styles.grid} aria-label={t.gridLabel} aria-busy={saving}>
          {groups.map((g) => {
            const logo = g.logoImage ? fileUrl('groups', g.id, g.logoImage, '100x100') : '';
            return (
              <li key={g.id}>
                <button
                  type="button"
                  className={styles.tile}
                  onClick={() => void answer(g)}
                  disabled={saving}
                  data-testid="welcome-bias-group"
                >
                  <span className={styles.logoFrame}>
                    {logo ? (
                      <img className={styles.logo} src={logo} alt="" width={80} height={80} />
                    ) : (
                      <span className={styles.initial} aria-hidden="true">
                        {g.groupName.slice(0, 1)}
                      </span>
                    )}
                  </span>
                  <span className={styles.name}>{g.groupName}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className={own.later}>
        <button
          type="button"
          className={own.skip}
          onClick={() => void answer(null)}
          disabled={saving}
          data-testid="welcome-bias-skip"
        >
          {t.later}
        </button>
        <p className={styles.intro}>{t.laterHint}</p>
      </div>
    </section>
  );
}
