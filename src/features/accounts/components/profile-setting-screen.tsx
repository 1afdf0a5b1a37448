import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  BellIcon,
  BookIcon,
  ChatIcon,
  ChevronLeftIcon,
  ClockIcon,
  CompassIcon,
  HeartIcon,
  KeyIcon,
  MegaphoneIcon,
  SparkleIcon,
  UserIcon,
} from '@/components/ui/icons';
import { ScreenTitle } from '@/components/ui/screen-title';
import { useHasNewNotice } from '@/domains/notices/hooks';
import { NewDot } from '@/components/ui/new-dot';
import { koNewNotice } from '@/i18n/ko-content-links';
import { ko } from '@/i18n/ko-features';
import list from './menu-list.module.css';
import settings from '@/components/ui/settings-screen.module.css';
import styles from './profile-setting-screen.module.css';

/**
 * The app's version as shown under '버전 정보'. Kept in step with package.json by hand: the build
 * has no define for it yet, and a composite tsconfig cannot import package.json from src/.
 */
export const APP_VERSION = '0.1.0';

type Entry =
  | {
      label: string;
      icon: ReactNode;
      to: '/loginInfo' | '/LikeDetail' | '/editProfile' | '/myPosts' | '/terms' | '/privacy';
      value?: string;
    }
  | { label: string; icon: ReactNode; topic: string; value?: string }
  | { label: string; icon: ReactNode; value: string; testId: string };

const MY_INFO: readonly Entry[] = [
  { label: ko.settings.loginInfo, icon: <KeyIcon size={20} />, to: '/loginInfo' },
  { label: ko.settings.editProfile, icon: <UserIcon size={20} />, to: '/editProfile' },
  { label: ko.settings.likeList, icon: <HeartIcon size={20} />, to: '/LikeDetail' },
  { label: ko.settings.myPosts, icon: <ChatIcon size={20} />, to: '/myPosts' },
  { label: ko.settings.notifications, icon: <BellIcon size={20} />, topic: 'notifications' },
];

const SERVICE_INFO: readonly Entry[] = [
  { label: ko.settings.terms, icon: <BookIcon size={20} />, to: '/terms' },
  { label: ko.settings.privacy, icon: <KeyIcon size={20} />, to: '/privacy' },
  // the one language there is, said plainly (no page to pick from)
  {
    label: ko.settings.language,
    icon: <CompassIcon size={20} />,
    value: ko.settings.languageValue,
    testId: 'settings-language',
  },
  {
    label: ko.settings.version,
    icon: <SparkleIcon size={20} />,
    value: `v${APP_VERSION}`,
    testId: 'settings-version',
  },
];

/**
 * /profileSetting (docs/product-rules.md, Profile and settings): 'My info' and 'Service info'
 * entries, the '앱 설치' group (install button or home-screen steps) and the customer centre's hours
 * with 공지사항 (and its new dot) and FAQ. Every entry opens a page of its own; 언어 and 버전 정보
 * only say their value.
 */
export function ProfileSettingScreen({
  installEntry,
  adminEntry,
}: {
  installEntry: ReactNode;
  /** The console's '관리' group, which shows itself to admins only (features/admin). */
  adminEntry?: ReactNode;
}) {
  const newNotice = useHasNewNotice();
  return (
    <section className={settings.screen}>
      <ScreenTitle title={ko.screens.profileSetting} back />
      <div className={styles.body}>
        <Group id="settings-my-info" title={ko.settings.myInfo} entries={MY_INFO} />
        {adminEntry}
        <Group id="settings-service" title={ko.settings.serviceInfo} entries={SERVICE_INFO} />

        <section className={list.group} aria-labelledby="settings-install">
          <h2 id="settings-install" className={list.groupTitle}>
            {ko.install.groupTitle}
          </h2>
          <div className={list.list}>{installEntry}</div>
        </section>

        <section className={styles.centre} aria-labelledby="settings-centre">
          <h2 id="settings-centre" className={styles.centreTitle}>
            <ClockIcon size={20} />
            {ko.settings.customerCentre}
          </h2>
          <dl className={styles.hours} data-testid="customer-centre-hours">
            <div>
              <dt>{ko.settings.weekdays}</dt>
              <dd>{ko.settings.weekdayHours}</dd>
            </div>
            <div>
              <dt>{ko.settings.lunch}</dt>
              <dd>{ko.settings.lunchHours}</dd>
            </div>
          </dl>
          <div className={styles.centreLinks}>
            <Link to="/notices" className={styles.centreLink} data-testid="settings-link">
              <MegaphoneIcon size={18} />
              {ko.settings.notice}
              {newNotice ? <NewDot label={koNewNotice} /> : null}
            </Link>
            <Link to="/faq" className={styles.centreLink} data-testid="settings-link">
              <ChatIcon size={18} />
              {ko.settings.faq}
            </Link>
          </div>
        </section>
      </div>
    </section>
  );
}

function Group({ id, title, entries }: { id: string; title: string; entries: readonly Entry[] }) {
  return (
    <section className={list.group} aria-labelledby={id}>
      <h2 id={id} className={list.groupTitle}>
        {title}
      </h2>
      <ul className={list.list}>
        {entries.map((e) => (
          <li key={e.label}>
            <Row entry={e} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Row({ entry }: { entry: Entry }) {
  const inner = (
    <>
      {entry.icon}
      <span>{entry.label}</span>
      {entry.value ? <span className={list.value}>{entry.value}</span> : null}
    </>
  );
  const chevron = <ChevronLeftIcon size={18} className={list.chevron} />;
  if ('to' in entry) {
    return (
      <Link to={entry.to} className={list.row} data-testid="settings-link">
        {inner}
        {chevron}
      </Link>
    );
  }
  if ('topic' in entry) {
    return (
      <Link
        to="/settings/$topic"
        params={{ topic: entry.topic }}
        className={list.row}
        data-testid="settings-link"
      >
        {inner}
        {chevron}
      </Link>
    );
  }
  return (
    <div className={list.row} data-testid={entry.testId}>
      {inner}
    </div>
  );
}
