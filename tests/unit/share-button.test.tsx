/// <reference types="vite/client" />
/**
 * The share button's Web Share path (docs/product-rules.md, Exchange posts: Share), which desktop
 * Chromium in the e2e run does not have (there the clipboard path is tested for real,
 * tests/e2e/my-space.test.ts): the system share sheet gets the page's title and absolute link; a
 * closed sheet is no error and copies nothing; a refused share falls back to the clipboard.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareButton } from '@/components/ui/share-button';

let root: Root;
let container: HTMLElement;
const share = vi.fn<(data: ShareData) => Promise<void>>();
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  share.mockReset();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<ShareButton path="/publicBook/abc" title="내 책 콜렉트북 | 포카마켓" />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  Reflect.deleteProperty(navigator, 'share');
});

async function click() {
  await act(async () => {
    container.querySelector('button')!.click();
    await Promise.resolve();
  });
}

describe('ShareButton with the Web Share API', () => {
  it('opens the share sheet with the title and the absolute link', async () => {
    share.mockResolvedValue(undefined);
    await click();
    expect(share).toHaveBeenCalledWith({
      title: '내 책 콜렉트북 | 포카마켓',
      url: `${window.location.origin}/publicBook/abc`,
    });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies nothing when the fan closes the sheet', async () => {
    share.mockRejectedValue(new DOMException('closed', 'AbortError'));
    await click();
    expect(writeText).not.toHaveBeenCalled();
  });

  it('falls back to the clipboard when the browser refuses the share', async () => {
    share.mockRejectedValue(new DOMException('no', 'NotAllowedError'));
    await click();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/publicBook/abc`);
  });

  it('is a labelled button', () => {
    expect(container.querySelector('button')!.getAttribute('aria-label')).toBe('공유하기');
  });
});
