import { useLocation } from '@tanstack/react-router';

/** The current pathname; re-renders only when it changes. */
export function usePathname(): string {
  return useLocation({ select: (location) => location.pathname });
}
