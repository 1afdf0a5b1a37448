import { usePhotoCardsByIds } from '@/domains/catalogue/hooks';
import { CARD_IMAGE, responsiveFile } from '@/data/pb/files';
import type { PhotoCard } from '@/data/pb/records';
import type { DecodedTradeQr } from '@/lib/trade-qr';
import { koTradeQr } from '@/i18n/ko-trade-qr';
import type { ScanMatch } from '@/features/trade-qr/match';
import styles from './trade-qr.module.css';

const t = koTradeQr.result;

/** The scanned fan's name and the two sides of the match, as card tiles with their counts. */
export function ScanResult({
  decoded,
  match,
  self,
}: {
  decoded: DecodedTradeQr;
  match: ScanMatch;
  self: boolean;
}) {
  const cards = usePhotoCardsByIds([...match.theyHave, ...match.theyWant]);
  const byId = new Map(cards?.map((c) => [c.id, c]));
  return (
    <div className={styles.result} data-testid="trade-qr-result">
      <h2 className={styles.resultTitle} data-testid="trade-qr-fan">
        {t.heading(match.fan.name)}
      </h2>
      <p className={styles.note}>{t.totals(decoded.have.length, decoded.want.length)}</p>
      {self ? (
        <p className={styles.error} role="alert">
          {t.self}
        </p>
      ) : null}
      {decoded.unknown > 0 ? (
        <p className={styles.note} data-testid="trade-qr-unknown">
          {t.unknown(decoded.unknown)}
        </p>
      ) : null}
      <Side
        title={t.theyHave(match.theyHave.length)}
        empty={t.noneHave}
        ids={match.theyHave}
        cards={byId}
        testId="trade-qr-they-have"
      />
      <Side
        title={t.theyWant(match.theyWant.length)}
        empty={t.noneWant}
        ids={match.theyWant}
        cards={byId}
        testId="trade-qr-they-want"
      />
    </div>
  );
}

function Side({
  title,
  empty,
  ids,
  cards,
  testId,
}: {
  title: string;
  empty: string;
  ids: string[];
  cards: ReadonlyMap<string, PhotoCard>;
  testId: string;
}) {
  return (
    <section className={styles.side} data-testid={testId} data-count={ids.length}>
      <h3 className={styles.sideTitle}>{title}</h3>
      {ids.length === 0 ? (
        <p className={styles.note}>{empty}</p>
      ) : (
        <ul className={styles.tiles}>
          {ids.map((id) => (
            <Tile key={id} card={cards.get(id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Tile({ card }: { card: PhotoCard | undefined }) {
  const image = card ? responsiveFile('photoCards', card.id, card.cardImg, CARD_IMAGE, 160) : null;
  const name = card ? t.cardName(card.memberName, card.title) || card.groupName : t.unknownCard;
  return (
    <li className={styles.tile} data-card={card?.id}>
      {image?.src && card ? (
        <img
          className={styles.tileImage}
          src={image.src}
          srcSet={image.srcSet}
          sizes="112px"
          alt={t.cardAlt(card.groupName, card.memberName, card.title)}
          width={104}
          height={156}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className={styles.tileImage} aria-hidden="true" />
      )}
      <span className={styles.tileName}>{name}</span>
    </li>
  );
}
