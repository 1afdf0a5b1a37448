/**
 * Korean text of the reports domain: what a queued report change is called in the list of changes
 * waiting to sync, and what the fan is told when the server refuses a withdrawal for good (a
 * refused report is told in the report screens' own words, src/i18n/ko.ts `messages`). Also the
 * words of 신고 and moderation on the fan's side (docs/operators.md, Moderation): the 신고 button
 * and sheet of a post or a comment, the notice where hidden content was, and a suspended fan's
 * notice. Loaded with the screens that show them, never with the entry.
 */
export const reportsKo = {
  kinds: {
    reportCreate: '제보하기',
    reportDelete: '제보 삭제',
    contentReport: '신고하기',
  },
  failures: {
    reportDelete: '제보를 삭제하지 못했어요.',
    contentReport: '신고하지 못했어요. 잠시 후 다시 시도해주세요.',
  },
  moderation: {
    report: '신고',
    // the visible word first, whole (axe: label-content-name-mismatch)
    reportPostLabel: (name: string) => `신고: ${name}님의 글`,
    reportCommentLabel: (name: string) => `신고: ${name}님의 댓글`,
    reportPostTitle: '교환글 신고하기',
    reportCommentTitle: '댓글 신고하기',
    reasonLabel: '신고 사유',
    reasonPlaceholder: '어떤 점이 문제인지 알려주세요. (사기 의심, 욕설, 광고 등)',
    evidenceNote: '신고한 글의 지금 내용이 함께 운영팀에 전달돼요.',
    cancel: '취소',
    submit: '신고하기',
    close: '닫기',
    reported: '신고했어요. 운영팀이 확인한 뒤 알림으로 알려드릴게요.',
    reportedOffline: '신고를 저장했어요. 연결되면 운영팀에 보내져요.',
    alreadyReported: '이미 신고했어요. 운영팀이 확인하고 있어요.',
    selfReport: '내 글은 신고할 수 없어요.',
    hiddenPost: '운영 정책에 따라 가려진 글이에요.',
    hiddenComment: '운영 정책에 따라 가려진 댓글이에요.',
    hiddenMessage: '운영 정책에 따라 가려진 메시지예요.',
    standingTitle: '이용이 제한된 계정이에요',
  },
};
