import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useConfirm } from './use-confirm';
import { ko } from '@/i18n/ko';

/**
 * docs/product-rules.md, Limits and messages ("Login required"): a logged-out fan who tries to
 * write gets the dialog '로그인이 필요한 서비스입니다.'; confirm goes to /login, cancel just closes
 * it.
 */
export function useLoginPrompt(): () => Promise<void> {
  const confirm = useConfirm();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (await confirm({ message: ko.messages.loginRequired })) {
      await navigate({ to: '/login' });
    }
  }, [confirm, navigate]);
}
