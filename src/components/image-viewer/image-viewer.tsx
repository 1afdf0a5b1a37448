import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { koViewer } from '@/i18n/ko-viewer';
import { trapTab, useModalDialog } from '@/components/hooks/use-modal-dialog';
import type { ViewerImage } from './types';
import styles from './image-viewer.module.css';

const t = koViewer.viewer;

export interface ImageViewerProps {
  images: readonly ViewerImage[];
  /** The image shown first. */
  start: number;
  /** What the images are, for the dialog's name ('포토카드 이미지', the event's title). */
  label: string;
  onClose: () => void;
  /** Told the image shown after each switch (the card page follows it with nothing else). */
  onIndexChange?: (index: number) => void;
}

/** Zoom bounds and the double-tap step. */
const MAX_SCALE = 4;
const TAP_SCALE = 2.5;
/** A drag this far (px) switches the image or closes the viewer; less springs back. */
const SWIPE_PX = 60;
const CLOSE_PX = 100;
/** Two taps this close in time (ms) and space (px) are a double tap. */
const DOUBLE_TAP_MS = 320;
const TAP_SLOP_PX = 12;

interface View {
  scale: number;
  x: number;
  y: number;
}
const AT_REST: View = { scale: 1, x: 0, y: 0 };

interface Point {
  x: number;
  y: number;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * The full-screen image viewer (docs/product-rules.md, Image viewer): a modal <dialog> (the page
 * behind is inert, Tab stays inside, focus goes back to the opener on close) over one image of a
 * list. Pinch or double tap zooms (a zoomed image pans under one finger); a sideways swipe goes to
 * the next or previous image, a swipe down closes. Keyboard: ← → switch, + − zoom, Esc closes.
 *
 * Pointer events by hand rather than Swiper's Zoom: one image at a time needs no slide track, and
 * the swipe-down close and the zoom share one gesture state that Swiper would split. The chunk is
 * loaded on the first open (lazy-image-viewer.tsx), so no page ships it before its first paint.
 */
export default function ImageViewer({
  images,
  start,
  label,
  onClose,
  onIndexChange,
}: ImageViewerProps) {
  const count = images.length;
  const [index, setIndex] = useState(() => clamp(start, 0, Math.max(0, count - 1)));
  const [view, setView] = useState<View>(AT_REST);
  /** The un-zoomed drag: sideways (switch) or down (close), applied as a translation. */
  const [drag, setDrag] = useState<Point>({ x: 0, y: 0 });
  const [animating, setAnimating] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useModalDialog(true, closeRef);
  // The viewer is mounted only while open, so focus goes back to the opener as it unmounts (read
  // during the first render, before showModal moves focus).
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(
    () => () => {
      if (opener?.isConnected) opener.focus();
    },
    [opener],
  );
  const stageRef = useRef<HTMLDivElement>(null);

  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{
    start: Point;
    startView: View;
    pinchDistance: number;
    pinchCentre: Point;
    moved: boolean;
    axis: 'x' | 'y' | null;
  } | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);

  const image = images[index];
  const zoomed = view.scale > 1.01;

  const go = useCallback(
    (next: number) => {
      if (next < 0 || next >= count) return;
      setIndex(next);
      setView(AT_REST);
      setDrag({ x: 0, y: 0 });
      onIndexChange?.(next);
    },
    [count, onIndexChange],
  );

  // Keep the pan inside the image: at scale s the picture overhangs the stage by (s - 1) / 2 of
  // its size on each side.
  const bound = useCallback((v: View): View => {
    const box = stageRef.current?.getBoundingClientRect();
    if (!box || v.scale <= 1) return AT_REST;
    const mx = ((v.scale - 1) * box.width) / 2;
    const my = ((v.scale - 1) * box.height) / 2;
    return { scale: v.scale, x: clamp(v.x, -mx, mx), y: clamp(v.y, -my, my) };
  }, []);

