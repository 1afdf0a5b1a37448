import { Link } from '@tanstack/react-router';
import { ko } from '@/i18n/ko';
import { HeaderTools } from './header-tools';
import { Logo } from './logo';
import { useNavEntries } from './nav-items';
import type { NavItem } from './visibility';
import styles from './desktop-header.module.css';

/** ≥ 1080 px: logo, the HOME/교환/밋업/프로필 menu, and chat/alerts shortcuts. */
export function DesktopHeader({ active }: { active: NavItem | null }) {
  const entries = useNavEntries();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Logo />
        <nav aria-label={ko.nav.mainLabel} className={styles.nav}>
          <ul className={styles.menu}>
            {entries.map(({ key, to }) => (
              <li key={key}>
                <Link
                  to={to}
                  className={styles.item}
                  activeOptions={{ exact: true }}
                  aria-current={active === key ? 'page' : undefined}
                >
                  {ko.nav.desktop[key]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <HeaderTools />
      </div>
    </header>
  );
}
