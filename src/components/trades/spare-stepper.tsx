import type { KeyboardEvent } from 'react';
import { koTradeLists } from '@/i18n/ko-trade-lists';
import styles from './spare-stepper.module.css';

/** Spare copies a have item may carry (docs/trades.md, `tradeItems.spare`: 1–99 on the have list). */
export const SPARE_MIN = 1;
export const SPARE_STEP_MAX = 99;

const t = koTradeLists.spare;

export interface SpareStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** Names the card for screen readers when several steppers share a screen. */
  label?: string;
  disabled?: boolean;
  testId?: string;
}

/**
 * − n장 +: the spare copies of a card on the have list, 1 to 99. A spinbutton for assistive tech
 * (arrow keys, Page Up/Down by 10, Home/End), two buttons for a thumb.
 */
export function SpareStepper({ value, onChange, label, disabled, testId }: SpareStepperProps) {
  const set = (n: number) => {
    const next = Math.min(SPARE_STEP_MAX, Math.max(SPARE_MIN, n));
    if (next !== value) onChange(next);
  };
  function onKeyDown(e: KeyboardEvent) {
    const step: Record<string, number> = {
      ArrowUp: 1,
      ArrowRight: 1,
      ArrowDown: -1,
      ArrowLeft: -1,
      PageUp: 10,
      PageDown: -10,
    };
    if (e.key in step) set(value + step[e.key]!);
    else if (e.key === 'Home') set(SPARE_MIN);
    else if (e.key === 'End') set(SPARE_STEP_MAX);
    else return;
    e.preventDefault();
  }
  return (
    <div className={styles.stepper} data-testid={testId}>
      <button
        type="button"
        className={styles.step}
        onClick={() => set(value - 1)}
        disabled={disabled || value <= SPARE_MIN}
        aria-label={t.decrease}
        tabIndex={-1}
      >
        −
      </button>
      <span
        className={styles.value}
        role="spinbutton"
        tabIndex={disabled ? -1 : 0}
        aria-label={label ?? t.label}
        aria-valuemin={SPARE_MIN}
        aria-valuemax={SPARE_STEP_MAX}
        aria-valuenow={value}
        aria-valuetext={t.value(value)}
        aria-disabled={disabled || undefined}
        onKeyDown={disabled ? undefined : onKeyDown}
        data-testid={testId ? `${testId}-value` : undefined}
      >
        {t.value(value)}
      </span>
      <button
        type="button"
        className={styles.step}
        onClick={() => set(value + 1)}
        disabled={disabled || value >= SPARE_STEP_MAX}
        aria-label={t.increase}
        tabIndex={-1}
      >
        +
      </button>
    </div>
  );
}
