/// <reference types="vite/client" />
// The update toast (app/update-toast.tsx): persistent, one at a time, '업데이트' hands over to the
// waiting worker, '나중에' only closes it.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '@/components/ui/toaster';
import { ko } from '@/i18n/ko';

const applyUpdate = vi.fn();
vi.mock('@/app/register-sw', () => ({ applyUpdate: () => applyUpdate() }));
const { showApplyingToast, showUpdateToast } = await import('@/app/update-toast');

let root: Root;
let container: HTMLElement;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
});

beforeEach(() => {
  vi.useFakeTimers();
  applyUpdate.mockReset();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<Toaster />));
});

afterEach(() => {
  act(() => toast.remove());
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

const toasts = () => [...container.querySelectorAll('[data-testid="update-toast"]')];
const button = (id: string) => container.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!;

describe('showUpdateToast', () => {
  it('stays until answered, and shows once however often it is asked', () => {
    act(() => {
      showUpdateToast();
      showUpdateToast();
    });
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]!.textContent).toContain(ko.appUpdate.ready);
    act(() => vi.advanceTimersByTime(60 * 60_000));
    expect(toasts()).toHaveLength(1);
    expect(applyUpdate).not.toHaveBeenCalled();
  });

  it('applies the update on 업데이트', () => {
    act(() => showUpdateToast());
    expect(button('update-apply').textContent).toBe(ko.appUpdate.apply);
    act(() => button('update-apply').click());
    expect(applyUpdate).toHaveBeenCalledTimes(1);
  });

  it('shows the update coming in place of the offer once accepted, and stays', () => {
    act(() => showUpdateToast());
    act(() => showApplyingToast());
    const applying = () => [...container.querySelectorAll('[data-testid="update-applying"]')];
    expect(applying().map((a) => a.textContent)).toEqual([ko.appUpdate.applying]);
    expect(toasts()).toHaveLength(0);
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(applying()).toHaveLength(1);
  });

  it('closes on 나중에 without updating', () => {
    act(() => showUpdateToast());
    act(() => button('update-later').click());
    act(() => vi.advanceTimersByTime(2000));
    expect(applyUpdate).not.toHaveBeenCalled();
    expect(toasts()).toHaveLength(0);
  });
});
