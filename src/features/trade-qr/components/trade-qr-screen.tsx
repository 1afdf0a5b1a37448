import { Link } from '@tanstack/react-router';
import { LoginNotice } from '@/components/ui/login-notice';
import { useEffect, useState } from 'react';
import { isLoggedInAtom, sessionUserIdAtom, useAtomValue } from '@/state/store';
import { useOwnProfile } from '@/domains/accounts/hooks';
import { useTradeLists } from '@/domains/trade-lists/hooks';
import { ScreenTitle } from '@/components/ui/screen-title';
import { encodeTradeQr, TradeQrError } from '@/lib/trade-qr';
import { koTradeQr } from '@/i18n/ko-trade-qr';
import { useQrCatalogue } from '@/features/trade-qr/hooks/use-qr-catalogue';
import { QrCode } from './qr-code';
import styles from './trade-qr.module.css';

const t = koTradeQr.show;

/** How long each part stays on screen while the parts cycle (docs/trade-qr.md, Screens). */
export const PART_MS = 1500;

/**
 * /tradeQr, 내 교환 QR (docs/trade-qr.md): my have and want lists as one or more QR codes, drawn
 * from the local store so it works with no signal; several parts take turns every 1.5 s, with
 * "1/3" and a pause button.
 */
export function TradeQrScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  return (
    <section className={styles.screen} data-testid="trade-qr-screen">
      <ScreenTitle title={t.title} back />
      {loggedIn ? <MyCode /> : <LoggedOut />}
    </section>
  );
}

export function LoggedOut() {
  return (
    <LoginNotice
      title={koTradeQr.loggedOutTitle}
      body={koTradeQr.loggedOutBody}
      link={koTradeQr.loginLink}
      testId="trade-qr-logged-out"
    />
  );
}

function useMyParts() {
  const userId = useAtomValue(sessionUserIdAtom);
  const profile = useOwnProfile();
  const lists = useTradeLists();
  const catalogue = useQrCatalogue();
  // the nickname, never the name: the code is shown to other fans
  const name = profile?.username || '';
  const [result, setResult] = useState<{ parts: string[] } | { error: string } | null>(null);
  useEffect(() => {
    if (!userId || !lists || !catalogue || profile === undefined) return;
    let live = true;
    encodeTradeQr(
      {
        fan: { id: userId, name },
        have: lists.have.map((i) => i.photoCard),
        want: lists.want.map((i) => i.photoCard),
      },
      catalogue,
    ).then(
      (parts) => live && setResult({ parts }),
      (err: unknown) =>
        live && setResult({ error: err instanceof TradeQrError ? err.message : t.failed }),
    );
    return () => {
      live = false;
    };
  }, [userId, name, lists, catalogue, profile]);
  return { result, lists, name };
}

function MyCode() {
  const { result, lists, name } = useMyParts();
  if (!result || !lists) {
    return (
      <p className={styles.status} role="status">
        {koTradeQr.loading}
      </p>
    );
  }
  return (
    <>
      <p className={styles.intro}>{t.intro}</p>
      <p className={styles.summary} data-testid="trade-qr-summary">
        {t.summary(lists.have.length, lists.want.length)}
      </p>
      {lists.have.length + lists.want.length === 0 ? (
        <p className={styles.note}>{t.empty}</p>
      ) : null}
      {'error' in result ? (
        <p className={styles.error} role="alert">
          {result.error}
        </p>
      ) : (
        <Parts key={result.parts.join('|')} parts={result.parts} name={name} />
      )}
      <div className={styles.links}>
        <Link to="/tradeQr/scan" className={styles.primary} data-testid="to-trade-qr-scan">
          {t.toScan}
        </Link>
        <Link to="/tradeList" className={styles.secondary}>
          {t.toList}
        </Link>
      </div>
    </>
  );
}

function Parts({ parts, name }: { parts: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const n = parts.length;
  useEffect(() => {
    if (n < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % n), PART_MS);
    return () => clearInterval(timer);
  }, [n, paused]);
  const step = (by: number) => {
    setPaused(true);
    setIndex((i) => (i + by + n) % n);
  };
  return (
    <div
      className={styles.codeBox}
      data-testid="trade-qr-parts"
      data-count={n}
      data-index={index + 1}
    >
      <QrCode text={parts[index]!} label={t.codeLabel(name, index + 1, n)} />
      {n > 1 ? (
        <>
          <p className={styles.partsHint}>{t.partsHint(n)}</p>
          <div className={styles.controls}>
            <button type="button" className={styles.secondary} onClick={() => step(-1)}>
              {t.previous}
            </button>
            <span className={styles.counter} aria-live="polite" data-testid="trade-qr-part">
              {t.part(index + 1, n)}
            </span>
            <button type="button" className={styles.secondary} onClick={() => step(1)}>
              {t.next}
            </button>
          </div>
          <button
            type="button"
            className={styles.secondary}
            aria-pressed={paused}
            onClick={() => setPaused((p) => !p)}
            data-testid="trade-qr-pause"
          >
            {paused ? t.play : t.pause}
          </button>
        </>
      ) : null}
    </div>
  );
}
