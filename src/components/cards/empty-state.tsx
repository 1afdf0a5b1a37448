import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  title: string;
  body?: ReactNode;
  /** A link or button under the text. */
  action?: ReactNode;
}

/** What a card list shows when it has nothing: a line, a hint, maybe a way on. */
export function EmptyState({ title, body, action }: EmptyStateProps) {
  return (
    <div className={styles.empty} data-testid="card-grid-empty">
      <p className={styles.title}>{title}</p>
      {body ? <p className={styles.body}>{body}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
