// Play and pause glyphs for the home screen's rotation controls. Local to home: no other screen
// auto-rotates yet (move them to components/ui/icons.tsx when one does). Decorative: the button
// around them carries the label.
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
