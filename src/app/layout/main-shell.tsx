import type { ReactNode } from 'react';
import { OfflineBanner } from '@/features/sync-status/components/offline-banner';
import { ko } from '@/i18n/ko';
import { BottomTabs } from './bottom-tabs';
import { DesktopHeader } from './desktop-header';
import { MobileTopBar } from './mobile-top-bar';
import { SiteFooter } from './site-footer';
import { SyncStatusSlot } from './sync-status-slot';
import { usePathname } from './use-pathname';
import { activeNavItem, shouldHideTopBar, shouldShowFooter } from './visibility';
import styles from './main-shell.module.css';

/**
 * The main layout around a screen: header / top bar, the offline banner, content, footer, bottom
 * tabs, and the floating pending-changes button.
 */
export function MainShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const active = activeNavItem(pathname);
  const hideTopBar = shouldHideTopBar(pathname);

  return (
    <div className={styles.shell}>
      <a href="#main-content" className={styles.skip}>
        {ko.nav.skipToContent}
      </a>
      <DesktopHeader active={active} />
      {hideTopBar ? null : <MobileTopBar />}
      <OfflineBanner atTop={hideTopBar} />
      <main
        id="main-content"
        tabIndex={-1}
        className={`${styles.main} ${hideTopBar ? '' : styles.underTopBar}`}
      >
        {children}
      </main>
      {shouldShowFooter(pathname) ? <SiteFooter /> : null}
      <BottomTabs active={active} />
      <SyncStatusSlot placement="main" />
    </div>
  );
}
