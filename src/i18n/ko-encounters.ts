// Strings of 만난 팬 (docs/encounters.md): the queued changes' labels and failures, the write API's
// rule messages (the server's hooks answer with the same words, pb_hooks/lib/encounters.js), the
// actions panel after a scan and the /encounters screen.
export const koEncounters = {
  encounters: {
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

    // the actions panel after scanning a fan's code
    panel: {
      title: (name: string) => `${name}님과 교환할 수 있어요`,
      theyHave: '상대가 가진 내 구함 카드',
      theyWant: '상대가 구하는 내 교환 가능 카드',
      noCards: '겹치는 카드가 없어요',
      event: '만난 이벤트',
      noEvent: '선택 안 함',
      save: '만난 팬 저장',
      saved: '저장됨',
      propose: '교환 제안 보내기',
      message: '메시지 보내기',
      give: '내가 줄 카드',
      get: '내가 받을 카드',
      proposalMessage: '제안 메시지',
      messageText: '메시지',
      send: '보내기',
      cancel: '취소',
      sentProposal: '교환 제안을 보냈어요.',
      queuedProposal: '교환 제안을 저장했어요. 인터넷에 연결되면 보내져요.',
      sentMessage: '메시지를 보냈어요.',
      queuedMessage: '메시지를 저장했어요. 인터넷에 연결되면 보내져요.',
      failed: '요청을 처리하지 못했어요. 잠시 후 다시 시도해주세요.',
      overNote: (max: number) => `${max}자까지 쓸 수 있어요.`,
      counter: '글자 수',
      savedToast: '만난 팬으로 저장했어요.',
    },

    // the /encounters screen
    screen: {
      title: '만난 팬',
      empty: '아직 저장한 만난 팬이 없어요. 팬의 교환 QR을 스캔하면 여기에 저장할 수 있어요.',
      loginRequired: '로그인하면 만난 팬을 볼 수 있어요.',
      metAt: '만난 시간',
      at: (event: string) => `${event}에서`,
      theyHave: '상대가 가진 카드',
      theyWant: '상대가 구하는 카드',
      none: '없음',
      note: '메모',
      notePlaceholder: '메모를 남겨보세요',
      editNote: '메모 수정',
      saveNote: '메모 저장',
      noteSaved: '메모를 저장했어요.',
      propose: '교환 제안',
      chat: '채팅',
      remove: '삭제',
      removeConfirm: (name: string) => `${name}님과 만난 기록을 삭제할까요?`,
      removed: '만난 팬 기록을 삭제했어요.',
      cardAlt: (name: string) => `${name} 포토카드`,
      unknownCard: '알 수 없는 카드',
      link: '만난 팬',
    },
  },
} as const;
