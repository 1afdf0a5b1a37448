import { useId, useRef, useState } from 'react';
import { ko } from '@/i18n/ko-features';
import { normalizeDigits, type BirthParts } from '@/lib/account-validation';
import { DatePicker } from './date-picker';
import type { RegisterForm } from '@/features/accounts/hooks/use-register-form';
import styles from './register.module.css';

const t = ko.register;
const PARTS = [
  { key: 'year', max: 4, label: t.birthYear, placeholder: 'YYYY' },
  { key: 'month', max: 2, label: t.birthMonth, placeholder: 'MM' },
  { key: 'day', max: 2, label: t.birthDay, placeholder: 'DD' },
] as const;

/** Birth date as YYYY / MM / DD (docs/product-rules.md, Sign-up); on desktop also a date picker. */
export function BirthFields({ form, withPicker }: { form: RegisterForm; withPicker: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const pickerButton = useRef<HTMLButtonElement>(null);
  const birth = form.values.birth;
  const error = form.shown('birth');
  const setPart = (key: keyof BirthParts, max: number, raw: string) =>
    form.set('birth', { ...birth, [key]: normalizeDigits(raw, max) });
  const close = () => {
    setOpen(false);
    pickerButton.current?.focus();
  };

  return (
    <fieldset
      className={styles.field}
      aria-describedby={error ? `${id}-error` : undefined}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) form.touch('birth');
      }}
    >
      <legend className={styles.label}>{t.birth}</legend>
      <div className={styles.birthRow}>
        {PARTS.map((p, i) => (
          <span key={p.key} className={styles.birthPart}>
            {i > 0 && (
              <span aria-hidden="true" className={styles.birthSlash}>
                /
              </span>
            )}
            <input
              className={`${styles.input} ${p.key === 'year' ? styles.birthYear : styles.birthShort}`}
              aria-label={p.label}
              placeholder={p.placeholder}
              inputMode="numeric"
              autoComplete={`bday-${p.key}`}
              maxLength={p.max}
              value={birth[p.key]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setPart(p.key, p.max, e.target.value)}
            />
          </span>
        ))}
        {withPicker && (
          <button
            ref={pickerButton}
            type="button"
            className={styles.pickerButton}
            aria-expanded={open}
            aria-label={t.openPicker}
            onClick={() => setOpen((o) => !o)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                fill="currentColor"
                d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 8h14V6H5v2Z"
              />
            </svg>
          </button>
        )}
      </div>
      {open && (
        <DatePicker
          value={birth}
          onClose={close}
          onPick={(parts) => {
            form.set('birth', parts);
            form.touch('birth');
            close();
          }}
        />
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
