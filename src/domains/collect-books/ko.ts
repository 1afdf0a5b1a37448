/**
 * Korean text of the collect books domain: what each queued change of a book is called in the list
 * of changes waiting to sync, and what the fan is told when the server refuses one for good.
 */
export const collectBooksKo = {
  kinds: {
    collectBookCreate: '콜렉트북 만들기',
    collectBookAdd: '콜렉트북 카드 체크',
    collectBookRemove: '콜렉트북 카드 체크 해제',
    collectBookUpdate: '콜렉트북 이름·표지·순서 변경',
    collectBookDelete: '콜렉트북 삭제',
  },
  failures: {
    collectBookCreate: '콜렉트북을 만드는 데 실패했습니다.',
    collectBookCards: '콜렉트북 변경 사항을 저장하는 데 실패했습니다.',
    collectBookUpdate: '콜렉트북 변경 사항을 저장하는 데 실패했습니다.',
    collectBookDelete: '콜렉트북을 삭제하는 데 실패했습니다.',
  },
};
