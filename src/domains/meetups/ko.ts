/**
 * Korean text of the meetups domain: what a queued comment is called in the list of changes
 * waiting to sync, and what the fan is told when the server refuses one for good.
 */
export const meetupsKo = {
  kinds: {
    commentCreate: '댓글 작성',
    commentDelete: '댓글 삭제',
  },
  failures: {
    comment: '댓글을 저장하는 데 실패했습니다.',
    commentDelete: '댓글을 삭제하는 데 실패했습니다.',
  },
  rules: {
    commentNotOwn: '내가 쓴 댓글만 삭제할 수 있어요.',
  },
};
