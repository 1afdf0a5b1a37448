import { useState, type ReactNode, type SVGProps } from 'react';
import { IosShareIcon } from '@/components/ui/ios-share-icon';
import { ko } from '@/i18n/ko-features';
import type { InstallMode } from '@/features/install/install-mode';
import { promptInstall } from '@/features/install/install-prompt';
import { useInstallMode } from '@/features/install/hooks/use-install-mode';
import styles from './install-entry.module.css';

/**
 * The body of the '앱 설치' group in /profileSetting: an install button where the browser offered
 * one (Chromium's `beforeinstallprompt`), the '홈 화면에 추가' steps on iPhone and iPad, '설치됨'
 * in the installed app, and a pointer to the browser's menu elsewhere.
 */
export function InstallEntry() {
  const mode = useInstallMode();
  const [dismissed, setDismissed] = useState(false);
  const status =
    mode === 'standalone' || mode === 'installed'
      ? ko.install.statusInstalled
      : mode === 'prompt'
        ? ko.install.statusReady
        : null;

  const install = async () => {
    const outcome = await promptInstall();
    setDismissed(outcome === 'dismissed');
  };

  return (
    <div className={styles.entry} data-testid="install-entry" data-mode={mode}>
      <div className={styles.head}>
        <PhoneIcon />
        <span className={styles.label}>{ko.install.label}</span>
        {status ? (
          <span className={styles.status} data-testid="install-status">
            {status}
          </span>
        ) : null}
      </div>
      <Body mode={mode} dismissed={dismissed} onInstall={() => void install()} />
    </div>
  );
}

function Body({
  mode,
  dismissed,
  onInstall,
}: {
  mode: InstallMode;
  dismissed: boolean;
  onInstall: () => void;
}): ReactNode {
  switch (mode) {
    case 'prompt':
      return (
        <>
          <p className={styles.text}>{ko.install.promptBody}</p>
          <button
            type="button"
            className={styles.button}
            onClick={onInstall}
            data-testid="install-button"
          >
            {ko.install.button}
          </button>
        </>
      );
    case 'ios':
      return (
        <div data-testid="install-ios-hint">
          <p className={styles.hintTitle}>{ko.install.iosTitle}</p>
          <ol className={styles.steps}>
            {ko.install.iosSteps.map((step) => {
              const [before, after] = step.split('{share}');
              return (
                <li key={step}>
                  <span>
                    {before}
                    {after === undefined ? null : (
                      <>
                        <IosShareIcon />
                        {after}
                      </>
                    )}
                  </span>
                </li>
              );
            })}
          </ol>
        </div>
      );
    case 'standalone':
      return <p className={styles.text}>{ko.install.standaloneBody}</p>;
    case 'installed':
      return <p className={styles.text}>{ko.install.installedBody}</p>;
    case 'manual':
      return (
        <p className={styles.text}>{dismissed ? ko.install.dismissed : ko.install.manualBody}</p>
      );
  }
}

type IconProps = SVGProps<SVGSVGElement>;

const svgProps = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: 'false',
} as const;

/** A phone with a download arrow: the app on a home screen. */
function PhoneIcon(props: IconProps) {
  return (
    <svg width={20} height={20} aria-hidden="true" {...svgProps} {...props}>
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M12 7.5v7m0 0-3-3m3 3 3-3M10.5 18.5h3" />
    </svg>
  );
}
