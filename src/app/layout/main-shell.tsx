import type { ReactNode } from 'react';
import { ko } from '../../i18n/ko';
import { BottomTabs } from './bottom-tabs';
import { DesktopHeader } from './desktop-header';
import { MobileTopBar } from './mobile-top-bar';
import { SiteFooter } from './site-footer';
import { usePathname } from './use-pathname';
import { activeNavItem, shouldHideTopBar, shouldShowFooter } from './visibility';
import styles from './main-shell.module.css';

/** The main layout around a screen: header / top bar, content, footer, bottom tabs. */
export function MainShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const active = activeNavItem(pathname);

  return (
    <div className={styles.shell}>
      <a href="#main-content" className={styles.skip}>
        {ko.nav.skipToContent}
      </a>
      <DesktopHeader active={active} />
      {shouldHideTopBar(pathname) ? null : <MobileTopBar />}
      <main id="main-content" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      {shouldShowFooter(pathname) ? <SiteFooter /> : null}
      <BottomTabs active={active} />
    </div>
  );
}
