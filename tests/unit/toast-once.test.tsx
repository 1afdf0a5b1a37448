/// <reference types="vite/client" />
// One toast per message at a time (src/components/ui/toaster.tsx, show): a save answered twice
// with the same words shows them once, in place; other words still show beside it, and a
// message shown again after it left comes back.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { show, toast, Toaster } from '@/components/ui/toaster';

let el: HTMLElement;
let root: Root;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // jsdom has no matchMedia; react-hot-toast asks it for prefers-reduced-motion.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
});

beforeEach(() => {
  // the clock stands still: a toast's 2 s on screen must not run out while a busy machine is slow
  // to draw it (Date too, from which the toaster counts what is left of a toast's time)
  vi.useFakeTimers();
  // the toast store is the module's: a toast another test file left (files may share a worker)
  // goes first
  act(() => toast.remove());
  el = document.createElement('div');
  document.body.append(el);
  root = createRoot(el);
  act(() => root.render(<Toaster />));
});

afterEach(() => {
  act(() => toast.remove());
  act(() => root.unmount());
  el.remove();
  vi.useRealTimers();
});

/** The texts of the toasts on screen (those animating out have no class). */
const visible = () =>
  [...el.querySelectorAll('[data-rht-toaster] > div')]
    .filter((n) => n.className.trim() !== '')
    .map((n) => n.textContent);

describe('toasts: one per message', () => {
  it('the same words twice show once', () => {
    act(() => {
      show.success('기기에 저장했어요. 연결되면 자동으로 보내져요.');
      show.success('기기에 저장했어요. 연결되면 자동으로 보내져요.');
      show.error('저장하지 못했어요.');
      show.error('저장하지 못했어요.');
    });
    expect(visible()).toEqual([
      '저장하지 못했어요.',
      '기기에 저장했어요. 연결되면 자동으로 보내져요.',
    ]);
  });

  it('other words show beside it, and a caller’s own id still wins', () => {
    act(() => {
      show.success('저장했어요');
      show.success('이름을 바꿨어요.');
      show.success('더 보기', { id: 'more' });
    });
    expect(visible()).toEqual(['더 보기', '이름을 바꿨어요.', '저장했어요']);
  });

  it('comes back when shown again after it was dismissed', () => {
    act(() => show.success('저장했어요'));
    act(() => toast.dismiss('저장했어요'));
    expect(visible()).toEqual([]);
    act(() => show.success('저장했어요'));
    expect(visible()).toEqual(['저장했어요']);
  });
});
