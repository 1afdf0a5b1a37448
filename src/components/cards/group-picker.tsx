import { Link } from '@tanstack/react-router';
import { memo, useState } from 'react';
import { useAfterIdle } from '@/components/hooks/use-after-idle';
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

/**
 * Logos the row starts with, and how many more each '더 보기' adds: a real catalogue has hundreds
 * of groups, and drawing every one (on the server's first screen too) cost each page and each
 * keystroke on /exchange work for buttons nobody sees.
 */
export const GROUP_ROW_START = 24;
export const GROUP_ROW_STEP = 48;

/**
 * Logos drawn with the page: about a desktop's width of them (a phone shows 5). The rest of the
 * row's logos load once the page is idle after it hydrated: 24 logos were 200 KB on a first
 * visit, fetched beside the card images the fan came for (the screen's largest paint), for
 * buttons out of sight.
 */
export const GROUP_ROW_EAGER_LOGOS = 12;

const logoUrl = (group: Group) =>
  group.logoImage ? fileUrl('groups', group.id, group.logoImage, '100x100') : '';

/**
 * The horizontally scrolling row of group logos (docs/product-rules.md, Photo card grid). The first
 * button, '그룹', shows the favourite group's logo and leads to /myBias to change it; each other one
 * shows that group's cards (aria-pressed marks the one shown). The row starts at its left end, so
 * '그룹' is always in sight; by default it shows the same group as the one pressed. It shows the
 * first GROUP_ROW_START groups (and the one shown, wherever it is in the list), then a '더 보기'
 * button at its end for the next GROUP_ROW_STEP. Logos past the first GROUP_ROW_EAGER_LOGOS
 * come after the page is idle (an empty frame until then).
 */
export const GroupPicker = memo(function GroupPicker({
  groups,
  selectedId,
  onSelect,
  biasGroup,
}: GroupPickerProps) {
  const [limit, setLimit] = useState(GROUP_ROW_START);
  const biasLogo = biasGroup ? logoUrl(biasGroup) : '';
  const visible = groups.slice(0, limit);
  const selected = selectedId ? groups.find((g) => g.id === selectedId) : undefined;
  if (selected && !visible.includes(selected)) visible.push(selected);
  const rest = groups.length - visible.length;
  const allLogos = useAfterIdle();
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
        {visible.map((g, i) => {
          const logo = logoUrl(g);
          const selected = g.id === selectedId;
          const logoNow = allLogos || selected || i < GROUP_ROW_EAGER_LOGOS;
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
                  {logo && !logoNow ? null : logo ? (
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
        {rest > 0 ? (
          <li className={styles.item}>
            <button
              type="button"
              className={styles.button}
              onClick={() => setLimit((n) => n + GROUP_ROW_STEP)}
              data-testid="group-more"
            >
              <span className={styles.logoFrame}>
                <span className={styles.initial} aria-hidden="true">
                  +{rest}
                </span>
              </span>
              <span className={styles.caption}>{ko.groupPicker.more}</span>
              <span className="visually-hidden">{ko.groupPicker.moreHint(rest)}</span>
            </button>
          </li>
        ) : null}
      </ul>
    </div>
  );
});

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
