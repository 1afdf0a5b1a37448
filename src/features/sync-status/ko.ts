/**
 * Korean text of the sync status that only its lazily loaded parts use (the pending button and
 * sheet), kept out of the entry's strings: a refused change's words and what can be done with it.
 */
export const koSyncStatus = {
  /** The button when nothing waits to be sent but refused changes wait for the fan's decision. */
  failedOnly: (n: number) => `보내지 못함 ${n}`,
  failedOnlyLabel: (n: number) => `보내지 못한 변경 ${n}개, 목록 보기`,
  /** Above the fan's own words kept from a refused change. */
  draftLabel: '보내지 못한 내용',
  copy: '내용 복사',
  copied: '내용을 복사했어요',
  copyFailed: '복사하지 못했어요. 내용을 길게 눌러 직접 복사해주세요.',
};
