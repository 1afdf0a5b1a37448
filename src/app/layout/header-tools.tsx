import { Link } from '@tanstack/react-router';
import { BellIcon, ChatIcon } from '../../components/ui/icons';
import { ko } from '../../i18n/ko';
import styles from './header-tools.module.css';

/** Chat and alerts shortcuts, shared by the desktop header and the mobile top bar. */
export function HeaderTools() {
  return (
    <div className={styles.tools}>
      <Link to="/chatting" className={styles.tool} aria-label={ko.nav.chat}>
        <ChatIcon />
      </Link>
      <Link to="/alerts" className={styles.tool} aria-label={ko.nav.alerts}>
        <BellIcon />
      </Link>
    </div>
  );
}
