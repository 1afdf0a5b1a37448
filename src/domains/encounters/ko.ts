/**
 * Korean text of 만난 팬 (docs/encounters.md): what each queued change is called in the list of
 * changes waiting to sync, what the fan is told when the server refuses one for good, and the
 * write API's checks (the server's hooks answer with the same words, pb_hooks/lib/encounters.js).
 */
export const encountersKo = {
  kinds: {
    encounterCreate: '만난 팬 저장',
    encounterNote: '만난 팬 메모 변경',
    encounterDelete: '만난 팬 삭제',
  },
  failures: {
    save: '만난 팬을 저장하는 데 실패했습니다.',
    note: '만난 팬 메모를 저장하는 데 실패했습니다.',
    remove: '만난 팬을 삭제하는 데 실패했습니다.',
  },
  rules: {
    self: '나 자신은 만난 팬으로 저장할 수 없어요.',
    fanName: '팬 이름을 1~40자로 입력해주세요.',
    noteTooLong: (max: number) => `메모는 ${max}자까지 쓸 수 있어요.`,
    tooManyCards: (max: number) => `카드 목록은 각각 ${max}장까지 저장할 수 있어요.`,
    limit: (max: number) =>
      `만난 팬은 ${max.toLocaleString('en-US')}명까지 저장할 수 있어요. 지난 기록을 정리한 뒤 다시 시도해주세요.`,
    meetupNotFound: '선택한 이벤트를 찾을 수 없어요.',
    unknownCard: '카탈로그에 없는 포토카드가 포함되어 있어요.',
    notFound: '만난 팬 기록을 찾을 수 없어요.',
  },
};
