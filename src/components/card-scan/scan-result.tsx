import type { PhotoCard } from '@/data/pb/records';
import type { ScanView } from '@/lib/card-scan/tracker';
import { koCardScan } from '@/i18n/ko-card-scan';
import { ko } from '@/i18n/ko-features';
import styles from './card-scanner.module.css';

const t = koCardScan;

/**
 * The scanner's answer under the camera: the card for sure (image, member, version, and the
 * screen's action unless it is already done), the 3 closest to pick from with 제보하기 under them,
 * or 제보하기 alone for a card that matches nothing.
 */
export function ScanResult({
  view,
  byId,
  owned,
  handled,
  imageUrl,
  actionLabel,
  ownedText,
  onTake,
  onReport,
}: {
  view: ScanView;
  byId: ReadonlyMap<string, PhotoCard>;
  owned: (id: string) => boolean;
  handled: (id: string) => boolean;
  imageUrl: (card: PhotoCard) => string;
  actionLabel: string;
  ownedText: string;
  onTake: (card: PhotoCard) => void;
  onReport: () => void;
}) {
  if (view.kind === 'sure') {
    const card = byId.get(view.id);
    if (!card) return null;
    const done = owned(card.id) || handled(card.id);
    return (
      <div className={styles.result} data-testid="card-scanner-result" data-card-id={card.id}>
        <img
          className={styles.resultImage}
          src={imageUrl(card)}
          alt={ko.photoCards.cardAlt(card.groupName, card.memberName, card.title)}
          width={80}
          height={120}
        />
        <div className={styles.resultText}>
          <p className={styles.resultName}>{card.memberName}</p>
          <p className={styles.resultTitle}>{card.title}</p>
          {done ? (
            <p className={styles.note}>{ownedText}</p>
          ) : (
            <button
              type="button"
              className={styles.primary}
              onClick={() => onTake(card)}
              data-testid="card-scanner-take"
            >
              {actionLabel}
            </button>
          )}
        </div>
      </div>
    );
  }
  if (view.kind === 'ask') {
    return (
      <div className={styles.ask} data-testid="card-scanner-ask">
        <p className={styles.resultName}>{t.askTitle}</p>
        <p className={styles.note}>{t.askHint}</p>
        <ul className={styles.askList}>
          {view.ids.map((id) => {
            const card = byId.get(id);
            if (!card) return null;
            return (
              <li key={id}>
                <button
                  type="button"
                  className={styles.askButton}
                  onClick={() => onTake(card)}
                  disabled={owned(id) || handled(id)}
                  data-testid="card-scanner-pick"
                  data-card-id={id}
                >
                  <img src={imageUrl(card)} alt="" width={64} height={96} />
                  <span>{t.found(card.memberName, card.title)}</span>
                </button>
              </li>
            );
          })}
        </ul>
        <p className={styles.note}>{t.askNone}</p>
        <button
          type="button"
          className={styles.secondary}
          onClick={onReport}
          data-testid="card-scanner-report"
        >
          {t.report}
        </button>
      </div>
    );
  }
  if (view.kind === 'unknown') {
    return (
      <div className={styles.result} data-testid="card-scanner-unknown">
        <div className={styles.resultText}>
          <p className={styles.resultName}>{t.unknownTitle}</p>
          <p className={styles.note}>{t.unknownHint}</p>
          <button
            type="button"
            className={styles.primary}
            onClick={onReport}
            data-testid="card-scanner-report"
          >
            {t.report}
          </button>
        </div>
      </div>
    );
  }
  return null;
}
