import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmOptions } from './confirm-dialog';
import { ConfirmContext, type ConfirmFn } from './confirm-context';

/**
 * Hosts the one confirm dialog of the app and hands out `confirm(options)` through useConfirm().
 * Asking again while a question is open answers the old one with `false`, so no promise hangs.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions>({ message: '' });
  const [open, setOpen] = useState(false);
  const resolveRef = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<ConfirmFn>((next) => {
    resolveRef.current?.(false);
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
      setOptions(next);
      setOpen(true);
    });
  }, []);

  const settle = useCallback((answer: boolean) => {
    const resolve = resolveRef.current;
    resolveRef.current = null;
    setOpen(false);
    resolve?.(answer);
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <ConfirmDialog
        {...options}
        open={open}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
      />
    </ConfirmContext.Provider>
  );
}
