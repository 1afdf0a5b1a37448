import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isLoggedInAtom, sessionUserIdAtom, useAtomValue } from '@/state/store';
import { useTradeLists } from '@/domains/trade-lists/hooks';
import { useRearCamera } from '@/components/hooks/use-rear-camera';
import { ScreenTitle } from '@/components/ui/screen-title';
import {
  decodeTradeQr,
  PartCollector,
  TradeQrError,
  type CatalogueOrdering,
  type DecodedTradeQr,
} from '@/lib/trade-qr';
import { koTradeQr } from '@/i18n/ko-trade-qr';
import { matchScan } from '@/features/trade-qr/match';
import { loadDecoder, readPhoto, readVideoFrame } from '@/features/trade-qr/read-image';
import { useQrCatalogue } from '@/features/trade-qr/hooks/use-qr-catalogue';
import { EncounterActions } from './encounter-actions';
import { ScanResult } from './scan-result';
import { LoggedOut } from './trade-qr-screen';
import styles from './trade-qr.module.css';

const t = koTradeQr.scan;

/**
 * /tradeQr/scan, QR 스캔 (docs/trade-qr.md): reads another fan's trade QR code(s) with the
 * camera or from a photo, collecting parts until the payload is complete, then shows the two-way
 * match against my lists at once, from the local store, with no network.
 */
export function TradeQrScanScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  return (
    <section className={styles.screen} data-testid="trade-qr-scan-screen">
      <ScreenTitle title={t.title} back />
      {loggedIn ? <Scanner /> : <LoggedOut />}
    </section>
  );
}

type Progress = { have: number; count: number; missing: number[] };

