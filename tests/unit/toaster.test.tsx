/// <reference types="vite/client" />
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '@/components/ui/toaster';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // jsdom has no matchMedia; react-hot-toast asks it for prefers-reduced-motion.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
});

afterEach(() => {
  act(() => toast.remove());
});

describe('<Toaster />', () => {
  it('keeps at most 20 toasts visible, dismissing the oldest', () => {
    const el = document.createElement('div');
    document.body.append(el);
    const root = createRoot(el);
    act(() => root.render(<Toaster />));

    act(() => {
      for (let i = 1; i <= 25; i += 1) toast.loading(`toast ${i}`);
    });

    // Dismissed toasts stay mounted while they animate out, without the visible class.
    const wrappers = [...el.querySelectorAll('[data-rht-toaster] > div')];
    const live = wrappers.filter((n) => n.className.trim() !== '');
    // react-hot-toast 2.6 also caps its store at 20; our guard covers what it keeps visible.
    expect(wrappers.length).toBeLessThanOrEqual(25);
    expect(live.map((n) => n.textContent)).toEqual(
      Array.from({ length: 20 }, (_, i) => `toast ${25 - i}`),
    );
    act(() => root.unmount());
    el.remove();
  });
});
