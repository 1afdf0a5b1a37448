import { Link } from '@tanstack/react-router';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { UserIcon } from '@/components/ui/icons';
import { koTradeScreens } from '@/i18n/ko-trade-screens';

const t = koTradeScreens.login;

/** The trade screens' prompt to a logged-out visitor: what logging in gives, and the way there. */
export function SignedOutNotice({ body }: { body: string }) {
  return (
    <NoticeCard
      icon={<UserIcon size={32} />}
      title={t.title}
      body={body}
      testId="trades-logged-out"
    >
      <Link to="/login" className={noticeActionClass}>
        {t.link}
      </Link>
    </NoticeCard>
  );
}
