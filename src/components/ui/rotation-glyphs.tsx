// Play and pause glyphs for the rotation controls (home banners, meetup strip, event photos).
// Not in icons.tsx, which the entry bundle imports: only screens that rotate load these.
// Decorative: the button around them carries the label.
const common = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'currentColor',
  'aria-hidden': true,
  focusable: false,
} as const;

export function PauseGlyph() {
  return (
    <svg {...common}>
      <rect x="6" y="4.5" width="4" height="15" rx="1" />
      <rect x="14" y="4.5" width="4" height="15" rx="1" />
    </svg>
  );
}

export function PlayGlyph() {
  return (
    <svg {...common}>
      <path d="M7 4.8v14.4a1 1 0 0 0 1.5.9l11.3-7.2a1 1 0 0 0 0-1.7L8.5 3.9A1 1 0 0 0 7 4.8Z" />
    </svg>
  );
}
