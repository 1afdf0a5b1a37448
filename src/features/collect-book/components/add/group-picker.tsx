import { useId } from 'react';
import { fileUrl } from '@/data/pb/files';
import { ko } from '@/i18n/ko-features';
import { useGroups } from '@/domains/catalogue/hooks';
import styles from './group-picker.module.css';

export interface GroupPickerProps {
  value: string | null;
  onChange: (groupId: string) => void;
  disabled?: boolean;
  /** Keep the legend for screen readers only (the mobile step's heading already says it). */
  hideLegend?: boolean;
}

/**
 * The group choice as a radio group of logos: native radios (visually hidden) give the arrow-key
 * moves, the checked state and the group's name to screen readers; the tile is their label.
 */
export function GroupPicker({
  value,
  onChange,
  disabled = false,
  hideLegend = false,
}: GroupPickerProps) {
  const groups = useGroups();
  const name = useId();

  return (
    <fieldset className={styles.fieldset} disabled={disabled} data-testid="book-groups">
      <legend className={hideLegend ? 'visually-hidden' : styles.legend}>
        {ko.collectBookAdd.groupLegend}
      </legend>
      {groups === undefined ? (
        <p className={styles.status} role="status">
          {ko.collectBookAdd.groupsLoading}
        </p>
      ) : groups.length === 0 ? (
        <p className={styles.status}>{ko.collectBookAdd.noGroups}</p>
      ) : (
        <div className={styles.grid}>
          {groups.map((g) => {
            const logo = g.logoImage ? fileUrl('groups', g.id, g.logoImage, '100x100') : '';
            return (
              <label key={g.id} className={styles.tile} data-testid="book-group">
                <input
                  className={`visually-hidden ${styles.radio}`}
                  type="radio"
                  name={name}
                  value={g.id}
                  checked={value === g.id}
                  onChange={() => onChange(g.id)}
                />
                <span className={styles.logoFrame}>
                  {logo ? (
                    <img className={styles.logo} src={logo} alt="" width={64} height={64} />
                  ) : (
                    <span className={styles.initial} aria-hidden="true">
                      {g.groupName.slice(0, 1)}
                    </span>
                  )}
                </span>
                <span className={styles.name}>{g.groupName}</span>
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
