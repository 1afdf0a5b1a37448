import { useId } from 'react';
import { koContent } from '@/features/content/ko';
import styles from './content.module.css';

const t = koContent.content;

/** The search field of the FAQ and the guide: filters as the fan types. */
export function SearchBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.search} role="search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={styles.searchInput}
        placeholder={t.searchPlaceholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      {value ? (
        <button
          type="button"
          className={styles.searchClear}
          aria-label={t.searchClear}
          onClick={() => onChange('')}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}

/** The count of matches (announced politely) or the empty line. */
export function SearchResult({ query, count }: { query: string; count: number }) {
  if (!query.trim()) return null;
  return count ? (
    <p className={styles.count} role="status">
      {t.searchCount(count)}
    </p>
  ) : (
    <p className={styles.empty} role="status" data-testid="search-empty">
      {t.searchEmpty(query.trim())}
    </p>
  );
}
