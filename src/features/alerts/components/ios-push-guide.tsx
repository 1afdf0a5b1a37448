import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { BellIcon } from '@/components/ui/icons';
import { IosShareIcon } from '@/components/ui/ios-share-icon';
import { noticeIconClass } from '@/components/ui/notice-card';
import { koPushGuide as g } from '@/features/alerts/ko-push';
import styles from './ios-push-guide.module.css';

/**
 * The push opt-in on an iPhone or iPad outside the installed app (docs/push.md, iPhone and iPad):
 * what to do instead of a permission prompt that cannot work there. 공유 버튼 → '홈 화면에 추가' →
 * 알림 켜기 in the app on the Home Screen.
 */
export function IosPushGuide({ inboxLabel }: { inboxLabel: string }) {
  const titleId = useId();
  return (
    <section className={styles.guide} aria-labelledby={titleId} data-testid="push-ios-guide">
      <span className={noticeIconClass} aria-hidden="true">
        <BellIcon size={30} />
      </span>
      <h2 id={titleId} className={styles.title}>
        {g.title}
      </h2>
      <p className={styles.body}>{g.body}</p>
      <ol className={styles.steps} aria-label={g.stepsLabel}>
        {g.steps.map((step) => {
          const [before, after] = step.split('{share}');
          return (
            <li key={step}>
              <span>
                {before}
                {after === undefined ? null : (
                  <>
                    <IosShareIcon label={g.shareIcon} />
                    {after}
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ol>
      <p className={styles.note}>{g.note}</p>
      <Link to="/alerts" className={styles.inboxLink}>
        {inboxLabel}
      </Link>
    </section>
  );
}
