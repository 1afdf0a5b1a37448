/**
 * 카드 병합 in the 카탈로그 section (docs/operators.md, Merging two cards): two cards picked from
 * the list (or by their ids) side by side, with their images, names and like counts; the admin
 * chooses the one that stays and confirms. The server moves every like, list item, book, post and
 * proposal of the other card to it in one transaction and keeps the other as a hidden redirect;
 * the panel then says how many rows of each kind moved. A refusal (409: a card already merged;
 * 400) shows in the server's words.
 */
import { useId, useState, type FormEvent, type RefObject } from 'react';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/hooks/use-confirm';
import { refusalOf } from '@/features/admin/api';
import { koAdmin } from '@/features/admin/ko';
import admin from '@/features/admin/components/admin.module.css';
import panels from '@/components/ui/panels.module.css';
import { getCard, mergeCards, RECORD_ID, type AdminCard, type MergeAnswer } from './api';
import { CardFacts, CardThumb, cardName } from './card-view';
import { koCatalogue as t } from './ko';
import styles from './catalogue.module.css';

interface Result {
  survivor: string;
  loser: string;
  moved: Record<string, number>;
}

export function MergePanel({
  picks,
  groupsKo,
  headingRef,
  onAdd,
  onRemove,
  onClear,
  onMerged,
}: {
  /** The candidates, at most two. */
  picks: readonly AdminCard[];
  groupsKo: ReadonlyMap<string, string>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onAdd: (card: AdminCard) => void;
  onRemove: (id: string) => void;
  onClear: () => void;
  onMerged: (answer: MergeAnswer) => void;
}) {
  const uid = useId();
  const confirm = useConfirm();
  const [chosen, setChosen] = useState('');
  const [idText, setIdText] = useState('');
  const [idError, setIdError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [merging, setMerging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  const survivor = picks.find((p) => p.id === chosen) ?? null;
  const loser = survivor ? (picks.find((p) => p.id !== chosen) ?? null) : null;

  async function addById(event: FormEvent) {
    event.preventDefault();
    const id = idText.trim();
    setIdError(null);
    if (!RECORD_ID.test(id)) return setIdError(t.mergeIdInvalid);
    if (picks.some((p) => p.id === id)) return setIdError(t.mergeAlready);
    if (picks.length >= 2) return setIdError(t.mergeFull);
    setAdding(true);
    try {
      const card = await getCard(id);
      if (!card) setIdError(t.mergeNotFound);
      else {
        onAdd(card);
        setIdText('');
        setResult(null);
      }
    } catch (err) {
      setIdError(refusalOf(err, koAdmin.failed).message);
    } finally {
      setAdding(false);
    }
  }

  async function merge() {
    if (!survivor || !loser) return;
    const ok = await confirm({
      title: t.mergeConfirmTitle,
      message: t.mergeConfirm(cardName(loser), cardName(survivor)),
      confirmLabel: t.merge,
      destructive: true,
    });
    if (!ok) return;
    setMerging(true);
    setError(null);
    try {
      const answer = await mergeCards(survivor.id, loser.id);
      setResult({ survivor: cardName(survivor), loser: cardName(loser), moved: answer.moved });
      setChosen('');
      toast.success(t.merged);
      onMerged(answer);
    } catch (err) {
      setError(refusalOf(err, koAdmin.failed).message);
    } finally {
      setMerging(false);
    }
  }

  const slots = [picks[0] ?? null, picks[1] ?? null];
  return (
    <section
      className={panels.panel}
      aria-labelledby={`${uid}-title`}
      data-testid="catalogue-merge"
    >
      <h3 id={`${uid}-title`} className={panels.panelTitle} ref={headingRef} tabIndex={-1}>
        {t.mergeTitle}
      </h3>
      <p className={styles.note}>{t.mergeIntro}</p>

      <form className={styles.idEntry} onSubmit={(e) => void addById(e)} noValidate>
        <label htmlFor={`${uid}-id`} className={admin.label}>
          {t.mergeById}
        </label>
        <input
          id={`${uid}-id`}
          className={admin.input}
          value={idText}
          onChange={(e) => setIdText(e.target.value)}
          placeholder={t.cardId}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={idError ? true : undefined}
          aria-describedby={idError ? `${uid}-id-error` : undefined}
          data-testid="catalogue-merge-id"
        />
        <button
          type="submit"
          className={panels.button}
          disabled={adding}
          data-testid="catalogue-merge-add"
        >
          {t.mergeAdd}
        </button>
        {idError ? (
          <p
            id={`${uid}-id-error`}
            className={`${admin.fieldError} ${styles.span}`}
            role="alert"
            data-testid="catalogue-merge-id-error"
          >
            {idError}
          </p>
        ) : null}
      </form>

      <fieldset className={styles.candidates}>
        <legend>{picks.length === 2 ? t.survivorLegend : t.mergeCandidates}</legend>
        {slots.map((card, i) =>
          card ? (
            <div
              key={card.id}
              className={`${styles.candidate} ${card.id === chosen ? styles.candidateSurvivor : ''}`}
              data-testid="catalogue-merge-candidate"
              data-card-id={card.id}
            >
              {survivor ? (
                <span
                  className={`${styles.roleBadge} ${card.id === chosen ? '' : styles.roleBadgeMuted}`}
                >
                  {card.id === chosen ? t.keepBadge : t.loseBadge}
                </span>
              ) : null}
              <CardThumb card={card} width={128} className={styles.candidateImage} />
              <CardFacts card={card} groupsKo={groupsKo} />
              {picks.length === 2 ? (
                <label className={styles.radio}>
                  <input
                    type="radio"
                    name={`${uid}-survivor`}
                    value={card.id}
                    checked={card.id === chosen}
                    onChange={() => setChosen(card.id)}
                    data-testid="catalogue-merge-keep"
                  />
                  {t.keep}
                </label>
              ) : null}
              <button
                type="button"
                className={`${panels.button} ${styles.smallButton}`}
                onClick={() => onRemove(card.id)}
                aria-label={`${t.remove}: ${cardName(card)}`}
                disabled={merging}
              >
                {t.remove}
              </button>
            </div>
          ) : (
            <p key={`empty-${i}`} className={styles.empty}>
              {t.mergeNeedTwo}
            </p>
          ),
        )}
      </fieldset>

      {error ? (
        <p className={panels.error} role="alert" data-testid="catalogue-merge-error">
          {error}
        </p>
      ) : null}

      <div className={panels.actions}>
        <button
          type="button"
          className={`${panels.button} ${panels.primary}`}
          disabled={!survivor || !loser || merging}
          onClick={() => void merge()}
          data-testid="catalogue-merge-submit"
        >
          {merging ? t.merging : t.merge}
        </button>
        {picks.length ? (
          <button type="button" className={panels.button} onClick={onClear} disabled={merging}>
            {t.clear}
          </button>
        ) : null}
      </div>

      <div role="status">
        {result ? (
          <div className={styles.result} data-testid="catalogue-merge-result">
            <p className={styles.resultHead}>{t.mergedResult(result.loser, result.survivor)}</p>
            <MovedCounts moved={result.moved} />
            <button
              type="button"
              className={`${panels.button} ${styles.smallButton}`}
              onClick={() => setResult(null)}
            >
              {t.dismiss}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The answer's `moved`: how many rows of each kind, in Korean (an unknown kind by its name). */
function MovedCounts({ moved }: { moved: Record<string, number> }) {
  const kinds = Object.keys(moved);
  if (kinds.length === 0) return <p>{t.movedNone}</p>;
  return (
    <>
      <p className={panels.subTitle}>{t.movedTitle}</p>
      <dl className={styles.moved}>
        {kinds.map((kind) => (
          <div key={kind} data-testid="catalogue-moved" data-kind={kind}>
            <dt>{t.movedKinds[kind] ?? kind}</dt>
            <dd data-testid="catalogue-moved-count">{t.movedCount(moved[kind] ?? 0)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
