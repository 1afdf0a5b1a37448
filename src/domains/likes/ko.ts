/**
 * Korean text of the likes domain: what a queued like or unlike is called in the list of changes
 * waiting to sync, and what the fan is told when the server refuses one for good.
 */
export const likesKo = {
  kinds: {
    likeSet: '찜하기',
    likeUnset: '찜 해제',
  },
  failures: {
    like: '찜 정보를 저장하는 데 실패했습니다.',
  },
};
