import { Link } from '@tanstack/react-router';
import { LoginNotice } from '@/components/ui/login-notice';
import { useMemo } from 'react';
import { isLoggedInAtom, useAtomValue } from '@/state/store';
import { ChatIcon } from '@/components/ui/icons';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { ScreenTitle } from '@/components/ui/screen-title';
import { useNow } from '@/components/hooks/use-now';
import { useConversations } from '@/domains/chat/hooks';
import { usePhotoCardsByIds } from '@/domains/catalogue/hooks';
import { ko } from '@/i18n/ko-features';
import { koChat } from '@/features/chat/ko';
import { ConversationItem } from './conversation-item';
import styles from './chatting-screen.module.css';

const c = koChat.chat;

/**
 * /chatting (채팅): the signed-in fan's conversations, latest activity first, from the local store
 * (docs/trades.md, What a fan sees), so the list opens offline and follows every message at once.
 */
export function ChattingScreen() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  return (
    <section className={styles.screen}>
      <ScreenTitle title={ko.screens.chatting} back />
      {loggedIn ? <Conversations /> : <LoggedOut />}
    </section>
  );
}

function LoggedOut() {
  return (
    <LoginNotice
      title={c.loggedOutTitle}
      body={c.loggedOutBody}
      link={c.loginLink}
      testId="chat-logged-out"
    />
  );
}

function Conversations() {
  const conversations = useConversations();
  const now = useNow(60_000);
  const cardIds = useMemo(
    () => [...new Set((conversations ?? []).map((s) => s.conversation.photoCard).filter(Boolean))],
    [conversations],
  );
  const cards = usePhotoCardsByIds(cardIds);
  const cardById = useMemo(() => new Map((cards ?? []).map((card) => [card.id, card])), [cards]);

  if (conversations === undefined) return null; // the local store answers within a frame
  if (conversations.length === 0) {
    return (
      <NoticeCard
        icon={<ChatIcon size={30} />}
        title={c.emptyTitle}
        body={c.emptyBody}
        testId="chat-empty"
      >
        <Link to="/exchange" className={noticeActionClass}>
          {c.emptyLink}
        </Link>
      </NoticeCard>
    );
  }
  return (
    <ul className={styles.list} aria-label={c.listLabel}>
      {conversations.map((s) => (
        <ConversationItem
          key={s.conversation.id}
          summary={s}
          card={cardById.get(s.conversation.photoCard)}
          now={now}
        />
      ))}
    </ul>
  );
}
