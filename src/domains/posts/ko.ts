/**
 * Korean text of the exchange posts domain: what a queued post change is called in the list of
 * changes waiting to sync (a refusal is told in the post screens' own words, src/i18n/ko.ts
 * `messages`).
 */
export const postsKo = {
  kinds: {
    postCreate: '교환 글 작성',
    postUpdate: '교환 글 수정',
    postDelete: '교환 글 삭제',
  },
};
