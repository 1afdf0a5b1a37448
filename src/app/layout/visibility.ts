// Which parts of the main layout show on which path. Pure, so the rules of docs/product-rules.md,
// Layout and navigation, are unit-tested without rendering. Paths compare case-insensitively
// because the router matches case-insensitively (/LikeDetail and /likeDetail are the same screen).

/** The mobile top bar is hidden on paths starting with these. */
const TOP_BAR_HIDDEN_PREFIXES = [
  '/profilesetting',
  '/alert',
  '/collectbook',
  '/mybias',
  '/logininfo',
  '/meetupdetail',
  '/likedetail',
  '/informus',
];

/** …and on paths containing these. */
const TOP_BAR_HIDDEN_PARTS = ['/photocardsubmit', '/meetupsubmit'];

export function shouldHideTopBar(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return (
    TOP_BAR_HIDDEN_PREFIXES.some((prefix) => path.startsWith(prefix)) ||
    TOP_BAR_HIDDEN_PARTS.some((part) => path.includes(part))
  );
}

/** The footer is hidden on /meetup (the full-height map), and only there. */
export function shouldShowFooter(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return path !== '/meetup';
}

export type NavItem = 'home' | 'exchange' | 'meetup' | 'profile';

const PROFILE_AREA = [
  '/profile',
  '/profilesetting',
  '/logininfo',
  '/likedetail',
  '/collectbook',
  '/mybias',
  '/informus',
  '/login',
  '/register',
];

function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

/** The menu item (desktop header and mobile tabs) that a path belongs to, if any. */
export function activeNavItem(pathname: string): NavItem | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (path === '/') return 'home';
  if (isUnder(path, '/exchange') || isUnder(path, '/exchangedetail')) return 'exchange';
  if (isUnder(path, '/meetup') || isUnder(path, '/meetupdetail')) return 'meetup';
  if (PROFILE_AREA.some((base) => isUnder(path, base))) return 'profile';
  return null;
}
