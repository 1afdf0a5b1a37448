/**
 * Korean text of the have and want lists: what each queued change is called in the list of changes
 * waiting to sync, what the fan is told when the server refuses one for good, the write API's
 * checks in the server's words (pb_hooks/lib/trades.js), and the two lists' names.
 */
export const tradeListsKo = {
  kinds: {
    tradeItemSet: '교환 목록에 추가',
    tradeItemUpdate: '교환 목록 변경',
    tradeItemDelete: '교환 목록에서 빼기',
    tradePublicSet: '교환 목록 공개 설정',
    collectBookSetPublic: '콜렉트북 공개 설정',
  },
  failures: {
    tradeItem: '교환 목록을 저장하는 데 실패했습니다.',
    tradePublic: '교환 목록 공개 설정을 저장하는 데 실패했습니다.',
    collectBookPublic: '콜렉트북 공개 설정을 저장하는 데 실패했습니다.',
  },
  rules: {
    cardNotFound: '포토카드를 찾을 수 없어요.',
    bookNotOwn: '내 콜렉트북에서만 교환 목록에 담을 수 있어요.',
    bookNotFound: '콜렉트북을 찾을 수 없어요.',
    itemLimit: (max: number) =>
      `교환 목록에는 카드를 ${max.toLocaleString('ko-KR')}장까지 담을 수 있어요.`,
  },
  itemKinds: { have: '보유·교환 가능', want: '구함' },
};
