import { useId } from 'react';
import styles from './card-search-box.module.css';

export interface CardSearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** The field's name for screen readers (a <label>, visually hidden). */
  label: string;
  placeholder: string;
}

/**
 * A search field (type search: Esc or the clear button empties it). The text lives in the screen's
 * own state, so it is empty whenever the screen mounts and gone when it unmounts
 * (docs/product-rules.md, Search).
 */
export function CardSearchBox({ value, onChange, label, placeholder }: CardSearchBoxProps) {
  const id = useId();
  return (
    <form role="search" className={styles.box} onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <svg
        className={styles.icon}
        viewBox="0 0 24 24"
        width={20}
        height={20}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="11" cy="11" r="6.5" />
        <path d="m16 16 4.5 4.5" />
      </svg>
      <input
        id={id}
        type="search"
        className={styles.input}
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(e) => onChange(e.target.value)}
        data-testid="card-search"
      />
    </form>
  );
}
