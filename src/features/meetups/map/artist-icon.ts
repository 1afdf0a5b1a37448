import L from 'leaflet';
import styles from './artist-icon.module.css';

/** The marker's diameter in CSS pixels (a comfortable touch target). */
export const ARTIST_ICON_SIZE = 48;
const SIZE = ARTIST_ICON_SIZE;

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export interface ArtistIconOptions {
  /** Put on the icon's content as `data-meetup-id`, so the list and tests can find the marker. */
  id?: string;
  /** Pixels the icon stands off its spot, for markers sharing one (map/spread.ts). */
  offset?: readonly [number, number] | undefined;
}

/**
 * A marker: the artist's image in a round frame (docs/product-rules.md, Meetup map), ringed in the
 * brand colour and a little larger when the event is the selected one. Leaflet makes a
 * keyboard-reachable marker a focusable role=button element; its name is the image's alt text (or
 * the hidden name when there is no image), and the marker's tooltip shows the name on hover and
 * keyboard focus.
 */
export function artistIcon(
  imageUrl: string | null,
  name: string,
  selected = false,
  options: ArtistIconOptions = {},
): L.DivIcon {
  const data =
    (options.id ? ` data-meetup-id="${escapeHtml(options.id)}"` : '') +
    ` data-selected="${selected ? 'true' : 'false'}"` +
    (options.offset ? ' data-spread="true"' : '');
  const [dx, dy] = options.offset ?? [0, 0];
  const face = imageUrl
    ? `<img src="${escapeHtml(imageUrl)}" alt="${escapeHtml(name)}" width="${SIZE}" height="${SIZE}" draggable="false">`
    : `<span class="${styles.initial}" aria-hidden="true">${escapeHtml(Array.from(name)[0] ?? '?')}</span><span class="visually-hidden">${escapeHtml(name)}</span>`;
  // The frame is an inner element: Leaflet positions the outer one with a transform, which a
  // selected marker's growing must not disturb.
  const html = `<span class="${styles.face}"${data}>${face}</span>`;
  return L.divIcon({
    className: `${styles.marker}${selected ? ` ${styles.selected}` : ''}`,
    html,
    iconSize: [SIZE, SIZE],
    iconAnchor: [SIZE / 2 - dx, SIZE / 2 - dy],
    tooltipAnchor: [dx, dy - SIZE / 2],
  });
}
