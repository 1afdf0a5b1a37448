import { useContext } from 'react';
import { ConfirmContext, type ConfirmFn } from '@/components/ui/confirm-context';

/**
 * `const confirm = useConfirm(); if (await confirm({ message: ko.confirm.logout })) …`
 * Resolves true on confirm, false on cancel, Esc or a backdrop click.
 */
export function useConfirm(): ConfirmFn {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> above it');
  return confirm;
}
