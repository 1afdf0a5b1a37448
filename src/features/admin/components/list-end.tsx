import panels from '@/components/ui/panels.module.css';
import styles from './admin.module.css';

export interface ListEndProps {
  /** Whether a next page may exist: 더 보기 shows. */
  more: boolean;
  /** Whether the list shows anything: the end is said only under a list. */
  shown: boolean;
  /** A page is being read: 더 보기 waits. */
  loading: boolean;
  onMore: () => void;
  moreLabel: string;
  endLabel: string;
  testId: string;
}

/** The foot of a console list: 더 보기 while there may be more, then a line saying it ended. */
export function ListEnd({
  more,
  shown,
  loading,
  onMore,
  moreLabel,
  endLabel,
  testId,
}: ListEndProps) {
  if (more) {
    return (
      <button
        type="button"
        className={`${panels.button} ${styles.more}`}
        disabled={loading}
        onClick={onMore}
        data-testid={testId}
      >
        {moreLabel}
      </button>
    );
  }
  return shown ? <p className={styles.end}>{endLabel}</p> : null;
}
