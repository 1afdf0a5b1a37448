import type { Standing } from '@/domains/reports/standing';
import { reportsKo } from '@/domains/reports/ko';
import styles from './moderation.module.css';

/**
 * Why and until when the signed-in fan can't write (docs/operators.md, Moderation), above a form
 * they would write with (the form reads the standing with useOwnStanding and refuses at once).
 */
export function StandingNotice({ standing }: { standing: Standing | null }) {
  if (!standing) return null;
  return (
    <div className={styles.standing} role="status" data-testid="standing-notice">
      <strong>{reportsKo.moderation.standingTitle}</strong>
      <p>{standing.message}</p>
    </div>
  );
}
