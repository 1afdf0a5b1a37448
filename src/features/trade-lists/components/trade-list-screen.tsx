import { Link } from '@tanstack/react-router';
import { LoginNotice } from '@/components/ui/login-notice';
import { useState } from 'react';
import { isLoggedInAtom, useAtomValue } from '@/state/store';
import { CardsIcon } from '@/components/ui/icons';
import { HaveScan } from '@/components/card-scan/have-scan';
import { ScreenTitle } from '@/components/ui/screen-title';
import { useTradeLists } from '@/domains/trade-lists/hooks';
import type { TradeItemKind } from '@/data/pb/records';
import { koTradeLists } from '@/i18n/ko-trade-lists';
import { ListTabs } from './list-tabs';
import { PublicSwitch } from './public-switch';
import { TradeItemList } from './trade-item-list';
import styles from './trade-list-screen.module.css';

const t = koTradeLists.screen;

/**
 * /tradeList, 내 교환 목록 (docs/trades.md): my have list (with spare copies, editable) and want
 * list, each card opening its detail and coming off with one tap; the list-level 공개 switch; a
 * way to 매칭; 스캔 on the have list puts the cards the camera finds on it (docs/card-scan.md).
 * Everything reads and writes the local store, so it works offline; changes go out through the
 * outbox.
 */
export function TradeListScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  return (
    <section className={styles.screen} data-testid="trade-list-screen">
      <ScreenTitle title={t.title} back />
      {loggedIn ? <Lists /> : <LoggedOut />}
    </section>
  );
}

function LoggedOut() {
  return (
    <LoginNotice
      title={t.loggedOutTitle}
      body={t.loggedOutBody}
      link={t.loginLink}
      testId="trade-list-logged-out"
    />
  );
}

function Lists() {
  const lists = useTradeLists();
  const [tab, setTab] = useState<TradeItemKind>('have');
  const counts = { have: lists?.have.length ?? 0, want: lists?.want.length ?? 0 };

  return (
    <>
      <p className={styles.intro}>{t.intro}</p>
      <div className={styles.top}>
        <p className={styles.summary} aria-live="polite" data-testid="trade-list-summary">
          {lists ? t.summary(counts.have, counts.want) : null}
        </p>
        <div className={styles.links}>
          <Link to="/tradeQr" className={styles.outline} data-testid="to-trade-qr">
            {t.tradeQr}
          </Link>
          <Link to="/encounters" className={styles.outline} data-testid="to-encounters">
            {t.encounters}
          </Link>
          <Link to="/matching" className={styles.matching} data-testid="to-matching">
            <CardsIcon size={18} />
            {t.matching}
          </Link>
        </div>
      </div>
      <PublicSwitch />
      <ListTabs tab={tab} onTab={setTab} counts={lists ? counts : undefined}>
        {tab === 'have' ? (
          <div className={styles.panelTools}>
            <HaveScan scope="device" className={styles.scan} testId="trade-list-scan" />
          </div>
        ) : null}
        {lists === undefined ? (
          <p className={styles.status} role="status">
            {koTradeLists.loading}
          </p>
        ) : (
          <TradeItemList key={tab} kind={tab} items={lists[tab]} />
        )}
      </ListTabs>
    </>
  );
}
