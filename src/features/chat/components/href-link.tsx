import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export interface HrefLinkProps {
  /** An in-app address with its search params, e.g. proposeHref(…). */
  href: string;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * A link to an in-app address given whole (path and search), navigated in the app on a plain
 * click; a real href, so it opens in a new tab too. For screens whose search params another
 * feature owns (/trades/new), so this one does not depend on how that route types them.
 */
export function HrefLink({ href, children, ...rest }: HrefLinkProps) {
  const router = useRouter();
  return (
    <a
      href={href}
      {...rest}
      onClick={(e) => {
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
        e.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </a>
  );
}
