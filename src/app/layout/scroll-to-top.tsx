import { useLayoutEffect } from 'react';
import { usePathname } from './use-pathname';

/**
 * Every route change starts at the top of the page (docs/product-rules.md, Layout and navigation).
 */
export function ScrollToTop() {
  const pathname = usePathname();
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
