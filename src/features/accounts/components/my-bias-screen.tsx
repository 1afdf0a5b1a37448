import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { guestBiasAtom, isLoggedInAtom, useAtomValue, useSetAtom } from '@/state/store';
import { ScreenTitle } from '@/components/ui/screen-title';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/hooks/use-confirm';
import { fileUrl } from '@/data/pb/files';
import type { Group } from '@/data/pb/records';
import {
  InvalidInputError,
  LoginRequiredError,
  setBias,
  StorageFullError,
} from '@/domains/tables/writes';
import { ko } from '@/i18n/ko-features';
import { CardSearchBox } from '@/components/cards/card-search-box';
import { useBiasGroup } from '@/components/hooks/use-bias';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import { useGroups } from '@/domains/catalogue/hooks';
import { matchesGroupSearch } from '@/lib/card-search';
import styles from './my-bias-screen.module.css';

function ignoreLoginRequired(err: unknown): void {
  if (!(err instanceof LoginRequiredError)) throw err;
}

/**
 * /myBias (docs/product-rules.md, Favourite group): search the groups (debounced 500 ms), tap a
 * logo, confirm, and the choice is kept: on this device always (the logged-out bias, by name), and
 * for a signed-in fan also on their account through the outbox, so it works offline. Then /profile.
 */
export function MyBiasScreen() {
  const groups = useGroups();
  const current = useBiasGroup();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const setGuestBias = useSetAtom(guestBiasAtom);
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query).trim();
  const [saving, setSaving] = useState(false);

  const shown = useMemo(
    // Latin or Korean name, with or without spaces, or its initial consonants (라이즈, ㄹㅇㅈ)
    () => (groups ?? []).filter((g) => matchesGroupSearch(g, search)),
    [groups, search],
  );

  async function choose(group: Group) {
    if (saving) return;
    if (!(await confirm({ message: ko.confirm.chooseBias(group.groupName) }))) return;
    setSaving(true);
    try {
      // No session after all (it expired): the choice is kept on this device, like logged out.
      if (loggedIn) await setBias(group.id).catch(ignoreLoginRequired);
      setGuestBias(group.groupName);
    } catch (err) {
      setSaving(false);
      toast.error(
        err instanceof InvalidInputError
          ? err.message
          : err instanceof StorageFullError
            ? ko.sync.storageFull
            : ko.myBias.saveFailed,
      );
      return;
    }
    void navigate({ to: '/profile' });
  }

  return (
    <section className={styles.screen}>
      <ScreenTitle title={ko.screens.myBias} back />
      <p className={styles.intro}>{ko.myBias.intro}</p>
      {current ? (
        <p className={styles.current} data-testid="bias-current">
          {ko.myBias.currentLabel(current.groupName)}
        </p>
      ) : null}
      <CardSearchBox
        value={query}
        onChange={setQuery}
        label={ko.myBias.searchLabel}
        placeholder={ko.myBias.searchPlaceholder}
      />
      {groups === undefined ? (
        <p className={styles.status} role="status">
          {ko.myBias.loading}
        </p>
      ) : shown.length === 0 ? (
        <p className={styles.status} role="status">
          {groups.length ? ko.myBias.noResults : ko.myBias.noGroups}
        </p>
      ) : (
        <ul className={styles.grid} aria-label={ko.myBias.gridLabel} aria-busy={saving}>
          {shown.map((g) => {
            const isCurrent = g.id === current?.id;
            const logo = g.logoImage ? fileUrl('groups', g.id, g.logoImage, '100x100') : '';
            return (
              <li key={g.id}>
                <button
                  type="button"
                  className={styles.tile}
                  aria-current={isCurrent ? 'true' : undefined}
                  onClick={() => void choose(g)}
                  disabled={saving}
                  data-testid="bias-group"
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
                  {isCurrent ? <span className={styles.badge}>{ko.myBias.current}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
