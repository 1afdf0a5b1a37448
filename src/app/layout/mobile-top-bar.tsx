import { Link } from '@tanstack/react-router';
import { BellIcon, ChatIcon } from '../../components/ui/icons';
import { ko } from '../../i18n/ko';
import { Logo } from './logo';
import styles from './mobile-top-bar.module.css';

/** < 1080 px: logo, chat and alerts. Hidden on some screens (see shouldHideTopBar). */
export function MobileTopBar() {
  return (
    <header className={styles.bar}>
      <Logo />
      <div className={styles.tools}>
        <Link to="/chatting" className={styles.tool} aria-label={ko.nav.chat}>
          <ChatIcon />
        </Link>
        <Link to="/alerts" className={styles.tool} aria-label={ko.nav.alerts}>
          <BellIcon />
        </Link>
      </div>
    </header>
  );
}
