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
import { checkReviewText, REVIEW_MAX_LENGTH } from '@/domains/trades/rules';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { writeErrorMessage } from '@/features/trades/write-errors';
import ui from '@/components/ui/panels.module.css';
import styles from './review-section.module.css';
import { tradesKo } from '@/domains/trades/ko.ts';

const t = koTradeScreens.review;
const ratings = tradesKo.ratings;

/**
 * The reviews of a completed trade (docs/trades.md, `reviews`): my own (or the form to write it,
 * 좋았어요 / 아쉬워요 and a line of up to 100 characters, once per side) and the other fan's.
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
      {review.text ? <p className={styles.text}>{review.text}</p> : null}
    </div>
  );
}

function ReviewForm({ tradeId }: { tradeId: string }) {
  const [rating, setRating] = useState<ReviewRating | null>(null);
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
      await (await loadRepos()).reviewTrade(tradeId, { rating, text });
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
                setError(null);
              }}
            />
            <span>{ratings[r]}</span>
          </label>
        ))}
      </fieldset>
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
