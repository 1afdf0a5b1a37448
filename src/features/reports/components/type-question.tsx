import { useId } from 'react';
import { ko } from '@/i18n/ko-features';
import { QuestionLabel } from './question';
import styles from './reports.module.css';

export interface TypeQuestionProps {
  n: number;
  value: string;
  onChange: (value: string) => void;
}

/**
 * The photo card type (docs/product-rules.md, Reports): one of 앨범, 특전, 팬싸, 시즌그리팅, 기타, as radio
 * chips.
 */
export function TypeQuestion({ n, value, onChange }: TypeQuestionProps) {
  const name = useId();
  return (
    <fieldset className={styles.question} data-testid="report-phocaType">
      <legend className={styles.label}>
        <QuestionLabel n={n} label={ko.reports.phocaType} />
      </legend>
      <div className={styles.chips}>
        {ko.photoCardTypes.map((type) => (
          <label key={type} className={styles.chip}>
            <input
              className="visually-hidden"
              type="radio"
              name={name}
              value={type}
              checked={value === type}
              required
              onChange={() => onChange(type)}
            />
            {type}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
