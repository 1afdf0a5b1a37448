/**
 * Korean text of the trades domain: what each queued change is called in the list of changes
 * waiting to sync, what the fan is told when the server refuses one for good, the checks of the
 * trade rules (rules.ts) in the server's words (pb_hooks/lib/trades.js, trade-common.js), and the
 * words for a proposal's status and a review's rating.
 */
export const tradesKo = {
  kinds: {
    tradeCreate: '교환 제안',
    tradeUpdate: '교환 제안 변경',
    reviewCreate: '거래 후기 작성',
  },
  failures: {
    tradeCreate: '교환 제안을 보내지 못했습니다.',
    tradeAccept: '교환 제안을 수락하지 못했습니다.',
    tradeDecline: '교환 제안을 거절하지 못했습니다.',
    tradeCancel: '교환 제안을 취소하지 못했습니다.',
    tradeDone: '거래 완료를 표시하지 못했습니다.',
    tradeEdit: '교환 제안을 수정하지 못했습니다.',
    review: '거래 후기를 저장하지 못했습니다.',
  },
  rules: {
    haveSpare: '교환 가능한 카드는 여분이 1장 이상이어야 해요.',
    spareRange: (max: number) => `여분 수량은 0~${max}장 사이로 정해주세요.`,
    selfTrade: '자기 자신에게는 교환을 제안할 수 없어요.',
    messageEmpty: '메시지를 입력하거나 사진을 골라주세요.',
    messageTooLong: (max: number) =>
      `메시지는 ${max.toLocaleString('ko-KR')}자까지 보낼 수 있어요.`,
    tradeEmpty: '주거나 받을 카드를 한 장 이상 골라주세요.',
    tradeOverlap: '같은 카드를 주면서 받을 수는 없어요.',
    tradeTooMany: (max: number) => `한 번에 주고받는 카드는 각각 ${max}장까지 고를 수 있어요.`,
    tradeMessageTooLong: (max: number) => `제안 메시지는 ${max}자까지 쓸 수 있어요.`,
    tradeConversation: '두 사람의 대화가 아니에요.',
    tradeOpenLimit: (max: number) =>
      `답을 기다리는 교환 제안은 ${max}개까지 둘 수 있어요. 지난 제안을 정리한 뒤 다시 시도해주세요.`,
    tradeNotFound: '교환 제안을 찾을 수 없어요.',
    counterNotYours: '내가 받은 교환 제안에만 역제안할 수 있어요.',
    counterClosed: '이미 답했거나 끝난 교환 제안에는 역제안할 수 없어요.',
    tradeClosed: '이미 끝난 교환 제안이라 바꿀 수 없어요.',
    tradeStatus: '지금은 교환 제안을 이 상태로 바꿀 수 없어요.',
    tradeFields: '지금 이 교환 제안에서 바꿀 수 없는 항목이 포함되어 있어요.',
    reviewNotMine: '내가 참여한 거래에만 후기를 남길 수 있어요.',
    reviewNotCompleted: '완료된 거래에만 후기를 남길 수 있어요.',
    reviewExists: '이 거래에는 이미 후기를 남겼어요.',
    reviewTooLong: (max: number) => `후기는 ${max}자까지 쓸 수 있어요.`,
    reasonEmpty: '신고 사유를 입력해주세요.',
    reasonTooLong: (max: number) => `신고 사유는 ${max}자까지 쓸 수 있어요.`,
  },
  statuses: {
    proposed: '제안됨',
    accepted: '수락됨',
    declined: '거절됨',
    cancelled: '취소됨',
    countered: '다른 제안으로 답함',
    completed: '완료',
  },
  ratings: { good: '좋았어요', bad: '아쉬워요' },
};
