import { useEffect, useRef, useState } from 'react';
import { SparkleIcon } from '@/components/ui/icons';
import { noticeIconClass } from '@/components/ui/notice-card';
import { ko } from '@/i18n/ko-features';
import { GroupPicker } from './group-picker';
import { ThumbnailField } from './thumbnail-field';
import { TitleField } from './title-field';
import { useBookDraft } from '@/features/collect-book/hooks/use-book-draft';
import { useSaveBook } from '@/features/collect-book/hooks/use-save-book';
import styles from './add.module.css';

const STEPS = 3;

/**
 * Phones: a 3-step slider (docs/product-rules.md, Add a collect book). 1: the group (Next once one
 * is chosen). 2: the title (enabled once a group is chosen; '확인' once it is not blank), then the
 * cover image (enabled once the title is confirmed), then save (once an image is chosen). 3: done,
 * then /profile. Previous goes back to step 1 and forgets step 2. Steps off screen are inert, so
 * Tab never reaches them.
 */
export function MobileAdd() {
  const draft = useBookDraft();
  const { saving, savedId, save } = useSaveBook(draft);
  const [step, setStep] = useState(0);
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const moved = useRef(false);
  const shown = savedId ? 2 : step;

  // Moves focus to the new step's heading, but not on the first render.
  useEffect(() => {
    if (!moved.current) {
      moved.current = true;
      return;
    }
    headings.current[shown]?.focus();
  }, [shown]);

  function previous() {
    draft.resetAfterGroup();
    setStep(0);
  }

  const heading = (i: number) => (
    <h2
      className={styles.stepTitle}
      tabIndex={-1}
      ref={(el) => {
        headings.current[i] = el;
      }}
    >
      {ko.collectBookAdd.stepTitles[i]}
    </h2>
  );

  return (
    <div className={styles.mobile} data-testid="book-add-mobile">
      <div className={styles.progress}>
        <span data-testid="book-step">{ko.collectBookAdd.step(shown + 1, STEPS)}</span>
        <span className={styles.bar} aria-hidden="true">
          <span style={{ width: `${((shown + 1) / STEPS) * 100}%` }} />
        </span>
      </div>
      <div className={styles.viewport} role="group" aria-label={ko.collectBookAdd.stepsLabel}>
        <div className={styles.track} style={{ transform: `translateX(-${shown * 100}%)` }}>
          <section className={styles.slide} inert={shown !== 0} aria-hidden={shown !== 0}>
            {heading(0)}
            <GroupPicker value={draft.group} onChange={draft.setGroup} hideLegend />
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.primary}
                disabled={!draft.group}
                onClick={() => setStep(1)}
                data-testid="book-next"
              >
                {ko.collectBookAdd.next}
              </button>
            </div>
          </section>
          <section className={styles.slide} inert={shown !== 1} aria-hidden={shown !== 1}>
            {heading(1)}
            <TitleField
              value={draft.title}
              onChange={draft.setTitle}
              disabled={!draft.group || saving}
              confirm={{ confirmed: draft.titleConfirmed, onConfirm: draft.confirmTitle }}
            />
            <ThumbnailField
              thumbnail={draft.thumbnail}
              error={draft.thumbnailError}
              onChoose={draft.chooseThumbnail}
              disabled={!draft.titleConfirmed || saving}
            />
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.secondary}
                onClick={previous}
                disabled={saving}
                data-testid="book-previous"
              >
                {ko.collectBookAdd.previous}
              </button>
              <button
                type="button"
                className={styles.primary}
                disabled={!draft.titleConfirmed || !draft.thumbnail || saving}
                onClick={() => void save()}
                data-testid="book-save"
              >
                {saving ? ko.collectBookAdd.saving : ko.collectBookAdd.save}
              </button>
            </div>
          </section>
          <section className={styles.slide} inert={shown !== 2} aria-hidden={shown !== 2}>
            {heading(2)}
            <div className={styles.done} data-testid="book-done">
              <span className={noticeIconClass} aria-hidden="true">
                <SparkleIcon size={32} />
              </span>
              <p className={styles.doneTitle} role="status">
                {savedId ? ko.collectBookAdd.doneTitle : ''}
              </p>
              <p className={styles.doneBody}>{ko.collectBookAdd.doneBody}</p>
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
