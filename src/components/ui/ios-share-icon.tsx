import styles from './ios-share-icon.module.css';

/**
 * The iOS share button (a box with an arrow out of it), drawn inline where a text tells the fan to
 * tap it: as the fan will see it in Safari, in iOS blue. Without `label` it is decoration (the
 * text around it names the button); with one it is an image with that name.
 */
export function IosShareIcon({ label, size = 20 }: { label?: string; size?: number }) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className={styles.share}
      data-testid="ios-share-icon"
      {...a11y}
    >
      {label ? <title>{label}</title> : null}
      <path d="M12 3v12M8 6.5 12 3l4 3.5" />
      <path d="M8.5 10H6.5a1.5 1.5 0 0 0-1.5 1.5v8A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5v-8A1.5 1.5 0 0 0 17.5 10h-2" />
    </svg>
  );
}
