import { Link } from '@tanstack/react-router';
import { ko } from '@/i18n/ko';
import { useNavEntries } from './nav-items';
import type { NavItem } from './visibility';
import styles from './bottom-tabs.module.css';

/** < 1080 px: the fixed 홈/교환/밋업/프로필 tab bar, above the home indicator. */
export function BottomTabs({ active }: { active: NavItem | null }) {
  const entries = useNavEntries();
  return (
    <nav aria-label={ko.nav.tabsLabel} className={styles.tabs}>
      <ul className={styles.list}>
        {entries.map(({ key, to, Icon }) => (
          <li key={key} className={styles.cell}>
            <Link
              to={to}
              className={styles.tab}
              activeOptions={{ exact: true }}
              aria-current={active === key ? 'page' : undefined}
            >
              <Icon />
              <span className={styles.label}>{ko.nav.tabs[key]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
