// Which install help /profileSetting shows on each platform (features/install/install-mode.ts).
import { describe, expect, it } from 'vitest';
import {
  installMode,
  isIos,
  isStandalone,
  type InstallEnvironment,
} from '@/features/install/install-mode';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  firefoxDesktop: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

const env = (over: Partial<InstallEnvironment>): InstallEnvironment => ({
  standalone: false,
  installed: false,
  canPrompt: false,
  userAgent: UA.androidChrome,
  maxTouchPoints: 0,
  ...over,
});

describe('installMode', () => {
  it('offers the button when Chromium handed over its install prompt', () => {
    expect(installMode(env({ canPrompt: true }))).toBe('prompt');
  });

  it('says installed in the installed app, whatever else is true', () => {
    expect(installMode(env({ standalone: true, canPrompt: true }))).toBe('standalone');
    expect(installMode(env({ standalone: true, userAgent: UA.iphoneSafari }))).toBe('standalone');
  });

  it('says installed in the tab that just installed it', () => {
    expect(installMode(env({ installed: true }))).toBe('installed');
  });

  it('shows the home-screen steps on iPhone and iPad, in Safari or another iOS browser', () => {
    expect(installMode(env({ userAgent: UA.iphoneSafari, maxTouchPoints: 5 }))).toBe('ios');
    expect(installMode(env({ userAgent: UA.iphoneChrome, maxTouchPoints: 5 }))).toBe('ios');
    expect(installMode(env({ userAgent: UA.ipadDesktopMode, maxTouchPoints: 5 }))).toBe('ios');
  });

  it('points to the browser menu elsewhere', () => {
    expect(installMode(env({ userAgent: UA.macSafari, maxTouchPoints: 0 }))).toBe('manual');
    expect(installMode(env({ userAgent: UA.firefoxDesktop }))).toBe('manual');
    expect(installMode(env({}))).toBe('manual');
  });
});

describe('isIos', () => {
  it('tells an iPad asking for desktop sites from a Mac by its touch points', () => {
    expect(isIos(UA.ipadDesktopMode, 5)).toBe(true);
    expect(isIos(UA.macSafari, 0)).toBe(false);
    expect(isIos(UA.androidChrome, 5)).toBe(false);
  });
});

describe('isStandalone', () => {
  const fakeWindow = (opts: { standalone?: boolean; modes?: string[] }) =>
    ({
      navigator: { standalone: opts.standalone },
      matchMedia: (q: string) => ({
        matches: (opts.modes ?? []).some((m) => q === `(display-mode: ${m})`),
      }),
    }) as unknown as Window;

  it('reads the display mode and iOS home-screen mode', () => {
    expect(isStandalone(fakeWindow({ modes: ['standalone'] }))).toBe(true);
    expect(isStandalone(fakeWindow({ modes: ['minimal-ui'] }))).toBe(true);
    expect(isStandalone(fakeWindow({ standalone: true }))).toBe(true);
    expect(isStandalone(fakeWindow({ modes: ['browser'] }))).toBe(false);
    expect(isStandalone({ navigator: {} } as unknown as Window)).toBe(false);
  });
});
