import { Link } from '@tanstack/react-router';
import { fileUrl } from '@/data/pb/files';
import type { Group } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import styles from './group-picker.module.css';

export interface GroupPickerProps {
  groups: readonly Group[];
  /** Id of the group whose cards are shown. */
  selectedId: string | null;
  onSelect: (group: Group) => void;
  /** The favourite group, for the first button's logo (null: none, a default image). */
  biasGroup: Group | null | undefined;
}

const logoUrl = (group: Group) =>
  group.logoImage ? fileUrl('groups', group.id, group.logoImage, '100x100') : '';

/**
 * The horizontally scrolling row of group logos (docs/product-rules.md, Photo card grid). The first
 * button, '그룹', shows the favourite group's logo and leads to /myBias to change it; each other one
 * shows that group's cards (aria-pressed marks the one shown). The row starts at its left end, so
 * '그룹' is always in sight; by default it shows the same group as the one pressed.
 */
export function GroupPicker({ groups, selectedId, onSelect, biasGroup }: GroupPickerProps) {
  const biasLogo = biasGroup ? logoUrl(biasGroup) : '';
  return (
    <div className={styles.picker} role="group" aria-label={ko.groupPicker.label}>
      <ul className={styles.row}>
        <li className={styles.item}>
          <Link to="/myBias" className={`${styles.button} ${styles.bias}`} data-testid="bias-link">
            <span className={styles.logoFrame}>
              {biasLogo ? (
                <img className={styles.logo} src={biasLogo} alt="" width={56} height={56} />
              ) : (
                <DefaultLogo />
              )}
            </span>
            <span className={styles.caption}>{ko.groupPicker.bias}</span>
            <span className="visually-hidden">
              {biasGroup
                ? ko.groupPicker.biasHint(biasGroup.groupName)
                : ko.groupPicker.biasUnsetHint}
            </span>
          </Link>
        </li>
        {groups.map((g) => {
          const logo = logoUrl(g);
          const selected = g.id === selectedId;
          return (
            <li key={g.id} className={styles.item}>
              <button
                type="button"
                className={styles.button}
                aria-pressed={selected}
                onClick={() => onSelect(g)}
                data-testid="group-button"
              >
                <span className={styles.logoFrame}>
                  {logo ? (
                    <img
                      className={styles.logo}
                      src={logo}
                      alt=""
                      width={56}
                      height={56}
                      loading="lazy"
                    />
                  ) : (
                    <span className={styles.initial} aria-hidden="true">
                      {g.groupName.slice(0, 1)}
                    </span>
                  )}
                </span>
                <span className={styles.caption}>{g.groupName}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The '그룹' button's picture when no favourite group is known: a heart on the brand gradient. */
function DefaultLogo() {
  return (
    <span className={styles.defaultLogo} aria-hidden="true" data-testid="bias-default-logo">
      <svg viewBox="0 0 24 24" width={26} height={26} fill="currentColor">
        <path d="M12 20s-7.5-4.6-9-9.3C2 7.4 4.3 4.5 7.4 4.5c2 0 3.4 1.1 4.6 2.7 1.2-1.6 2.6-2.7 4.6-2.7 3.1 0 5.4 2.9 4.4 6.2C19.5 15.4 12 20 12 20Z" />
      </svg>
    </span>
  );
}
