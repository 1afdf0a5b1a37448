import { reportsKo } from '@/domains/reports/ko';
import styles from './moderation.module.css';

const m = reportsKo.moderation;

const TEXT = { post: m.hiddenPost, comment: m.hiddenComment, message: m.hiddenMessage } as const;

/**
 * The notice in the place of a post, a comment or a message an admin hid (docs/operators.md,
 * Moderation): the record still syncs, so every device learns it, and only this shows.
 */
export function HiddenNotice({ kind }: { kind: keyof typeof TEXT }) {
  return (
    <p className={styles.hidden} data-testid="hidden-notice">
      {TEXT[kind]}
    </p>
  );
}
