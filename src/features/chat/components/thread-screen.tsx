import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { LoginNotice } from '@/components/ui/login-notice';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isLoggedInAtom, useAtomValue } from '@/state/store';
import { ChatIcon } from '@/components/ui/icons';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { ScreenTitle } from '@/components/ui/screen-title';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/hooks/use-confirm';
import { useNow } from '@/components/hooks/use-now';
import { usePageVisible } from '@/components/hooks/use-page-visible';
import { useReadAlertsHere } from '@/domains/alerts/hooks';
import { usePublicProfile } from '@/domains/accounts/hooks';
import { useThread, type Thread } from '@/domains/chat/hooks';
import { loadRepos } from '@/domains/tables/lazy';
import { ko } from '@/i18n/ko-features';
import { koChat } from '@/features/chat/ko';
import { fanName, proposeHref } from '@/features/chat/chat-links';
import { useMarkRead } from '@/features/chat/hooks/use-mark-read';
import { writeErrorText } from '@/features/chat/write-errors';
import { Composer } from './composer';
import { FailedMessages } from './failed-messages';
import { ContextBar } from './context-bar';
import { HrefLink } from './href-link';
import { MessageBubble } from './message-bubble';
import { ReportSheet, type ReportTarget } from './report-sheet';
import { ThreadMenu } from './thread-menu';
import styles from './thread-screen.module.css';

const c = koChat.chat;

// getRouteApi reads the param without importing the route definition (see exchange-detail.page).
const route = getRouteApi('/bare/chatting/$id');

/**
 * /chatting/$id: one conversation (docs/trades.md, What a fan sees). Messages from the local store
 * in the order they were written, own on the right with 전송됨 / 읽음 or the pending clock; the
 * composer queues a message that shows at once; the thread is marked read while it is on screen.
 * The menu blocks or unblocks the fan and reports them; each of their messages can be reported.
 */
export function ThreadScreen() {
  const { id } = route.useParams();
  const loggedIn = useAtomValue(isLoggedInAtom);
  if (!loggedIn) {
    return (
      <section className={styles.screen}>
        <ScreenTitle title={ko.screens.chatting} back />
        <LoginNotice
          title={c.loggedOutTitle}
          body={c.loggedOutBody}
          link={c.loginLink}
          testId="chat-logged-out"
        />
      </section>
    );
  }
  return <ThreadView id={id} />;
}

function ThreadView({ id }: { id: string }) {
  const thread = useThread(id);
  const navigate = useNavigate();
  const serverId = thread?.conversation.id;

  // A conversation opened on this device may have been replaced by the server's one of the pair
  // (docs/trades.md, On the device): show the server's id in the address, which is the one a push
  // alert names, so the service worker sees the thread on screen and shows no alert for it.
  useEffect(() => {
    if (serverId && serverId !== id) {
      void navigate({ to: '/chatting/$id', params: { id: serverId }, replace: true });
    }
  }, [serverId, id, navigate]);

  useMarkRead(thread);
  // the thread's 새 메시지 alert, while the fan reads the thread
  useReadAlertsHere(serverId ? `/chatting/${serverId}` : undefined, usePageVisible());

  if (thread === undefined) {
    return (
      <section className={styles.screen}>
        <ScreenTitle title={ko.screens.chatting} back />
      </section>
    );
  }
  if (thread === null) {
    return (
      <section className={styles.screen}>
        <ScreenTitle title={ko.screens.chatting} back />
        <NoticeCard
          icon={<ChatIcon size={30} />}
          title={c.threadNotFoundTitle}
          body={c.threadNotFoundBody}
          testId="thread-not-found"
        >
          <Link to="/chatting" className={noticeActionClass}>
            {c.backToList}
          </Link>
        </NoticeCard>
      </section>
    );
  }
  return <ThreadBody thread={thread} />;
}

function ThreadBody({ thread }: { thread: Thread }) {
  const { conversation, other, blocked, messages } = thread;
  const profile = usePublicProfile(other);
  const name = profile === undefined ? ko.common.loadingWriter : fanName(profile, c.unknownFan);
  const now = useNow(60_000);
  const confirm = useConfirm();
  const [report, setReport] = useState<ReportTarget | null>(null);
  const [photo, setPhoto] = useState<{ src: string; alt: string } | null>(null);
  const end = useRef<HTMLDivElement>(null);

  // the newest message in view: on opening, and whenever one is added (sent or received)
  const last = messages[messages.length - 1]?.message.id;
  useLayoutEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [last, messages.length]);

  const reportMessage = useCallback(
    (message: string) => setReport({ fan: other, message }),
    [other, setReport],
  );
  const openPhoto = useCallback((src: string, alt: string) => setPhoto({ src, alt }), [setPhoto]);

  async function toggleBlock() {
    const ok = await confirm({
      message: blocked ? c.unblockConfirm(name) : c.blockConfirm(name),
      confirmLabel: blocked ? c.unblock : c.block,
      destructive: !blocked,
    });
    if (!ok) return;
    try {
      const repos = await loadRepos();
      if (blocked) await repos.unblockFan(other);
      else await repos.blockFan(other);
      toast.success(blocked ? c.unblocked : c.blocked);
    } catch (err) {
      toast.error(writeErrorText(err, c.blockFailed));
    }
  }

  return (
    <section className={styles.screen} data-testid="thread">
      <ScreenTitle
        title={name}
        back
        actions={
          <>
            {blocked ? null : (
              <HrefLink
                href={proposeHref({ to: other, conversation: conversation.id })}
                className={styles.proposeLink}
                aria-label={c.proposeLabel(name)}
                data-testid="thread-propose"
              >
                {c.propose}
              </HrefLink>
            )}
            <ThreadMenu
              blocked={blocked}
              onBlockToggle={() => void toggleBlock()}
              onReport={() => setReport({ fan: other })}
            />
          </>
        }
      />
      <ContextBar conversation={conversation} blocked={blocked} />
      {messages.length === 0 ? <p className={styles.threadEmpty}>{c.threadEmpty}</p> : null}
      <ol className={styles.messages} aria-label={c.messagesLabel}>
        {messages.map((item) => (
          <MessageBubble
            key={item.message.id}
            item={item}
            otherName={name}
            now={now}
            onOpenPhoto={openPhoto}
            onReport={reportMessage}
          />
        ))}
      </ol>
      <FailedMessages conversationId={conversation.id} />
      <div ref={end} className={styles.end} />
      {blocked ? (
        <p className={styles.blockedNotice} role="status" data-testid="thread-blocked">
          {c.blockedByMe}
        </p>
      ) : (
        <Composer conversationId={conversation.id} />
      )}
      <ReportSheet target={report} onClose={() => setReport(null)} />
      <SheetDialog
        open={photo !== null}
        onClose={() => setPhoto(null)}
        title={c.photoViewer}
        closeLabel={c.close}
        testId="photo-viewer"
      >
        {photo ? <img className={styles.viewerImage} src={photo.src} alt={photo.alt} /> : null}
      </SheetDialog>
    </section>
  );
}
