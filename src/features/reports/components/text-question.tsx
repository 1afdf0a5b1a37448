import { useId, type FocusEvent, type Ref } from 'react';
import { ko } from '@/i18n/ko-features';
import { REPORT_MAX } from '@/features/reports/report-rules';
import { Question, QuestionLabel } from './question';
import styles from './reports.module.css';

export interface TextQuestionProps {
  n: number;
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  placeholder?: string;
  type?: 'text' | 'url';
  /** Suggestions shown under the field (free text is still allowed). */
  suggestions?: readonly string[];
  /** The server's limit for the field (pb_migrations), in characters. */
  maxLength: number;
  /** A Korean message under the field, or null. */
  error?: string | null;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A one-line text question (group, member, card name, cafe, duration, source link). */
export function TextQuestion({
  n,
  label,
  value,
  onChange,
  testId,
  placeholder,
  type = 'text',
  suggestions,
  maxLength,
  error = null,
  onBlur,
  inputRef,
}: TextQuestionProps) {
  const id = useId();
  const listId = useId();
  const errorId = useId();
  return (
    <Question testId={testId}>
      <label className={styles.label} htmlFor={id}>
        <QuestionLabel n={n} label={label} />
      </label>
      <input
        ref={inputRef}
        id={id}
        className={styles.input}
        type={type}
        value={value}
        placeholder={placeholder}
        required
        maxLength={maxLength}
        autoComplete="off"
        inputMode={type === 'url' ? 'url' : undefined}
        list={suggestions?.length ? listId : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        data-testid={`${testId}-input`}
      />
      {suggestions?.length ? (
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
      {error ? (
        <p className={styles.error} id={errorId} role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </Question>
  );
}

type NamedQuestionProps = Omit<
  TextQuestionProps,
  'label' | 'maxLength' | 'placeholder' | 'testId' | 'type' | 'suggestions'
>;

/** The group question of both forms: free text, with the app's groups as suggestions. */
export function GroupQuestion(props: NamedQuestionProps & { suggestions: readonly string[] }) {
  return (
    <TextQuestion
      {...props}
      label={ko.reports.group}
      maxLength={REPORT_MAX.group}
      placeholder={ko.reports.groupPlaceholder}
      testId="report-group"
    />
  );
}

/** The member (artist) question of both forms. */
export function ArtistQuestion(props: NamedQuestionProps) {
  return (
    <TextQuestion
      {...props}
      label={ko.reports.artistName}
      maxLength={REPORT_MAX.artistName}
      placeholder={ko.reports.artistPlaceholder}
      testId="report-artistName"
    />
  );
}
