import { useEffect, useState } from 'react';
import type { DaumPostcodeData } from '@/lib/address';

/** The part of the Daum postcode API the address question uses. */
export interface DaumPostcode {
  embed(element: HTMLElement, options?: { autoClose?: boolean; q?: string }): void;
}

export interface DaumPostcodeOptions {
  oncomplete: (data: DaumPostcodeData) => void;
  width?: string | number;
  height?: string | number;
}

declare global {
  interface Window {
    daum?: { Postcode?: new (options: DaumPostcodeOptions) => DaumPostcode };
  }
}

export const POSTCODE_SCRIPT =
  'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';
/** After this long without the script, the form asks for the address as plain text. */
export const POSTCODE_TIMEOUT_MS = 4000;

export type PostcodeState = 'loading' | 'ready' | 'unavailable';

let loading: Promise<boolean> | null = null;

const hasPostcode = () => typeof window.daum?.Postcode === 'function';

/** Loads the script once per page; resolves false on error or timeout (and lets a later try run). */
function loadPostcode(): Promise<boolean> {
  if (hasPostcode()) return Promise.resolve(true);
  loading ??= new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = POSTCODE_SCRIPT;
    script.async = true;
    const done = (ok: boolean) => {
      window.clearTimeout(timer);
      script.onload = script.onerror = null;
      if (!ok) {
        script.remove();
        loading = null;
      }
      resolve(ok && hasPostcode());
    };
    const timer = window.setTimeout(() => done(false), POSTCODE_TIMEOUT_MS);
    script.onload = () => done(true);
    script.onerror = () => done(false);
    document.head.append(script);
  });
  return loading;
}

/**
 * Whether the Daum postcode panel can be used. Tried only when online (the panel searches on
 * Daum's servers); offline, on a load error or after POSTCODE_TIMEOUT_MS the answer is
 * 'unavailable' and the form falls back to a plain address field.
 */
export function useDaumPostcode(online: boolean): PostcodeState {
  const [state, setState] = useState<PostcodeState>(() =>
    !online ? 'unavailable' : hasPostcode() ? 'ready' : 'loading',
  );
  useEffect(() => {
    if (!online) return;
    let live = true;
    void loadPostcode().then((ok) => {
      if (live) setState(ok ? 'ready' : 'unavailable');
    });
    return () => {
      live = false;
    };
  }, [online]);
  return online ? state : 'unavailable';
}
