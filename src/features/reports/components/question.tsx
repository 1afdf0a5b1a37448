import type { ReactNode } from 'react';
import { ko } from '@/i18n/ko-features';
import styles from './reports.module.css';

export interface QuestionLabelProps {
  /** The question's number in the form (1-based). */
  n: number;
  label: string;
  optional?: boolean;
}

/** The numbered heading text of a question: '1 그룹 필수'. */
export function QuestionLabel({ n, label, optional = false }: QuestionLabelProps) {
  return (
    <>
      <span className={styles.step} aria-hidden="true">
        {n}
      </span>
      <span>{label}</span>
      {/* 'required' is told by the inputs' own required state; the tag is for the eye */}
      <span className={styles.tag} aria-hidden={optional ? undefined : true}>
        {optional ? ko.reports.optional : ko.reports.required}
      </span>
    </>
  );
}

export interface QuestionProps {
  children: ReactNode;
  testId: string;
}

/** One question of a report form; it mounts when the questions before it are answered. */
export function Question({ children, testId }: QuestionProps) {
  return (
    <div className={styles.question} data-testid={testId}>
      {children}
    </div>
  );
}
