import { toast } from '@/components/ui/toast';
import { ko } from '@/i18n/ko-features';
import { usePostForm } from '@/features/exchange/hooks/use-post-form';
import { toastPostChange } from '@/features/exchange/post-toasts';
import { postErrorMessage } from './post-errors';
import { PostPhotosField } from './post-photos-field';
import { PostTermsFields } from './post-terms-fields';
import { PostTextField } from './post-text-field';
import { StandingNotice } from '@/components/reports/standing-notice';
import { useOwnStanding } from '@/domains/reports/hooks';
import styles from '@/components/ui/write-form.module.css';

/**
 * The new-post form on a card's detail: the type (교환 / 양도 / 구함), the price of a 양도 post, the
 * shipping methods, the text and up to three photos (docs/product-rules.md, Exchange posts). The
 * write lands in the local store at once and is queued (offline too, photos included), so the
 * post shows at the top of the list before the server has it; nothing is queued while a field
 * is refused.
 *
 * Logged out, the field is read-only and a click or a keystroke in it, a change of the terms, the
 * photo picker or the submit button asks the fan to log in. Tabbing onto it does not: a dialog
 * that pops up on focus would trap a keyboard user, since closing it hands focus straight back.
 *
 * A suspended fan sees why and until when above it, and a submit is refused at once with the
 * same words (docs/operators.md, Moderation); the server refuses it anyway.
 */
export function PostForm({ cardId }: { cardId: string }) {
  const form = usePostForm({
    cardId,
    onSaved: () => toastPostChange('created'),
    onFailure: (err) => toast.error(postErrorMessage(err, ko.messages.exchangeSaveFailed, true)),
  });

  const standing = useOwnStanding();

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        if (!standing) return form.handleSubmit(e);
        e.preventDefault();
        toast.error(standing.message);
      }}
      noValidate
      data-testid="post-form"
    >
      <StandingNotice standing={standing} />
      <PostTermsFields {...form.terms} />
      <PostTextField
        {...form.field}
        label={ko.exchange.formLabel}
        placeholder={ko.exchange.formPlaceholder}
      />
      <PostPhotosField {...form.photos} />
      <div className={styles.actions}>
        <button
          type="submit"
          className={styles.submit}
          disabled={form.submitDisabled}
          data-testid="post-submit"
        >
          {ko.exchange.submit}
        </button>
      </div>
    </form>
  );
}
