import { HeaderTools } from './header-tools';
import { Logo } from './logo';
import styles from './mobile-top-bar.module.css';

/** < 1080 px: logo, chat and alerts. Hidden on some screens (see shouldHideTopBar). */
export function MobileTopBar() {
  return (
    <header className={styles.bar}>
      <Logo />
      <HeaderTools />
    </header>
  );
}
