import { useState } from 'react';
import { useMessagePhotoUrl } from '@/domains/chat/hooks';
import { fileUrl, withFileToken } from '@/data/pb/files';
import { useFileToken, type FileTokenState } from '@/data/pb/file-token';
import type { Message } from '@/data/pb/records';
import { koChat } from '@/features/chat/ko';
import styles from './thread-screen.module.css';

const c = koChat.chat;

/** The 400 px wide rendition the field lists (docs/trades.md, messages). */
const THUMB = '400x0';

/**
 * A sent photo's URL: message photos are protected files (docs/files.md), served only with a file
 * token of one of the two fans. Offline, or with no token to be had, the token-less URL goes to
 * the service worker, which answers from its cache; '' while the first token is on its way.
 */
export function messagePhotoUrl(message: Message, t: FileTokenState, thumb?: string): string {
  const url = fileUrl('messages', message.id, message.image, thumb);
  if (!url) return '';
  if (t.token) return withFileToken(url, t.token);
  return t.settled ? url : '';
}

export interface MessagePhotoProps {
  message: Message;
  alt: string;
  onOpen: (src: string) => void;
}

/**
 * A message's photo: the queued file itself until it is uploaded, then the server's copy. Opens
 * larger on a tap.
 */
export function MessagePhoto({ message, alt, onOpen }: MessagePhotoProps) {
  const pending = useMessagePhotoUrl(message.id);
  const token = useFileToken();
  const [failed, setFailed] = useState('');
  const src = pending ?? messagePhotoUrl(message, token, THUMB);
  const full = pending ?? messagePhotoUrl(message, token);
  if (!src) return <span className={styles.photoWaiting} aria-hidden="true" />;
  if (failed === src) return <span className={styles.photoFailed}>{c.photoUnavailable}</span>;
  return (
    <button
      type="button"
      className={styles.photoButton}
      onClick={() => onOpen(full || src)}
      aria-label={`${alt}, ${c.openPhoto}`}
    >
      <img
        className={styles.photo}
        src={src}
        alt={alt}
        onError={() => setFailed(src)}
        loading="lazy"
        decoding="async"
        data-testid="message-photo"
      />
    </button>
  );
}
