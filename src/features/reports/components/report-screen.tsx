import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { ScreenTitle } from '@/components/ui/screen-title';
import { ko } from '@/i18n/ko-features';
import styles from './reports.module.css';

export interface ReportScreenProps {
  title: string;
  intro: string;
  icon: ReactNode;
  /** The form, shown to a signed-in fan only. */
  children: ReactNode;
}

/** The frame of a report form: back header, and the form or (logged out) a login prompt. */
export function ReportScreen({ title, intro, icon, children }: ReportScreenProps) {
  const userId = useAtomValue(sessionUserIdAtom);
  return (
    <section className={styles.screen}>
      <ScreenTitle title={title} back />
      {userId ? (
        <>
          <p className={styles.intro}>{intro}</p>
          {children}
        </>
      ) : (
        <NoticeCard
          icon={icon}
          title={ko.messages.loginRequired}
          body={ko.reports.loggedOutBody}
          testId="report-logged-out"
        >
          <Link to="/login" className={noticeActionClass}>
            {ko.reports.loginLink}
          </Link>
        </NoticeCard>
      )}
    </section>
  );
}