function Scanner() {
  const userId = useAtomValue(sessionUserIdAtom);
  const lists = useTradeLists();
  const catalogue = useQrCatalogue();
  const catalogueRef = useRef<CatalogueOrdering | undefined>(catalogue);
  useEffect(() => {
    catalogueRef.current = catalogue;
  }, [catalogue]);
  useEffect(() => {
    void loadDecoder().catch(() => {});
  }, []);
  const collector = useRef(new PartCollector());
  const [progress, setProgress] = useState<Progress | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [decoded, setDecoded] = useState<DecodedTradeQr | null>(null);
  const [camera, setCamera] = useState(false);
  const done = decoded !== null;

  /** The whole payload read against my catalogue; a payload that does not read starts over. */
  const finish = useCallback(async (ordering: CatalogueOrdering): Promise<boolean> => {
    try {
      setDecoded(await decodeTradeQr(collector.current, ordering));
      return true;
    } catch (err) {
      setMessage(err instanceof TradeQrError ? err.message : koTradeQr.errors.garbled);
      collector.current = new PartCollector();
      setProgress(null);
      return false;
    }
  }, []);

  // A payload completed before the catalogue had loaded is read once it has.
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (waiting && catalogue) void finish(catalogue).then(() => setWaiting(false));
  }, [waiting, catalogue, finish]);

  /** One scanned text: a part added, or a refusal said; true once the payload is complete. */
  const take = useCallback(
    async (text: string): Promise<boolean> => {
      const c = collector.current;
      try {
        const { added } = c.add(text);
        setProgress({ ...c.progress, missing: c.missing() });
        if (added) setMessage(null);
      } catch (err) {
        setMessage(err instanceof TradeQrError ? err.message : koTradeQr.errors.garbled);
        return false;
      }
      if (!c.complete) return false;
      const ordering = catalogueRef.current;
      if (ordering) return finish(ordering);
      setWaiting(true);
      return true;
    },
    [finish],
  );

  const reset = () => {
    collector.current = new PartCollector();
    setProgress(null);
    setMessage(null);
    setDecoded(null);
  };

  const onPhotos = async (files: FileList | null) => {
    if (!files) return;
    for (const file of Array.from(files)) {
      const text = await readPhoto(file).catch(() => null);
      if (text === null) setMessage(t.photoNone);
      else if (await take(text)) break;
    }
  };

  if (done) {
    const mine = {
      have: lists?.have.map((i) => i.photoCard) ?? [],
      want: lists?.want.map((i) => i.photoCard) ?? [],
    };
    const match = matchScan(decoded, mine);
    const self = decoded.fan.id === userId;
    return (
      <>
        <ScanResult decoded={decoded} match={match} self={self} />
        {/* save the encounter, queue a proposal or a message (docs/encounters.md); keyed by
            the fan so a new scan starts with the new match's cards */}
        {self ? null : <EncounterActions key={match.fan.id} match={match} showCards={false} />}
        <button
          type="button"
          className={styles.secondary}
          onClick={reset}
          data-testid="trade-qr-again"
        >
          {t.again}
        </button>
      </>
    );
  }

  return (
    <>
      <p className={styles.intro}>{t.intro}</p>
      <div className={styles.scanBox}>
        {camera ? (
          <Camera onText={take} onStop={() => setCamera(false)} onError={setMessage} />
        ) : (
          <button
            type="button"
            className={styles.primary}
            onClick={() => setCamera(true)}
            data-testid="trade-qr-camera"
          >
            {t.camera}
          </button>
        )}
        <label className={`${styles.secondary} ${styles.fileLabel}`}>
          {t.photo}
          <input
            className={styles.fileInput}
            type="file"
            accept="image/*"
            multiple
            onChange={(e) => {
              void onPhotos(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
            data-testid="trade-qr-photo"
          />
        </label>
        <p className={styles.progress} aria-live="polite" data-testid="trade-qr-progress">
          {progress && progress.count > 1 ? t.progress(progress.have, progress.count) : null}
        </p>
        {progress && progress.count > 1 && progress.missing.length > 0 ? (
          <p className={styles.note}>{t.missing(progress.missing)}</p>
        ) : null}
        {message ? (
          <p className={styles.error} role="alert" data-testid="trade-qr-message">
            {message}
          </p>
        ) : null}
      </div>
      <Link to="/tradeQr" className={styles.secondary}>
        {koTradeQr.links.show}
      </Link>
    </>
  );
}

/** The live camera: frames are read every ~120 ms until the payload is complete or it stops. */
function Camera({
  onText,
  onStop,
  onError,
}: {
  onText: (text: string) => Promise<boolean>;
  onStop: () => void;
  onError: (message: string) => void;
}) {
  const { camera, video } = useRearCamera();
  // The callbacks change with every render of the screen (each part read re-renders it); the
  // camera must not restart for that, or it would never get past the first part.
  const handlers = useRef({ onText, onStop, onError });
  useEffect(() => {
    handlers.current = { onText, onStop, onError };
  }, [onText, onStop, onError]);
  useEffect(() => {
    if (camera.state !== 'error') return;
    handlers.current.onError(camera.problem === 'missing' ? t.cameraMissing : t.cameraDenied);
    handlers.current.onStop();
  }, [camera]);
  useEffect(() => {
    if (camera.state !== 'on') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    let last = '';
    const tick = async () => {
      if (!live || !video.current) return;
      const text = await readVideoFrame(video.current);
      if (!live) return;
      // The same part seen again in the next frames is not taken twice.
      if (text && text !== last) {
        last = text;
        if (await handlers.current.onText(text)) return;
      }
      timer = setTimeout(() => void tick(), 120);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [camera.state, video]);
  return (
    <>
      <video
        ref={video}
        className={styles.video}
        muted
        playsInline
        aria-label={t.cameraLabel}
        data-testid="trade-qr-video"
      />
      <p className={styles.note} aria-live="polite">
        {camera.state === 'on' ? t.cameraOn : t.cameraStarting}
      </p>
      <button type="button" className={styles.secondary} onClick={onStop}>
        {t.stopCamera}
      </button>
    </>
  );
}
