// The chat screens' own icons, in the shared icon frame (components/ui/icons.tsx): kept here so
// they load with the chat chunk, not the first visit's.
import { Icon, type IconProps } from '@/components/ui/icons';

// drawn at 22 px, a little smaller than the shared icons
const Svg = ({ size = 22, ...props }: IconProps & { children: IconProps['children'] }) => (
  <Icon size={size} {...props} />
);

export function PhotoIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="4" width="18" height="16" rx="2.5" />
      <circle cx="9" cy="10" r="1.75" />
      <path d="m21 16-5-5-9 9" />
    </Svg>
  );
}

export function SendIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 12 20 4l-6 16-2.5-6.5z" />
      <path d="m11.5 13.5 4-4" />
    </Svg>
  );
}

export function MoreIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="5" r="1.2" fill="currentColor" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
      <circle cx="12" cy="19" r="1.2" fill="currentColor" />
    </Svg>
  );
}
