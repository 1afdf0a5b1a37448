import { useEffect } from 'react';
import { ko } from '@/i18n/ko';

/**
 * The tab's title for a screen, '<screen> | 포카마켓': the form the server-rendered pages write
 * (src/i18n/ko-share.ts), so a page keeps its title once the app takes over.
 */
export const screenDocumentTitle = (screen: string) => `${screen} | ${ko.app.name}`;

/**
 * Sets the tab's (and the history entry's) title while a screen is shown. Effects don't run on
 * the server, which writes each rendered page's own <title>.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
