import { Icon, type IconProps } from '@/components/ui/icons';

/**
 * 스캔: a camera frame's corners around a card. Kept beside the scanner, not in ui/icons.tsx: that
 * module is in the entry bundle whole, and only the lazily loaded screens show this one.
 */
export function ScanIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3" />
      <rect x="9" y="7" width="6" height="10" rx="1" />
    </Icon>
  );
}
