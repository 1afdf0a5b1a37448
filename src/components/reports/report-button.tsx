import { reportsKo } from '@/domains/reports/ko';
import styles from './moderation.module.css';

/**
 * The small 신고 button of a post or a comment (docs/operators.md, Moderation); `label` names whose
 * post or comment it is, its visible word first.
 */
export function ReportButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className={styles.reportButton}
      aria-label={label}
      onClick={onClick}
      data-testid="content-report"
    >
      {reportsKo.moderation.report}
    </button>
  );
}
