import type { ComponentType } from 'react';
import { ExchangeIcon, HomeIcon, MapPinIcon, UserIcon } from '@/components/ui/icons';
import { useAtomValue, isLoggedInAtom } from '@/state/store';
import type { NavItem } from './visibility';

export interface NavEntry {
  key: NavItem;
  to: '/' | '/exchange' | '/meetup' | '/profile' | '/login';
  Icon: ComponentType;
}

/** The four menu entries shared by the desktop header and the mobile tabs, in order. */
export function useNavEntries(): NavEntry[] {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  return [
    { key: 'home', to: '/', Icon: HomeIcon },
    { key: 'exchange', to: '/exchange', Icon: ExchangeIcon },
    { key: 'meetup', to: '/meetup', Icon: MapPinIcon },
    // docs/product-rules.md, Layout and navigation: the profile entry leads to /login until the
    // user has logged in.
    { key: 'profile', to: isLoggedIn ? '/profile' : '/login', Icon: UserIcon },
  ];
}
