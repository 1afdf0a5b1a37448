import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PhotoCard } from '@/data/pb/records';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { useRearCamera } from '@/components/hooks/use-rear-camera';
import { toast } from '@/components/ui/toast';
import { loadScanIndex, type ScanIndexProgress } from '@/domains/catalogue/card-prints';
import { ScanClient } from '@/lib/card-scan/scan-client';
import { ScanTracker, type ScanView } from '@/lib/card-scan/tracker';
import { koCardScan, type CardScanWords } from '@/i18n/ko-card-scan';
import { feedback } from './feedback';
import { ScanResult } from './scan-result';
import styles from './card-scanner.module.css';

const t = koCardScan;

/** At least this long between two frames sent to the worker (a phone's camera gives ~30 a second). */
const FRAME_GAP_MS = 60;

export interface CardScannerProps {
  open: boolean;
  onClose: () => void;
  /** The cards a scanned card is looked up among (the book's group, the fan's scope). */
  cards: readonly PhotoCard[];
  /** The image each card is fingerprinted from: the one kept offline for these cards. */
  imageUrl: (card: PhotoCard) => string;
  /** True when the card is already ticked (in the book, on the list): not ticked again. */
  owned: (id: string) => boolean;
  /** What a scan does here, in this screen's words (koCardScan.book, koCardScan.have). */
  words: CardScanWords;
  /**
   * Ticks the card (through the outbox, so it works offline). A refusal the caller has already
   * told the fan about is thrown as AlreadyTold; anything else gets the words' `failed`.
   */
  onTake: (card: PhotoCard) => Promise<void>;
  /** Takes a tick of this scanner back. */
  onUndo: (card: PhotoCard) => Promise<void>;
  /** 제보하기 for a card missing from the catalogue, with the straightened photo of it. */
  onReport: (photo: Blob | null) => void;
}

interface Taken {
  card: PhotoCard;
  undone: boolean;
}

/**
 * 스캔 (docs/card-scan.md): the camera, a card-shaped guide, and what the scan worker makes of the
 * card in view: the card for sure (one tap ticks it, or continuous mode ticks it at once), the 3
 * closest to pick from, or 제보하기 for a card not in the catalogue. Every result is read out
 * (aria-live), and the grid behind the sheet stays the way to tick without a camera.
 */
export function CardScanner(props: CardScannerProps) {
  return (
    <SheetDialog
      open={props.open}
      onClose={props.onClose}
      title={t.title}
      closeLabel={t.close}
      testId="card-scanner"
    >
      <ScannerBody {...props} />
    </SheetDialog>
  );
}

/** A refusal the caller told the fan about itself (the rule's own words): no second toast. */
export class AlreadyTold extends Error {}

