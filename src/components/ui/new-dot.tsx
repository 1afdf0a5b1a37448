import styles from './new-dot.module.css';

/** Add to the element a `corner` dot sits on (an icon button). */
export const newDotAnchorClass = styles.anchor;

/**
 * The small 'new' dot (a notice the fan has not opened: docs/product-rules.md, Notices). With a
 * `label` it says the same to a screen reader; without one it is decoration, for a control whose
 * own name says it (an icon button's aria-label).
 */
export function NewDot({ label, corner = false }: { label?: string; corner?: boolean }) {
  const className = corner ? `${styles.dot} ${styles.corner}` : styles.dot;
  return label ? (
    <span className={className} role="img" aria-label={label} data-testid="new-dot" />
  ) : (
    <span className={className} aria-hidden="true" data-testid="new-dot" />
  );
}
