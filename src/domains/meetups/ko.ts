/**
 * Korean text of the meetups domain: what a queued comment is called in the list of changes
 * waiting to sync, and what the fan is told when the server refuses one for good.
 */
export const meetupsKo = {
  kinds: {
    commentCreate: '댓글 작성',
  },
  failures: {
    comment: '댓글을 저장하는 데 실패했습니다.',
  },
};
