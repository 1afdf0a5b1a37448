/**
 * Korean text of the accounts domain: what a queued profile or bias change is called in the list of
 * changes waiting to sync, and what the fan is told when the server refuses one for good.
 */
export const accountsKo = {
  kinds: {
    biasSet: '최애 그룹 변경',
    profileUpdate: '프로필 수정',
  },
  failures: {
    bias: '최애 그룹을 저장하는 데 실패했습니다.',
    profile: '프로필을 저장하는 데 실패했습니다.',
  },
};
