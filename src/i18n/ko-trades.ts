// Strings of trades (docs/trades.md): have and want lists, chat, proposals, reviews, blocks and
// chat reports. The data layer reads the labels, failures and rule messages from here (the
// pending-changes list, dead letters, the write API's errors); the trade screens read the rest.
export const koTrades = {
  trades: {
    itemKinds: { have: '보유·교환 가능', want: '구함' },
    statuses: {
      proposed: '제안됨',
      accepted: '수락됨',
      declined: '거절됨',
      cancelled: '취소됨',
      countered: '다른 제안으로 답함',
      completed: '완료',
    },
    ratings: { good: '좋았어요', bad: '아쉬워요' },
    /** The excerpt of a message that is only a photo. */
    photoExcerpt: '사진',

    // What each queued change is called in the list of changes waiting to sync.
    kinds: {
      tradeItemSet: '교환 목록에 추가',
      tradeItemUpdate: '교환 목록 변경',
      tradeItemDelete: '교환 목록에서 빼기',
      tradePublicSet: '교환 목록 공개 설정',
      collectBookSetPublic: '콜렉트북 공개 설정',
      conversationCreate: '채팅 시작',
      conversationContext: '채팅 주제 변경',
      conversationRead: '채팅 읽음',
      messageCreate: '메시지 보내기',
      tradeCreate: '교환 제안',
      tradeUpdate: '교환 제안 변경',
      reviewCreate: '거래 후기 작성',
      blockCreate: '차단하기',
      blockDelete: '차단 해제',
      chatReportCreate: '채팅 신고',
    },

    // Shown when the server refuses a queued change for good (the server's reason is kept beside).
    failures: {
      tradeItem: '교환 목록을 저장하는 데 실패했습니다.',
      tradePublic: '교환 목록 공개 설정을 저장하는 데 실패했습니다.',
      collectBookPublic: '콜렉트북 공개 설정을 저장하는 데 실패했습니다.',
      conversation: '채팅을 시작하지 못했습니다.',
      conversationRead: '채팅을 읽음으로 표시하지 못했습니다.',
      message: '메시지를 보내지 못했습니다.',
      tradeCreate: '교환 제안을 보내지 못했습니다.',
      tradeAccept: '교환 제안을 수락하지 못했습니다.',
      tradeDecline: '교환 제안을 거절하지 못했습니다.',
      tradeCancel: '교환 제안을 취소하지 못했습니다.',
      tradeDone: '거래 완료를 표시하지 못했습니다.',
      tradeEdit: '교환 제안을 수정하지 못했습니다.',
      review: '거래 후기를 저장하지 못했습니다.',
      block: '차단하지 못했습니다.',
      unblock: '차단을 해제하지 못했습니다.',
      chatReport: '신고를 접수하지 못했습니다.',
    },

    // The write API's checks (the server's rules, checked first so a form can say so at once).
    rules: {
      cardNotFound: '포토카드를 찾을 수 없어요.',
      bookNotFound: '콜렉트북을 찾을 수 없어요.',
      spareInvalid: '교환 가능한 장수는 1~99장으로 입력해주세요.',
      itemLimit: (max: number) =>
        `교환 목록에는 카드를 ${max.toLocaleString('ko-KR')}장까지 담을 수 있어요.`,
      self: '나 자신과는 채팅하거나 교환할 수 없어요.',
      blocked: '차단한 팬과는 채팅하거나 교환할 수 없어요. 차단을 해제한 뒤 다시 시도해주세요.',
      fanNotFound: '팬을 찾을 수 없어요.',
      conversationNotFound: '채팅을 찾을 수 없어요.',
      messageEmpty: '메시지를 입력해주세요.',
      messageTooLong: (max: number) =>
        `메시지는 ${max.toLocaleString('ko-KR')}자까지 쓸 수 있어요.`,
      tradeEmpty: '주거나 받을 카드를 하나 이상 골라주세요.',
      tradeOverlap: '같은 카드를 주고받을 수는 없어요.',
      tradeTooMany: (max: number) => `주는 카드와 받는 카드는 각각 ${max}장까지 고를 수 있어요.`,
      tradeMessageTooLong: (max: number) => `메시지는 ${max}자까지 쓸 수 있어요.`,
      tradeOpenLimit: (max: number) => `진행 중인 교환 제안은 ${max}개까지 둘 수 있어요.`,
      tradeNotFound: '교환 제안을 찾을 수 없어요.',
      tradeClosed: '이미 끝난 교환 제안이에요.',
      tradeNotAllowed: '이 교환 제안에서는 할 수 없는 일이에요.',
      reviewNotCompleted: '완료된 거래에만 후기를 남길 수 있어요.',
      reviewExists: '이 거래에는 이미 후기를 남겼어요.',
      reviewTooLong: (max: number) => `후기는 ${max}자까지 쓸 수 있어요.`,
      reportReason: (max: number) => `신고 사유를 1~${max}자로 입력해주세요.`,
    },
  },
};
