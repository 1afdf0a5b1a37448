import { Link } from '@tanstack/react-router';
import { ChevronLeftIcon, SettingsIcon } from '@/components/ui/icons';
import { useOwnProfile } from '@/domains/accounts/hooks';
import { koAdminEntry } from '@/features/admin/ko-entry';
import styles from './admin-entry.module.css';

/**
 * The way into the console (docs/operators.md, The console) on the settings screen: a '운영'
 * group with one '관리' row, shown to admins only (a fan's settings look as before).
 */
export function AdminEntry() {
  const me = useOwnProfile();
  if (me?.role !== 'admin') return null;
  return (
    <section className={styles.group} aria-labelledby="settings-admin">
      <h2 id="settings-admin" className={styles.groupTitle}>
        {koAdminEntry.group}
      </h2>
      <Link
        to="/admin/{-$section}"
        params={{ section: undefined }}
        className={styles.row}
        data-testid="settings-admin-link"
      >
        <SettingsIcon size={20} />
        <span>{koAdminEntry.link}</span>
        <ChevronLeftIcon size={18} className={styles.chevron} />
      </Link>
    </section>
  );
}
