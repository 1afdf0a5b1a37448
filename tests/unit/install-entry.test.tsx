/// <reference types="vite/client" />
// The '앱 설치' entry of /profileSetting: the install button fed by an early `beforeinstallprompt`,
// the installed states, and the iOS home-screen steps.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallEntry } from '@/features/install/components/install-entry';
import {
  captureInstallPrompt,
  getInstallPromptState,
  resetInstallPromptForTests,
} from '@/features/install/install-prompt';
import { ko } from '@/i18n/ko-features';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let root: Root;
let container: HTMLElement;
let displayModes: string[] = [];

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // Captured once, as main.tsx does through register-sw, before anything renders.
  captureInstallPrompt(window);
});

beforeEach(() => {
  displayModes = [];
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: displayModes.some((m) => query === `(display-mode: ${m})`),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  resetInstallPromptForTests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function render() {
  act(() => root.render(<InstallEntry />));
}

const entry = () => container.querySelector<HTMLElement>('[data-testid="install-entry"]')!;

/** A stand-in for Chromium's event: prompt() opens nothing, userChoice is the given answer. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => {});
  Object.assign(event, {
    platforms: ['web'],
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

describe('<InstallEntry />', () => {
  it('keeps an offer made before it mounted, and installs with one click', async () => {
    const { event, prompt } = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true); // no mini-infobar over the tabs
    expect(getInstallPromptState().canPrompt).toBe(true);

    render();
    expect(entry().dataset.mode).toBe('prompt');
    expect(entry().textContent).toContain(ko.install.statusReady);
    const button = container.querySelector<HTMLButtonElement>('[data-testid="install-button"]')!;
    expect(button.textContent).toBe(ko.install.button);

    await act(async () => button.click());
    expect(prompt).toHaveBeenCalledTimes(1);
    // the event is spent: no second dialog from a second click
    expect(container.querySelector('[data-testid="install-button"]')).toBeNull();

    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(entry().dataset.mode).toBe('installed');
    expect(entry().textContent).toContain(ko.install.statusInstalled);
    expect(entry().textContent).toContain(ko.install.installedBody);
  });

  it('says so when the fan turns the dialog down', async () => {
    render();
    expect(entry().dataset.mode).toBe('manual');
    offerInstall('dismissed');
    expect(entry().dataset.mode).toBe('prompt');
    await act(async () =>
      container.querySelector<HTMLButtonElement>('[data-testid="install-button"]')!.click(),
    );
    expect(entry().dataset.mode).toBe('manual');
    expect(entry().textContent).toContain(ko.install.dismissed);
  });

  it('shows the share-sheet steps on an iPhone', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    render();
    expect(entry().dataset.mode).toBe('ios');
    const steps = [...container.querySelectorAll('[data-testid="install-ios-hint"] li')];
    expect(steps.map((li) => li.textContent)).toEqual(
      ko.install.iosSteps.map((step) => step.replace('{share}', '')),
    );
    expect(steps[0]!.querySelector('svg')).not.toBeNull(); // the share button, drawn
    expect(container.textContent).toContain('홈 화면에 추가');
  });

  it('shows 설치됨 in the installed app, even on an iPhone', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    displayModes = ['standalone'];
    render();
    expect(entry().dataset.mode).toBe('standalone');
    expect(entry().textContent).toContain(ko.install.statusInstalled);
    expect(entry().textContent).toContain(ko.install.standaloneBody);
    expect(container.querySelector('[data-testid="install-ios-hint"]')).toBeNull();
  });
});
