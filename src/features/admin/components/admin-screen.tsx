import { useEffect, useRef } from 'react';
import { getRouteApi, Link, Navigate } from '@tanstack/react-router';
import { CloudOffIcon, KeyIcon } from '@/components/ui/icons';
import { NoticeCard } from '@/components/ui/notice-card';
import { ScreenTitle } from '@/components/ui/screen-title';
import { useOnline } from '@/components/hooks/use-online';
import { useOwnProfile } from '@/domains/accounts/hooks';
import { koAdmin } from '@/features/admin/ko';
import { ADMIN_SECTIONS } from '@/features/admin/sections';
import styles from './admin.module.css';

// getRouteApi reads the param without importing the route definition (see collect-book.page).
const route = getRouteApi('/main/admin/{-$section}');

const t = koAdmin;

/**
 * /admin and /admin/<section>, the operator's console (docs/operators.md, The console): for a
 * signed-in user with role admin, online. Anyone else sees why not, and nothing is asked of the
 * server: the sections (which make every request) are drawn only past both checks. Desktop first,
 * a side navigation; on a phone the same links are a row of tabs above the section.
 */
export function AdminScreen() {
  const { section } = route.useParams();
  const me = useOwnProfile();
  const online = useOnline();
  const active = section ? ADMIN_SECTIONS.find((s) => s.id === section) : ADMIN_SECTIONS[0];
  const nav = useRef<HTMLElement>(null);
  const drawn = !!me && me.role === 'admin' && online;
  // on a phone the tabs scroll sideways: the open section's tab is brought into view
  useEffect(() => {
    if (!drawn) return;
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active?.id, drawn]);

  let body;
  if (me === undefined) {
    body = (
      <p className={styles.status} role="status">
        {t.loading}
      </p>
    );
  } else if (!me || me.role !== 'admin') {
    body = (
      <NoticeCard
        icon={<KeyIcon size={32} />}
        title={t.adminOnly}
        body={t.adminOnlyBody}
        testId="admin-refused"
      />
    );
  } else if (!online) {
    body = (
      <NoticeCard
        icon={<CloudOffIcon size={32} />}
        title={t.offline}
        body={t.offlineBody}
        testId="admin-offline"
      />
    );
  } else if (!active) {
    // an address of a section that does not exist (any more): the first one
    return <Navigate to="/admin/{-$section}" params={{ section: undefined }} replace />;
  } else {
    const Screen = active.Screen;
    body = (
      <div className={styles.console}>
        <nav ref={nav} className={styles.nav} aria-label={t.navLabel}>
          <ul className={styles.navList}>
            {ADMIN_SECTIONS.map((s) => (
              <li key={s.id}>
                <Link
                  to="/admin/{-$section}"
                  params={{ section: s.id }}
                  className={styles.navLink}
                  aria-current={s === active ? 'page' : undefined}
                  data-testid="admin-nav-link"
                >
                  {s.icon}
                  <span>{s.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section
          className={styles.content}
          aria-labelledby="admin-section-title"
          data-testid={`admin-section-${active.id}`}
        >
          <h2 id="admin-section-title" className={styles.sectionTitle}>
            {active.label}
          </h2>
          <Screen key={active.id} />
        </section>
      </div>
    );
  }

  return (
    <section className={styles.screen} data-testid="admin-screen">
      <ScreenTitle title={t.title} />
      {body}
    </section>
  );
}