function ScannerBody({
  cards,
  imageUrl,
  owned,
  words,
  onTake,
  onUndo,
  onReport,
}: CardScannerProps) {
  const byId = useMemo(() => new Map(cards.map((c) => [c.id, c])), [cards]);
  const client = useRef<ScanClient | null>(null);
  const tracker = useRef(new ScanTracker());
  const [progress, setProgress] = useState<ScanIndexProgress | null>(null);
  const [ready, setReady] = useState(false);
  const [indexed, setIndexed] = useState(0);
  const [missing, setMissing] = useState(0);
  const { camera: rearCamera, video } = useRearCamera();
  const camera = rearCamera.state;
  const [view, setView] = useState<ScanView>({ kind: 'none' });
  const shownRef = useRef<ScanView>({ kind: 'none' });
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [continuous, setContinuous] = useState(false);
  const [taken, setTaken] = useState<Taken[]>([]);
  const [say, setSay] = useState('');

  // the latest props and state for the frame loop, which outlives renders
  const live = useRef({ continuous, owned, byId, onTake, words });
  useEffect(() => {
    live.current = { continuous, owned, byId, onTake, words };
  }, [continuous, owned, byId, onTake, words]);

  const take = useCallback(async (card: PhotoCard) => {
    tracker.current.markHandled(card.id);
    const w = live.current.words;
    try {
      await live.current.onTake(card);
    } catch (err) {
      if (!(err instanceof AlreadyTold)) toast.error(w.failed);
      return;
    }
    feedback();
    setTaken((list) => [{ card, undone: false }, ...list.filter((x) => x.card.id !== card.id)]);
    setSay(w.taken(card.memberName, card.title));
  }, []);

  const undo = async (card: PhotoCard) => {
    try {
      await onUndo(card);
    } catch (err) {
      if (!(err instanceof AlreadyTold)) toast.error(words.failed);
      return;
    }
    setTaken((list) => list.map((x) => (x.card.id === card.id ? { ...x, undone: true } : x)));
    setSay(words.undone(card.memberName, card.title));
  };

  // the worker and the scope's fingerprints
  useEffect(() => {
    const c = new ScanClient();
    client.current = c;
    let stop = false;
    void loadScanIndex(cards, c, imageUrl, (p) => {
      if (!stop) setProgress(p);
    }).then((index) => {
      if (stop) return;
      c.setIndex(index.entries);
      setIndexed(index.entries.length);
      setMissing(index.missing.length);
      setReady(true);
    });
    return () => {
      stop = true;
      c.close();
      client.current = null;
    };
    // the scope is read once per opening: a card arriving meanwhile is found next time
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // the frames: one at a time to the worker, the next as soon as it answers
  useEffect(() => {
    if (camera !== 'on' || !ready || indexed === 0) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = async () => {
      const el = video.current;
      const c = client.current;
      if (!alive || !el || !c) return;
      const started = performance.now();
      if (el.readyState >= 2 && el.videoWidth > 0) {
        const bitmap = await createImageBitmap(el).catch(() => null);
        if (bitmap && alive) {
          const result = await c.frame(bitmap);
          if (!alive) return;
          const { continuous: cont, owned: has, byId: cardsById } = live.current;
          const { view: shown, tick } = tracker.current.push(
            result.found,
            result.decision,
            cont,
            has,
          );
          // a new result is shown and read out once
          if (!sameView(shownRef.current, shown)) {
            shownRef.current = shown;
            setView(shown);
            const said = sayView(shown, cardsById);
            if (said) setSay(said);
          }
          if (shown.kind !== 'sure' && result.photo) setPhoto(result.photo);
          const card = tick ? cardsById.get(tick) : undefined;
          if (card) void take(card);
        }
      }
      const wait = Math.max(0, FRAME_GAP_MS - (performance.now() - started));
      timer = setTimeout(() => void next(), wait);
    };
    void next();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [camera, ready, indexed, take, video]);

  const ticks = taken.filter((x) => !x.undone).length;
  const status =
    camera === 'error'
      ? null
      : !ready
        ? t.preparing(progress?.done ?? 0, progress?.total ?? cards.length)
        : indexed === 0
          ? t.noCards
          : camera === 'starting'
            ? t.cameraStarting
            : view.kind === 'none'
              ? t.looking
              : t.holding;

  return (
    <div
      className={styles.body}
      data-testid="card-scanner-body"
      data-scanning={camera === 'on' && ready && indexed > 0}
    >
      <p className={styles.intro}>{t.intro}</p>
      <div className={styles.viewfinder} data-found={view.kind !== 'none'} data-view={view.kind}>
        <video
          ref={video}
          className={styles.video}
          muted
          playsInline
          aria-label={t.cameraLabel}
          data-testid="card-scanner-video"
        />
        <div className={styles.guide} aria-hidden="true" />
      </div>
      {rearCamera.state === 'error' ? (
        <p className={styles.error} role="alert" data-testid="card-scanner-error">
          {rearCamera.problem === 'missing' ? t.cameraMissing : t.cameraDenied} {t.fallback}
        </p>
      ) : (
        <p className={styles.status} data-testid="card-scanner-status">
          {status}
        </p>
      )}
      {ready && missing > 0 ? <p className={styles.note}>{t.preparedPartly(missing)}</p> : null}
      <label className={styles.switch}>
        <input
          type="checkbox"
          checked={continuous}
          onChange={(e) => setContinuous(e.currentTarget.checked)}
          data-testid="card-scanner-continuous"
        />
        <span>
          <strong>{t.continuous}</strong> {words.continuousHint}
        </span>
      </label>
      <ScanResult
        view={view}
        byId={byId}
        owned={owned}
        handled={(id) => taken.some((x) => x.card.id === id && !x.undone)}
        imageUrl={imageUrl}
        actionLabel={words.action}
        ownedText={words.owned}
        onTake={(card) => void take(card)}
        onReport={() => onReport(photo)}
      />
      {taken.length ? (
        <section className={styles.taken} aria-label={words.count(ticks)}>
          <p className={styles.takenTitle} data-testid="card-scanner-count">
            {words.count(ticks)}
          </p>
          <ul className={styles.takenList}>
            {taken.map(({ card, undone }) => (
              <li
                key={card.id}
                className={styles.takenItem}
                data-testid="card-scanner-taken"
                data-card-id={card.id}
                data-undone={undone}
              >
                <span className={undone ? styles.undone : undefined}>
                  {t.found(card.memberName, card.title)}
                </span>
                {undone ? null : (
                  <button type="button" className={styles.undo} onClick={() => void undo(card)}>
                    {t.undo}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className={styles.srOnly} aria-live="polite" data-testid="card-scanner-say">
        {say}
      </p>
    </div>
  );
}

/** What the screen reader says when a new result appears (nothing when the card went away). */
function sayView(view: ScanView, byId: ReadonlyMap<string, PhotoCard>): string | null {
  if (view.kind === 'sure') {
    const card = byId.get(view.id);
    return card ? t.foundSay(card.memberName, card.title) : null;
  }
  if (view.kind === 'ask') return t.askTitle;
  if (view.kind === 'unknown') return t.unknownTitle;
  return null;
}

function sameView(a: ScanView, b: ScanView): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'sure' && b.kind === 'sure') return a.id === b.id;
  if (a.kind === 'ask' && b.kind === 'ask') return a.ids.join() === b.ids.join();
  return true;
}
