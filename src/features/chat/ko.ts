// Strings of the chat screens (docs/trades.md, What a fan sees): the conversation list (/chatting),
// a thread (/chatting/$id) with its composer, menu, block and report. Kept apart for their chunks:
// the top bar's unread label (ko-chat-nav.ts, in the entry bundle) and the exchange post's chat
// links (ko-chat-post.ts). The chat domain's own words (rule messages, failures) are in
// src/domains/chat/ko.ts.

export const koChat = {
  chat: {
    // The conversation list.
    listLabel: '채팅 목록',
    loggedOutTitle: '로그인이 필요한 서비스입니다.',
    loggedOutBody: '로그인하면 다른 팬과 1:1 채팅으로 교환을 이야기할 수 있어요.',
    loginLink: '로그인하기',
    emptyTitle: '아직 채팅이 없어요',
    emptyBody: '교환 글이나 매칭에서 마음에 드는 카드를 가진 팬에게 채팅을 걸어 보세요.',
    emptyLink: '교환 글 보러 가기',
    unknownFan: '알 수 없는 사용자',
    noMessages: '아직 메시지가 없어요',
    photoExcerpt: '사진',
    mineExcerpt: (text: string) => `나: ${text}`,
    unreadCount: (n: number) => `읽지 않은 메시지 ${n}개`,
    blockedChip: '차단함',
    openThread: (name: string) => `${name}님과의 채팅`,

    // What a conversation is about.
    aboutCard: '카드',
    aboutPost: '교환 글',
    aboutTrade: '교환 제안',
    aboutLabel: '대화 주제',
    cardLoading: '포토카드',
    cardAlt: (title: string) => `${title} 포토카드`,
    tradeSummary: (give: number, get: number) => `주는 카드 ${give}장 · 받는 카드 ${get}장`,
    openContext: '보기',

    // The thread.
    threadNotFoundTitle: '채팅을 찾을 수 없어요',
    threadNotFoundBody: '삭제되었거나 내 채팅이 아니에요. 채팅 목록에서 다시 골라주세요.',
    backToList: '채팅 목록으로',
    messagesLabel: '메시지',
    // A message the server refused for good (a block): kept with its words and the reason.
    failedLabel: '보내지 못한 메시지',
    failedPhoto: '사진',
    failedDelete: '삭제',
    failedDeleteConfirm: '보내지 못한 이 메시지를 삭제할까요?',
    failedCopy: '복사',
    failedCopied: '메시지를 복사했어요',
    failedCopyFailed: '복사하지 못했어요. 메시지를 길게 눌러 직접 복사해주세요.',
    failedRetry: '다시 보내기',
    threadEmpty: '첫 메시지를 보내 대화를 시작해 보세요.',
    me: '나',
    sent: '전송됨',
    read: '읽음',
    photoAlt: (name: string) => `${name}님이 보낸 사진`,
    myPhotoAlt: '내가 보낸 사진',
    photoUnavailable: '사진을 불러올 수 없어요',
    openPhoto: '사진 크게 보기',
    photoViewer: '사진',
    close: '닫기',
    reportMessage: '신고',
    reportMessageLabel: '이 메시지 신고',

    // The thread's header and menu.
    propose: '교환 제안',
    proposeLabel: (name: string) => `교환 제안, ${name}님에게`,
    menu: '채팅 메뉴',
    block: '차단하기',
    unblock: '차단 해제',
    reportFan: '신고하기',
    blockConfirm: (name: string) =>
      `${name}님을 차단할까요? 차단하면 서로 메시지를 보내거나 교환을 제안할 수 없어요.`,
    unblockConfirm: (name: string) => `${name}님의 차단을 해제할까요?`,
    blocked: '차단했어요.',
    unblocked: '차단을 해제했어요.',
    blockFailed: '차단하지 못했어요. 잠시 후 다시 시도해주세요.',

    // The composer.
    composerLabel: '메시지 입력',
    composerPlaceholder: '메시지를 입력하세요',
    send: '보내기',
    attachPhoto: '사진 첨부',
    removePhoto: '사진 빼기',
    photoPreviewAlt: '보낼 사진 미리보기',
    sendFailed: '메시지를 보내지 못했어요. 잠시 후 다시 시도해주세요.',
    blockedByMe: '차단한 사용자예요. 차단을 해제하면 다시 메시지를 보낼 수 있어요.',

    // Reports.
    reportFanTitle: '사용자 신고',
    reportMessageTitle: '메시지 신고',
    reportReasonLabel: '신고 사유',
    reportReasonPlaceholder: '어떤 점이 문제인지 알려주세요',
    reportMessageNote: '신고한 메시지는 운영자가 확인할 수 있도록 보관돼요.',
    reportSubmit: '신고하기',
    reportCancel: '취소',
    reported: '신고가 접수되었어요.',
    reportFailed: '신고를 접수하지 못했어요. 잠시 후 다시 시도해주세요.',
  },
};
