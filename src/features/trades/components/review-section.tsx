import { useId, useState, type FormEvent } from 'react';
import { CountedTextField, charCount } from '@/components/ui/counted-text-field';
import { PendingMark } from '@/components/ui/pending-mark';
import { toast } from '@/components/ui/toast';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { usePendingKeys } from '@/live/sync';
import { useReviewsOfTrade, type TradeSummary } from '@/domains/trades/hooks';
import { recordKey } from '@/data/outbox/names';
import { REVIEW_RATINGS, type Review, type ReviewRating } from '@/data/pb/records';
import { loadRepos } from '@/domains/tables/lazy';
import {
  BAD_REVIEW_TAGS,
  checkReviewText,
  GOOD_REVIEW_TAGS,
  REVIEW_MAX_LENGTH,
  type ReviewTag,
} from '@/domains/trades/rules';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { writeErrorMessage } from '@/features/trades/write-errors';
import ui from '@/components/ui/panels.module.css';
import styles from './review-section.module.css';
import { tradesKo } from '@/domains/trades/ko.ts';

const t = koTradeScreens.review;
const ratings = tradesKo.ratings;

/**
 * The reviews of a completed trade (docs/trades.md, `reviews`): my own (or the form to write it,
 * 좋았어요 / 아쉬워요, tags that go with it and a line of up to 100 characters, once per side) and
 * the other fan's.
 */
export function ReviewSection({ summary }: { summary: TradeSummary }) {
  const { trade, other } = summary;
  const userId = useAtomValue(sessionUserIdAtom);
  const reviews = useReviewsOfTrade(trade.id);
  const pending = usePendingKeys();
  if (!reviews) return null;
  const mine = reviews.find((r) => r.author === userId);
  const theirs = reviews.find((r) => r.author === other);
  return (
    <section className={ui.panel} aria-labelledby="review-title" data-testid="trade-reviews">
      <h2 id="review-title" className={ui.panelTitle}>
        {t.title}
      </h2>
      {mine ? (
        <ReviewItem
          title={t.mine}
          review={mine}
          pending={pending.has(recordKey('reviews', mine.id))}
          testId="review-mine"
        />
      ) : (
        <ReviewForm tradeId={trade.id} />
      )}
      {theirs ? (
        <ReviewItem title={t.theirs} review={theirs} pending={false} testId="review-theirs" />
      ) : (
        <p className={styles.missing} data-testid="review-theirs-missing">
          {t.theirsMissing}
        </p>
      )}
    </section>
  );
}

function ReviewItem({
  title,
  review,
  pending,
  testId,
}: {
  title: string;
  review: Review;
  pending: boolean;
  testId: string;
}) {
  return (
    <div className={styles.review} data-testid={testId}>
      <p className={styles.head}>
        <span className={ui.subTitle}>{title}</span>
        <span className={`${styles.rating} ${styles[review.rating]}`} data-rating={review.rating}>
          {ratings[review.rating]}
        </span>
        {pending ? <PendingMark /> : null}
      </p>
      {review.tags?.length ? (
        <ul className={styles.tags} aria-label={t.tagsLabel}>
          {review.tags.map((tag) => (
            <li key={tag} className={styles.tag}>
              {tradesKo.tags[tag as ReviewTag] ?? tag}
            </li>
          ))}
        </ul>
      ) : null}
      {review.text ? <p className={styles.text}>{review.text}</p> : null}
    </div>
  );
}

function ReviewForm({ tradeId }: { tradeId: string }) {
  const [rating, setRating] = useState<ReviewRating | null>(null);
  const [tags, setTags] = useState<ReviewTag[]>([]);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const over = charCount(text) > REVIEW_MAX_LENGTH;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || over) return;
    if (!rating) return setError(t.pickRating);
    const problem = checkReviewText(text);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      await (await loadRepos()).reviewTrade(tradeId, { rating, text, tags });
      toast.success(t.saved);
    } catch (err) {
      setError(writeErrorMessage(err, tradesKo.failures.review));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="review-form"
    >
      <fieldset className={styles.ratings}>
        <legend className={ui.subTitle}>{t.ratingLabel}</legend>
        {REVIEW_RATINGS.map((r) => (
          <label key={r} className={styles.ratingOption} data-rating={r}>
            <input
              type="radio"
              name={`${id}-rating`}
              value={r}
              checked={rating === r}
              onChange={() => {
                setRating(r);
                // tags go with one rating: those of the other are dropped
                setTags([]);
                setError(null);
              }}
            />
            <span>{ratings[r]}</span>
          </label>
        ))}
      </fieldset>
      {rating ? (
        <fieldset className={styles.ratings} data-testid="review-tags">
          <legend className={ui.subTitle}>{t.tagsLabel}</legend>
          {(rating === 'good' ? GOOD_REVIEW_TAGS : BAD_REVIEW_TAGS).map((tag) => (
            <label key={tag} className={`${styles.ratingOption} ${styles.tagOption}`}>
              <input
                type="checkbox"
                value={tag}
                checked={tags.includes(tag)}
                onChange={(e) =>
                  setTags((now) =>
                    e.target.checked ? [...now, tag] : now.filter((x) => x !== tag),
                  )
                }
              />
              <span>{tradesKo.tags[tag]}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <CountedTextField
        id={`${id}-text`}
        label={t.textLabel}
        value={text}
        onChange={(value) => {
          setText(value);
          setError(null);
        }}
        max={REVIEW_MAX_LENGTH}
        overMessage={tradesKo.rules.reviewTooLong(REVIEW_MAX_LENGTH)}
        counterLabel={t.counterLabel}
        error={error}
        placeholder={t.textPlaceholder}
        rows={2}
        testId="review-text"
      />
      <div className={`${ui.actions} ${ui.end}`}>
        <button
          type="submit"
          className={`${ui.button} ${ui.primary}`}
          disabled={busy || over}
          data-testid="review-submit"
        >
          {t.submit}
        </button>
      </div>
    </form>
  );
}
