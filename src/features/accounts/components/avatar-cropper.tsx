import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { ko } from '@/i18n/ko-features';
import styles from './avatar-cropper.module.css';

const t = ko.cropper;

/** The crop window on screen (CSS px) and the picture it makes (px): a circle in a square. */
const VIEW = 240;
const OUT = 512;
const ZOOM_MAX = 4;
const KEY_STEP = 12;

interface Offset {
  x: number;
  y: number;
}

/**
 * Crops a picked photo to the round profile picture (docs/accounts.md, Editing the profile): drag
 * the photo or move it with the arrow keys, zoom with the slider, and the circle is what is kept.
 * The result is a 512 px square WebP (PNG where the browser can't write WebP) with the corners
 * transparent, a few tens of KB. Loaded with a dynamic import when a photo is picked, so the
 * screen's chunk stays small.
 */
export function AvatarCropper({
  file,
  onApply,
  onCancel,
}: {
  file: Blob;
  onApply: (blob: Blob) => void;
  onCancel: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const drag = useRef<{ id: number; x: number; y: number; start: Offset } | null>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const [unreadable, setUnreadable] = useState(false);
  const helpId = useId();
  const titleId = useId();

  const src = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(src), [src]);

  useEffect(() => {
    const d = dialogRef.current;
    if (d && !d.open) d.showModal();
  }, []);

  // the photo always covers the circle: scale to cover, then keep the offset inside the edges
  const cover = size ? Math.max(VIEW / size.w, VIEW / size.h) : 1;
  const scale = cover * zoom;
  const clamp = (o: Offset, z = zoom): Offset => {
    if (!size) return o;
    const s = cover * z;
    const maxX = Math.max(0, (size.w * s - VIEW) / 2);
    const maxY = Math.max(0, (size.h * s - VIEW) / 2);
    return {
      x: Math.min(maxX, Math.max(-maxX, o.x)),
      y: Math.min(maxY, Math.max(-maxY, o.y)),
    };
  };

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, start: offset };
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    setOffset(clamp({ x: d.start.x + e.clientX - d.x, y: d.start.y + e.clientY - d.y }));
  }
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, Offset> = {
      ArrowLeft: { x: KEY_STEP, y: 0 },
      ArrowRight: { x: -KEY_STEP, y: 0 },
      ArrowUp: { x: 0, y: KEY_STEP },
      ArrowDown: { x: 0, y: -KEY_STEP },
    };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    setOffset((o) => clamp({ x: o.x + m.x, y: o.y + m.y }));
  }

  async function apply() {
    const img = imgRef.current;
    if (!img || !size) return;
    const canvas = document.createElement('canvas');
    canvas.width = OUT;
    canvas.height = OUT;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    // the photo's top-left corner inside the crop window, in window px
    const left = VIEW / 2 - (size.w * scale) / 2 + offset.x;
    const top = VIEW / 2 - (size.h * scale) / 2 + offset.y;
    ctx.beginPath();
    ctx.arc(OUT / 2, OUT / 2, OUT / 2, 0, Math.PI * 2);
    ctx.clip();
    ctx.drawImage(img, -left / scale, -top / scale, VIEW / scale, VIEW / scale, 0, 0, OUT, OUT);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/webp', 0.9),
    );
    if (blob) onApply(blob);
  }

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={helpId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      data-testid="avatar-cropper"
    >
      <h2 id={titleId} className={styles.title}>
        {t.title}
      </h2>
      <p id={helpId} className={styles.help}>
        {unreadable ? t.unreadable : t.help}
      </p>
      <div
        className={styles.view}
        style={{ width: VIEW, height: VIEW }}
        tabIndex={0}
        role="img"
        aria-label={t.preview}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
        data-testid="avatar-crop-view"
      >
        {src ? (
          <img
            ref={imgRef}
            src={src}
            alt=""
            draggable={false}
            className={styles.photo}
            style={
              size
                ? {
                    width: size.w * scale,
                    height: size.h * scale,
                    left: VIEW / 2 - (size.w * scale) / 2 + offset.x,
                    top: VIEW / 2 - (size.h * scale) / 2 + offset.y,
                  }
                : { visibility: 'hidden' }
            }
            onLoad={(e) =>
              setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })
            }
            onError={() => setUnreadable(true)}
          />
        ) : null}
        <span className={styles.ring} aria-hidden="true" />
      </div>
      <label className={styles.zoom}>
        <span>{t.zoom}</span>
        <input
          type="range"
          min={1}
          max={ZOOM_MAX}
          step={0.05}
          value={zoom}
          onChange={(e) => {
            const z = Number(e.target.value);
            setZoom(z);
            setOffset((o) => clamp(o, z));
          }}
        />
      </label>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {t.cancel}
        </button>
        <button
          type="button"
          className={styles.primary}
          disabled={!size || unreadable}
          onClick={() => void apply()}
          data-testid="avatar-crop-apply"
        >
          {t.apply}
        </button>
      </div>
    </dialog>
  );
}
