/// <reference types="vite/client" />
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '@/components/ui/confirm-provider';
import { toast } from '@/components/ui/toaster';
import { useConfirm } from '@/components/hooks/use-confirm';
import type { ConfirmFn } from '@/components/ui/confirm-context';
import { waitFor } from '../helpers/wait.ts';

let root: Root;
let container: HTMLElement;
let confirm: ConfirmFn;

function Grab() {
  confirm = useConfirm();
  return <button type="button">opener</button>;
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <ConfirmProvider>
        <Grab />
      </ConfirmProvider>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

const dialog = () => container.querySelector('dialog') as HTMLDialogElement;
const button = (name: string) =>
  [...container.querySelectorAll('dialog button')].find((b) => b.textContent === name) as
    HTMLButtonElement | undefined;

// Wrapped in an object: an async function returning the promise itself would wait for the answer.
async function ask(options: Parameters<ConfirmFn>[0]): Promise<{ answer: Promise<boolean> }> {
  let answer!: Promise<boolean>;
  await act(async () => {
    answer = confirm(options);
  });
  return { answer };
}

describe('useConfirm / ConfirmDialog', () => {
  it('opens with the message and the default 취소/확인 buttons', async () => {
    await ask({ message: '정말로 로그아웃하시겠습니까?' });
    expect(dialog().open).toBe(true);
    expect(dialog().textContent).toContain('정말로 로그아웃하시겠습니까?');
    expect(button('취소')).toBeDefined();
    expect(button('확인')).toBeDefined();
    expect(dialog().getAttribute('role')).toBe('alertdialog');
    expect(document.activeElement).toBe(button('취소'));
  });

  it('resolves true on confirm and shows the optional toast for 2.3 s', async () => {
    const success = vi.spyOn(toast, 'success');
    const { answer } = await ask({
      title: '로그아웃',
      message: '정말로 로그아웃하시겠습니까?',
      confirmLabel: '예',
      cancelLabel: '아니오',
      toastMessage: '로그아웃되었습니다.',
    });
    act(() => button('예')?.click());
    await expect(answer).resolves.toBe(true);
    // the toast module loads on demand (it is kept out of the entry bundle)
    // (one toast per message: its words are its id)
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('로그아웃되었습니다.', {
        id: '로그아웃되었습니다.',
        duration: 2300,
      }),
    );
    expect(dialog().open).toBe(false);
  });

  it('resolves false on cancel, without a toast', async () => {
    const success = vi.spyOn(toast, 'success');
    const { answer } = await ask({ message: 'q', toastMessage: 'done' });
    act(() => button('취소')?.click());
    await expect(answer).resolves.toBe(false);
    await new Promise((r) => setTimeout(r, 50)); // room for a toast that should not come
    expect(success).not.toHaveBeenCalled();
  });

  it('resolves false on Esc (the dialog cancel event)', async () => {
    const { answer } = await ask({ message: 'q' });
    act(() => {
      dialog().dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await expect(answer).resolves.toBe(false);
  });

  it('answers an unanswered question with false when a new one is asked', async () => {
    const { answer: first } = await ask({ message: 'first' });
    const { answer: second } = await ask({ message: 'second' });
    await expect(first).resolves.toBe(false);
    expect(dialog().textContent).toContain('second');
    act(() => button('확인')?.click());
    await expect(second).resolves.toBe(true);
  });

  it('keeps Tab inside the dialog', async () => {
    await ask({ message: 'q' });
    const tab = (shiftKey = false) =>
      act(() => {
        document.activeElement?.dispatchEvent(
          new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true }),
        );
      });
    button('확인')?.focus();
    tab();
    expect(document.activeElement).toBe(button('취소'));
    tab(true);
    expect(document.activeElement).toBe(button('확인'));
  });

  it('throws a clear error outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const el = document.createElement('div');
    const r = createRoot(el);
    expect(() => act(() => r.render(<Grab />))).toThrow(/ConfirmProvider/);
  });
});
