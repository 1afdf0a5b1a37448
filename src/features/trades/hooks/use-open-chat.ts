import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { ConversationContext } from '@/domains/chat/writes';
import { loadRepos } from '@/domains/tables/lazy';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { writeErrorMessage } from '@/features/trades/write-errors';

/**
 * Opens the fan's conversation with another fan (one per pair; a new one is queued, offline too)
 * with what it is about, then its thread. A refusal (a block) is said in a toast.
 */
export function useOpenChat(): {
  busy: boolean;
  open: (other: string, context?: ConversationContext) => void;
} {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const open = useCallback(
    (other: string, context?: ConversationContext) => {
      setBusy(true);
      loadRepos()
        .then((repos) => repos.openConversation(other, context))
        .then((id) => navigate({ to: '/chatting/$id', params: { id } }))
        .catch((err: unknown) =>
          toast.error(writeErrorMessage(err, koTradeScreens.actions.chatFailed)),
        )
        .finally(() => setBusy(false));
    },
    [navigate],
  );
  return { busy, open };
}
