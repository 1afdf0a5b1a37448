/**
 * Korean text of the chat domain: what each queued change is called in the list of changes waiting
 * to sync, what the fan is told when the server refuses one for good, and the write API's checks
 * in the server's words (pb_hooks/lib/chat.js).
 */
export const chatKo = {
  kinds: {
    conversationCreate: '채팅 시작',
    conversationContext: '채팅 주제 변경',
    conversationRead: '채팅 읽음',
    messageCreate: '메시지 보내기',
    blockCreate: '차단하기',
    blockDelete: '차단 해제',
    chatReportCreate: '채팅 신고',
  },
  failures: {
    conversation: '채팅을 시작하지 못했습니다.',
    conversationRead: '채팅을 읽음으로 표시하지 못했습니다.',
    message: '메시지를 보내지 못했습니다.',
    block: '차단하지 못했습니다.',
    unblock: '차단을 해제하지 못했습니다.',
    chatReport: '신고를 접수하지 못했습니다.',
  },
  rules: {
    selfConversation: '자기 자신과는 대화할 수 없어요.',
    selfBlock: '자기 자신은 차단할 수 없어요.',
    selfReport: '자기 자신은 신고할 수 없어요.',
    blocked: '차단한 사용자예요. 차단을 해제한 뒤 다시 시도해주세요.',
    conversationNotFound: '채팅을 찾을 수 없어요.',
    conversationTrade: '이 대화의 두 사람 사이의 교환 제안이 아니에요.',
    reportMessage: '신고할 메시지를 찾을 수 없어요. 내 대화의 메시지만 신고할 수 있어요.',
    reportSender: '신고 대상이 보낸 메시지만 함께 신고할 수 있어요.',
  },
};
