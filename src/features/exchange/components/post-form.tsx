import { toast } from '@/components/ui/toast';
import { checkPostText, loadRepos } from '@/domains/tables/lazy';
import { ko } from '@/i18n/ko-features';
import { isOverLimit, postErrorMessage } from './post-errors';
import { PostTextField } from './post-text-field';
import { useWriteForm } from '@/components/hooks/use-write-form';
import styles from '@/components/ui/write-form.module.css';

/**
 * The new-post form on a card's detail. The write lands in the local store at once and is queued
 * (offline too), so the post shows at the top of the list before the server has it.
 *
 * Logged out, the field is read-only and a click or a keystroke in it (or the submit button)
 * asks the fan to log in. Tabbing onto it does not: a dialog that pops up on focus would trap a
 * keyboard user, since closing it hands focus straight back to the field.
 */
export function PostForm({ cardId }: { cardId: string }) {
  const form = useWriteForm({
    isOver: isOverLimit,
    check: checkPostText,
    save: async (text) => (await loadRepos()).createPost(cardId, text),
    onSaved: () => toast.success(ko.messages.exchangeSaved),
    onFailure: (err) => toast.error(postErrorMessage(err, ko.messages.exchangeSaveFailed, true)),
  });

  return (
    <form className={styles.form} onSubmit={form.handleSubmit} noValidate data-testid="post-form">
      <PostTextField
        {...form.field}
        label={ko.exchange.formLabel}
        placeholder={ko.exchange.formPlaceholder}
      />
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
