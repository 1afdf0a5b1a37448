import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { syncStatusAtom, useAtomValue } from '@/state/store';
import { toast } from '@/components/ui/toast';
import {
  createCollectBook,
  InvalidInputError,
  LoginRequiredError,
  StorageFullError,
} from '@/domains/tables/writes';
import { ko } from '@/i18n/ko-features';
import type { BookDraft } from './use-book-draft';
import { collectBooksKo } from '@/domains/collect-books/ko.ts';

/** docs/product-rules.md, Add a collect book: the wait between a save and /profile. */
export const AFTER_SAVE_DELAY_MS = 500;

function failureMessage(err: unknown): string {
  if (err instanceof InvalidInputError) return err.message;
  if (err instanceof LoginRequiredError) return ko.messages.loginRequired;
  if (err instanceof StorageFullError) return ko.sync.storageFull;
  return collectBooksKo.failures.collectBookCreate;
}

export interface SaveBook {
  saving: boolean;
  /** The new book's id once saved (the mobile slider then shows its last step). */
  savedId: string | null;
  save: () => Promise<void>;
}

/**
 * Queues the book (applied locally at once, sent now or when the connection returns), says so in
 * a toast, and goes to /profile 500 ms later, where the shelf already shows it.
 */
export function useSaveBook(draft: BookDraft): SaveBook {
  const navigate = useNavigate();
  const online = useAtomValue(syncStatusAtom).online;
  const [saving, setSaving] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function save() {
    if (saving || savedId || !draft.group || !draft.thumbnail) return;
    setSaving(true);
    try {
      const id = await createCollectBook({
        title: draft.title,
        group: draft.group,
        thumbNail: draft.thumbnail.file,
      });
      setSavedId(id);
      toast.success(online ? ko.collectBookAdd.saved : ko.collectBookAdd.savedOffline);
      timer.current = window.setTimeout(
        () => void navigate({ to: '/profile' }),
        AFTER_SAVE_DELAY_MS,
      );
    } catch (err) {
      if (!(err instanceof InvalidInputError || err instanceof LoginRequiredError)) {
        console.warn('collect book not saved', err);
      }
      toast.error(failureMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return { saving, savedId, save };
}
