import { Outlet } from '@tanstack/react-router';
import styles from './bare-layout.module.css';

/** /chatting and /alerts: outside the main layout, just a column; screens bring their back button. */
export function BareLayout() {
  return (
    <main id="main-content" tabIndex={-1} className={styles.main}>
      <Outlet />
    </main>
  );
}
