import { fileUrl } from '@/data/pb/files';
import { fileUrlWithToken, useFileToken } from '@/data/pb/file-token';
import type { Trade } from '@/data/pb/records';
import { nicknameOf, usePublicProfile } from '@/domains/accounts/hooks';
import { usePendingTradePhotos } from '@/domains/trades/hooks';
import { useObjectUrl } from '@/live/use-object-url';
import { PhotoStrip, type StripPhoto } from '@/components/ui/photo-strip';
import { koTradePhotos } from '@/features/trades/ko-photos';
import ui from '@/components/ui/panels.module.css';
import styles from './trade-detail-screen.module.css';

const t = koTradePhotos.shown;

/** The field's one rendition (pb_migrations/1765040000_trade_photos.js), 400 px wide. */
const THUMB = '400x0';

/**
 * The photos of the real card and its packing its proposer sent with a proposal, as thumbnails
 * that open the image viewer (docs/trades.md, Photos). Protected files: shown with a file token
 * of this fan (docs/files.md, Protected files and file tokens); a proposal still waiting to be
 * sent shows the photos queued with it, from the device. Nothing when it has none.
 */
export function TradePhotos({ trade }: { trade: Trade }) {
  const names = trade.photos ?? [];
  const pending = usePendingTradePhotos(trade.id);
  // at most three: one object URL each (revoked once nothing shows them)
  const queued = [
    useObjectUrl(names.length ? null : pending[0]),
    useObjectUrl(names.length ? null : pending[1]),
    useObjectUrl(names.length ? null : pending[2]),
  ].filter((u): u is string => !!u);
  const token = useFileToken();
  const profile = usePublicProfile(trade.proposer);
  // named once the proposer's profile is here ('…님이 올린 실물 사진 1')
  const name = profile ? nicknameOf(profile) : null;
  const alt = (n: number) => (name ? t.photoAlt(name, n) : t.photoAltUnnamed(n));
  const url = (file: string, thumb?: string) =>
    fileUrlWithToken('trades', fileUrl('trades', trade.id, file, thumb), token);

  const shown: StripPhoto[] = names.length
    ? names.map((file, i) => ({
        thumb: url(file, THUMB),
        image: {
          src: url(file),
          alt: alt(i + 1),
          // offline, the viewer falls back to the thumbnail shown here (and kept)
          shownSrc: url(file, THUMB),
        },
      }))
    : queued.map((src, i) => ({ thumb: src, image: { src, alt: alt(i + 1) } }));
  // a stored photo's URL is '' while the first file token is on its way
  const ready = shown.filter((p) => p.thumb);
  if (!names.length && !ready.length) return null;

  return (
    <div className={styles.message} data-testid="trade-photos-section">
      <h2 className={ui.subTitle}>{t.title}</h2>
      <PhotoStrip
        photos={ready}
        label={t.title}
        openLabel={t.openPhoto}
        viewerLabel={name ? t.viewerLabel(name) : t.viewerLabelUnnamed}
        testId="trade"
      />
    </div>
  );
}
