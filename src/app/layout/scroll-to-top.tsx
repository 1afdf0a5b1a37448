import { useLayoutEffect } from 'react';
import { usePathname } from './use-pathname';

/** Spec §2: every route change starts at the top of the page. */
export function ScrollToTop() {
  const pathname = usePathname();
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
