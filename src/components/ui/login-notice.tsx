import { Link } from '@tanstack/react-router';
import { KeyIcon } from './icons';
import { NoticeCard, noticeActionClass } from './notice-card';

export interface LoginNoticeProps {
  title: string;
  body: string;
  /** The link's text ('로그인하러 가기', '로그인하기', as each screen words it). */
  link: string;
  testId: string;
}

/** A screen's logged-out prompt: a key, why, and a link to /login. */
export function LoginNotice({ title, body, link, testId }: LoginNoticeProps) {
  return (
    <NoticeCard icon={<KeyIcon size={30} />} title={title} body={body} testId={testId}>
      <Link to="/login" className={noticeActionClass}>
        {link}
      </Link>
    </NoticeCard>
  );
}
