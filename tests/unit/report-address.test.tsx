/// <reference types="vite/client" />
/**
 * The meetup report's address question: with the Daum postcode panel when its script is there
 * (a fake `window.daum` here), and the plain field when it cannot load (offline, or the script
 * never answers within the timeout).
 */
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddressQuestion } from '@/features/reports/components/address-question';
import {
  POSTCODE_SCRIPT,
  POSTCODE_TIMEOUT_MS,
  type DaumPostcodeOptions,
} from '@/features/reports/hooks/use-daum-postcode';
import type { DaumPostcodeData } from '@/lib/address';

let root: Root;
let container: HTMLElement;
let saved: { base: string; detail: string };

function Harness({ online }: { online: boolean }) {
  const [base, setBase] = useState('');
  const [detail, setDetail] = useState('');
  saved = { base, detail };
  return (
    <AddressQuestion
      n={5}
      online={online}
      base={base}
      onBase={setBase}
      detail={detail}
      onDetail={setDetail}
    />
  );
}

const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  delete window.daum;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  vi.useRealTimers();
});

describe('with the Daum postcode panel', () => {
  let options: DaumPostcodeOptions | null;
  const embed = vi.fn();

  beforeEach(() => {
    options = null;
    embed.mockClear();
    window.daum = {
      Postcode: class {
        constructor(o: DaumPostcodeOptions) {
          options = o;
        }
        embed = embed;
      },
    };
  });

  it.each([
    ['R', '서울 마포구 양화로 45'],
    ['J', '서울 마포구 서교동 353-5'],
  ])(
    'keeps the address of the kind the fan picked (%s) in a read-only field',
    async (kind, want) => {
      act(() => root.render(<Harness online />));
      const input = byTestId('report-address-input') as HTMLInputElement;
      expect(input.readOnly).toBe(true);
      const search = byTestId('report-address-search')!;
      expect(byTestId('report-postcode')).toBeNull();

      act(() => search.click());
      const panel = byTestId('report-postcode');
      expect(panel).not.toBeNull();
      expect(embed).toHaveBeenCalledWith(panel);
      expect(options).toMatchObject({ width: '100%', height: '100%' });

      const data: DaumPostcodeData = {
        userSelectedType: kind,
        roadAddress: '서울 마포구 양화로 45',
        jibunAddress: '서울 마포구 서교동 353-5',
      };
      await act(async () => {
        options!.oncomplete(data);
        await new Promise((r) => requestAnimationFrame(r));
      });
      expect(saved.base).toBe(want);
      expect(input.value).toBe(want);
      // the panel closes and focus goes to the detail field
      expect(byTestId('report-postcode')).toBeNull();
      expect(document.activeElement).toBe(byTestId('report-address-detail'));
    },
  );
});

describe('without it', () => {
  it('offline: a plain address field, and no script is fetched', () => {
    act(() => root.render(<Harness online={false} />));
    const input = byTestId('report-address-input') as HTMLInputElement;
    expect(input.readOnly).toBe(false);
    expect(byTestId('report-address-search')).toBeNull();
    expect(document.head.querySelector(`script[src="${POSTCODE_SCRIPT}"]`)).toBeNull();
  });

  it('online but the script never answers: a plain field, also after the timeout', async () => {
    vi.useFakeTimers();
    act(() => root.render(<Harness online />));
    expect(document.head.querySelector(`script[src="${POSTCODE_SCRIPT}"]`)).not.toBeNull();
    expect((byTestId('report-address-input') as HTMLInputElement).readOnly).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(POSTCODE_TIMEOUT_MS + 10);
    });
    expect(byTestId('report-address-search')).toBeNull();
    expect((byTestId('report-address-input') as HTMLInputElement).readOnly).toBe(false);
    // the failed script is removed, so a later visit may try again
    expect(document.head.querySelector(`script[src="${POSTCODE_SCRIPT}"]`)).toBeNull();
  });

  it('a script that fails to load: a plain field', async () => {
    act(() => root.render(<Harness online />));
    const script = document.head.querySelector<HTMLScriptElement>(
      `script[src="${POSTCODE_SCRIPT}"]`,
    )!;
    await act(async () => {
      script.dispatchEvent(new Event('error'));
      await Promise.resolve();
    });
    expect(byTestId('report-address-search')).toBeNull();
    expect((byTestId('report-address-input') as HTMLInputElement).readOnly).toBe(false);
  });
});
