import { useConfirm } from '@/components/hooks/use-confirm';
import { ko } from '@/i18n/ko-features';
import { isBlank } from '@/lib/text';
import { useGroup } from '@/domains/catalogue/hooks';
import { CoverPreview } from './cover-preview';
import { GroupPicker } from './group-picker';
import { ThumbnailField } from './thumbnail-field';
import { TitleField } from './title-field';
import { useBookDraft } from '@/features/collect-book/hooks/use-book-draft';
import { useSaveBook } from '@/features/collect-book/hooks/use-save-book';
import styles from './add.module.css';

/**
 * Desktop (≥ 1080 px): the form on the left (group logos, title, cover image), a live preview of
 * the cover on the right; save, once all three are set, asks '정말 저장하시겠습니까?'.
 */
export function DesktopAdd() {
  const draft = useBookDraft();
  const { saving, savedId, save } = useSaveBook(draft);
  const confirm = useConfirm();
  const group = useGroup(draft.group) ?? null;
  const ready = !!draft.group && !isBlank(draft.title) && !!draft.thumbnail;
  const locked = saving || savedId !== null;

  async function onSave() {
    if (!ready || locked) return;
    if (await confirm({ message: ko.confirm.saveCollectBook })) await save();
  }

  return (
    <form
      className={styles.split}
      onSubmit={(e) => {
        e.preventDefault();
        void onSave();
      }}
      data-testid="book-add-desktop"
    >
      <div className={styles.formColumn}>
        <GroupPicker value={draft.group} onChange={draft.setGroup} disabled={locked} />
        <TitleField value={draft.title} onChange={draft.setTitle} disabled={locked} />
        <ThumbnailField
          thumbnail={draft.thumbnail}
          error={draft.thumbnailError}
          onChoose={draft.chooseThumbnail}
          disabled={locked}
          preview={false}
        />
      </div>
      <div className={styles.previewColumn}>
        <CoverPreview title={draft.title} group={group} imageUrl={draft.thumbnail?.url ?? null} />
        <button
          type="submit"
          className={styles.primary}
          disabled={!ready || locked}
          data-testid="book-save"
        >
          {saving ? ko.collectBookAdd.saving : ko.collectBookAdd.save}
        </button>
      </div>
    </form>
  );
}