  /** Zoom to `scale` keeping the stage point `at` (client coordinates) where it is. */
  const zoomAt = useCallback(
    (from: View, scale: number, at: Point | null): View => {
      const box = stageRef.current?.getBoundingClientRect();
      const next = clamp(scale, 1, MAX_SCALE);
      if (!box || next <= 1) return AT_REST;
      const cx = at ? at.x - (box.left + box.width / 2) : 0;
      const cy = at ? at.y - (box.top + box.height / 2) : 0;
      const k = next / from.scale;
      return bound({ scale: next, x: cx - (cx - from.x) * k, y: cy - (cy - from.y) * k });
    },
    [bound],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    trapTab(e);
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(index + 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(index - 1);
    } else if (e.key === '+' || e.key === '=') {
      e.preventDefault();
      setView((v) => zoomAt(v, v.scale * 1.5, null));
    } else if (e.key === '-') {
      e.preventDefault();
      setView((v) => zoomAt(v, v.scale / 1.5, null));
    }
  };

  // Esc: the dialog's cancel event; close through the owner so `open` stays the one truth.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const cancel = (e: Event) => {
      e.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', cancel);
    return () => dialog.removeEventListener('cancel', cancel);
  }, [dialogRef, onClose]);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    setAnimating(false);
    const pts = [...pointers.current.values()];
    gesture.current = {
      start: { x: e.clientX, y: e.clientY },
      startView: view,
      pinchDistance: pts.length >= 2 ? distance(pts[0]!, pts[1]!) : 0,
      pinchCentre:
        pts.length >= 2
          ? { x: (pts[0]!.x + pts[1]!.x) / 2, y: (pts[0]!.y + pts[1]!.y) / 2 }
          : { x: e.clientX, y: e.clientY },
      moved: pts.length >= 2,
      axis: null,
    };
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || !pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pts = [...pointers.current.values()];
    if (pts.length >= 2 && g.pinchDistance > 0) {
      const scale = g.startView.scale * (distance(pts[0]!, pts[1]!) / g.pinchDistance);
      setView(zoomAt(g.startView, scale, g.pinchCentre));
      return;
    }
    const dx = e.clientX - g.start.x;
    const dy = e.clientY - g.start.y;
    if (!g.moved && Math.hypot(dx, dy) < TAP_SLOP_PX) return;
    g.moved = true;
    if (g.startView.scale > 1.01) {
      setView(bound({ ...g.startView, x: g.startView.x + dx, y: g.startView.y + dy }));
      return;
    }
    g.axis ??= Math.abs(dx) >= Math.abs(dy) ? 'x' : 'y';
    setDrag(g.axis === 'x' ? { x: dx, y: 0 } : { x: 0, y: Math.max(0, dy) });
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!pointers.current.delete(e.pointerId) || !g) return;
    if (pointers.current.size > 0) {
      // one finger of a pinch lifted: the other one goes on as a pan from here
      const [rest] = [...pointers.current.values()];
      gesture.current = { ...g, start: rest!, startView: view, pinchDistance: 0, axis: null };
      return;
    }
    gesture.current = null;
    setAnimating(true);
    if (!g.moved) {
      const point = { x: e.clientX, y: e.clientY };
      const last = lastTap.current;
      if (last && e.timeStamp - last.at < DOUBLE_TAP_MS && distance(last.point, point) < 30) {
        lastTap.current = null;
        setView((v) => (v.scale > 1.01 ? AT_REST : zoomAt(v, TAP_SCALE, point)));
      } else {
        lastTap.current = { at: e.timeStamp, point };
      }
      return;
    }
    lastTap.current = null;
    if (g.startView.scale > 1.01) return;
    if (g.axis === 'y' && drag.y > CLOSE_PX) {
      onClose();
      return;
    }
    if (g.axis === 'x' && drag.x <= -SWIPE_PX && index < count - 1) go(index + 1);
    else if (g.axis === 'x' && drag.x >= SWIPE_PX && index > 0) go(index - 1);
    setDrag({ x: 0, y: 0 });
  };

  const onPointerCancel = (e: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size === 0) {
      gesture.current = null;
      setAnimating(true);
      setDrag({ x: 0, y: 0 });
    }
  };

  // A drag down fades the backdrop, so the page seems to come back as the image goes.
  const fade = 1 - Math.min(0.6, drag.y / 400);
  const transform = zoomed
    ? `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.scale})`
    : `translate3d(${drag.x}px, ${drag.y}px, 0)`;

  return (
    <dialog
      ref={dialogRef}
      className={styles.viewer}
      aria-label={t.dialogLabel(label)}
      data-testid="image-viewer"
      data-index={index}
      data-zoomed={zoomed}
      onKeyDown={onKeyDown}
      style={{ ['--viewer-fade' as string]: String(fade) }}
    >
      <div className={styles.bar}>
        <p className={styles.position} data-testid="image-viewer-position">
          <span aria-hidden="true">{t.position(index + 1, count)}</span>
          <span className="visually-hidden">{t.positionLabel(index + 1, count)}</span>
        </p>
        <div className={styles.tools}>
          <button
            type="button"
            className={styles.tool}
            aria-label={t.zoomOut}
            disabled={!zoomed}
            onClick={() => setView((v) => zoomAt(v, v.scale / 1.5, null))}
          >
            <span aria-hidden="true">−</span>
          </button>
          <button
            type="button"
            className={styles.tool}
            aria-label={t.zoomIn}
            disabled={view.scale >= MAX_SCALE}
            onClick={() => setView((v) => zoomAt(v, v.scale * 1.5, null))}
          >
            <span aria-hidden="true">+</span>
          </button>
          <button
            ref={closeRef}
            type="button"
            className={styles.tool}
            aria-label={t.close}
            onClick={onClose}
            data-testid="image-viewer-close"
          >
            <svg viewBox="0 0 24 24" width={22} height={22} aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth={2.2}
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
      </div>
      <div
        ref={stageRef}
        className={styles.stage}
        data-testid="image-viewer-stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
      >
        {image ? (
          <ViewerPicture
            key={image.src}
            image={image}
            className={animating ? `${styles.image} ${styles.settle}` : styles.image}
            transform={transform}
          />
        ) : null}
      </div>
      <p className={styles.hint}>{t.hint}</p>
      {count > 1 ? (
        <>
          <button
            type="button"
            className={`${styles.nav} ${styles.prev}`}
            aria-label={t.previous}
            disabled={index === 0}
            onClick={() => go(index - 1)}
            data-testid="image-viewer-prev"
          >
            <Chevron left />
          </button>
          <button
            type="button"
            className={`${styles.nav} ${styles.next}`}
            aria-label={t.next}
            disabled={index === count - 1}
            onClick={() => go(index + 1)}
            data-testid="image-viewer-next"
          >
            <Chevron />
          </button>
        </>
      ) : null}
    </dialog>
  );
}

/**
 * The picture. The big variants of srcSet suit a full screen, but offline only what the page
 * showed is surely kept (the service worker answers a file it never saw with a placeholder): with
 * no network the viewer shows the page's own copy (`shownSrc`, else `src`), and a failed load
 * falls back to it too (docs/files.md, Images offline).
 */
function ViewerPicture({
  image,
  className,
  transform,
}: {
  image: ViewerImage;
  className: string | undefined;
  transform: string;
}) {
  const [plain, setPlain] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  return (
    <img
      className={className}
      src={plain ? (image.shownSrc ?? image.src) : image.src}
      srcSet={plain ? undefined : image.srcSet || undefined}
      sizes={plain || !image.srcSet ? undefined : '100vw'}
      alt={image.alt}
      draggable={false}
      decoding="async"
      style={{ transform }}
      onError={() => setPlain(true)}
      data-testid="image-viewer-image"
    />
  );
}

function Chevron({ left = false }: { left?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width={26} height={26} aria-hidden="true">
      <path
        d={left ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth={2.4}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
