import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';

interface PlainLinkProps {
  to: '/' | '/about' | '/notices' | '/faq' | '/guide' | '/terms' | '/privacy';
  className?: string;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * An in-app anchor that never marks itself current. <Link> adds aria-current="page" when its
 * target is the current page; for the logo and footer links only the menu's HOME item should.
 */
export function PlainLink({ to, children, ...rest }: PlainLinkProps) {
  const navigate = useNavigate();

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    // Let the browser handle new-tab and download gestures.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void navigate({ to });
  }

  return (
    <a href={to} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
