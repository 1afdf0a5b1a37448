import type { KeyboardEvent } from 'react';

/**
 * The keys of a write field (a post, a comment). Logged out, typing in it (not Tab, arrows or
 * shortcuts) is the fan trying to write, so it asks them to log in instead; a dialog on mere focus
 * would trap a keyboard user. Logged in, Ctrl/⌘+Enter sends.
 */
export function writeKeyHandler(
  loggedIn: boolean,
  askLogin: () => unknown,
  submit: () => unknown,
): (event: KeyboardEvent<HTMLTextAreaElement>) => void {
  return (event) => {
    if (!loggedIn) {
      const typing = event.key.length === 1 || event.key === 'Enter' || event.key === 'Process';
      if (typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        void askLogin();
      }
      return;
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };
}
