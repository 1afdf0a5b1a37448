import { koShareButton } from '@/i18n/ko-my-space';
import { toast } from './toast';
import { Icon } from './icons';
import iconButton from './icon-button.module.css';
import styles from './share-button.module.css';

const t = koShareButton;

export interface ShareButtonProps {
  /** The app path to share (`/exchangeDetail/…`); made absolute with this page's origin. */
  path: string;
  /** What the share sheet calls it (the page's own title). */
  title: string;
  /** Show the word next to the icon (the public book page); icon only otherwise. */
  withLabel?: boolean;
  testId?: string;
}

/** The absolute address of `path` on this origin, the one a logged-out visitor opens. */
export function shareUrl(path: string, origin: string): string {
  return new URL(path, origin).toString();
}

/**
 * Share a page (docs/product-rules.md, Exchange posts: Share): the system share sheet where the browser has one
 * (`navigator.share`, phones), otherwise the link goes to the clipboard with a toast. Closing the
 * share sheet is no error; a share the browser refuses falls back to the clipboard. Nothing loads
 * until the click, so the server-rendered pages it sits on carry only this button's markup.
 */
export function ShareButton({ path, title, withLabel = false, testId }: ShareButtonProps) {
  async function share() {
    const url = shareUrl(path, window.location.origin);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t.copied);
    } catch {
      toast.error(t.failed);
    }
  }

  return (
    <button
      type="button"
      className={withLabel ? styles.labelled : iconButton.iconButton}
      onClick={() => void share()}
      aria-label={withLabel ? undefined : t.label}
      data-testid={testId ?? 'share-button'}
    >
      <Icon size={22}>
        <circle cx="18" cy="5" r="2.5" />
        <circle cx="6" cy="12" r="2.5" />
        <circle cx="18" cy="19" r="2.5" />
        <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
      </Icon>
      {withLabel ? <span>{t.label}</span> : null}
    </button>
  );
}
