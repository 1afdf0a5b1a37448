import { useCallback } from 'react';
import { isLoggedInAtom, useAtomValue } from '@/state/store';
import { toast } from '@/components/ui/toast';
import { useLoginPrompt } from '@/components/hooks/use-login-prompt';
import {
  InvalidInputError,
  loadRepos,
  LoginRequiredError,
  StorageFullError,
  type Repos,
} from '@/domains/tables/lazy';
import { ko } from '@/i18n/ko';
import { koTradeLists } from '@/i18n/ko-trade-lists';

/** Runs one list write; resolves to its result, or undefined when it did not happen. */
export type TradeWrite = <T>(
  write: (repos: Repos) => Promise<T>,
  failure?: string,
) => Promise<T | undefined>;

/**
 * The have and want lists' writes as the screens make them (card detail, collect book,
 * /tradeList): a signed-out fan is asked to log in instead, the write API loads on first use, and
 * a refusal is told in a toast (the rule's own words, a full device, or `failure`). The change is
 * in the local store when the promise resolves, so the screen's live reads already show it.
 */
export function useTradeWrite(): TradeWrite {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const askLogin = useLoginPrompt();
  return useCallback(
    async <T>(write: (repos: Repos) => Promise<T>, failure: string = koTradeLists.failed) => {
      if (!loggedIn) {
        void askLogin();
        return undefined;
      }
      try {
        return await write(await loadRepos());
      } catch (err) {
        if (err instanceof LoginRequiredError) void askLogin();
        else if (err instanceof InvalidInputError) toast.error(err.message);
        else if (err instanceof StorageFullError) toast.error(ko.sync.storageFull);
        else {
          console.error('[trades] list write failed', err);
          toast.error(failure);
        }
        return undefined;
      }
    },
    [loggedIn, askLogin],
  );
}
