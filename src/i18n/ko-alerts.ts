// Strings of the alerts inbox (/alerts) and the push settings (/settings/notifications); merged
// into `ko` by ko-features.ts. The service worker reads `alerts.fallbackBody` from here directly.
export const koAlerts = {
  alerts: {
    fallbackBody: '새 알림이 있어요.',
    listLabel: '받은 알림',
    unread: '읽지 않음',
    unreadSummary: (n: number) => `읽지 않은 알림 ${n}개`,
    allRead: '모두 읽었어요',
    markAllRead: '모두 읽음',
    markAllFailed: '알림을 읽음으로 표시하지 못했어요. 다시 시도해 주세요.',
    settingsLink: '알림 설정',
    emptyTitle: '아직 받은 알림이 없어요',
    emptyBody:
      '교환 제안, 새 메시지, 후기, 구함 카드 소식처럼 나와 관련된 소식이 여기 모여요. 알림 설정에서 켠 소식은 휴대폰으로도 알려드려요.',
    loggedOutTitle: '로그인이 필요한 서비스입니다.',
    loggedOutBody: '로그인하면 교환 제안, 메시지, 후기 같은 알림을 여기서 모아 볼 수 있어요.',
    loginLink: '로그인하러 가기',
    topics: {
      comment: '댓글',
      exchange: '교환',
      meetup: '밋업',
      chat: '채팅',
      trade: '거래',
      wanted: '구함',
    } as Record<string, string>,
    topicOther: '알림',
  },

  notificationSettings: {
    intro:
      '이 기기에서 받을 푸시 알림을 골라 주세요. 거래, 메시지, 구함 카드 알림은 푸시를 꺼도 알림함에 모여요.',
    topicsLabel: '푸시 알림 종류',
    topics: {
      comment: '내가 댓글 단 밋업의 새 댓글',
      exchange: '찜하거나 콜렉트북에 담은 카드의 새 교환 글',
      meetup: '최애 그룹의 새 밋업',
      chat: '새 메시지',
      trade: '거래 제안/상태 변경/후기',
      wanted: '구함 카드 알림',
    },
    loading: '알림 설정을 불러오는 중...',
    saving: '저장 중...',
    saved: '알림 설정을 저장했어요.',
    turnedOff: '이 기기의 푸시 알림을 모두 껐어요.',
    inboxLink: '받은 알림 보기',
    loggedOutTitle: '로그인이 필요한 서비스입니다.',
    loggedOutBody: '알림 설정은 로그인한 후에 바꿀 수 있어요.',
    loginLink: '로그인하러 가기',
    unsupportedTitle: '이 브라우저에서는 푸시 알림을 받을 수 없어요',
    unsupportedBody:
      '받은 알림은 알림함에서 볼 수 있어요. iPhone·iPad에서는 홈 화면에 추가한 앱에서 푸시 알림을 켤 수 있어요.',
    unavailableTitle: '지금은 푸시 알림을 쓸 수 없어요',
    unavailableBody:
      '이 서버에는 푸시 알림이 설정되어 있지 않아요. 받은 알림은 알림함에서 볼 수 있어요.',
    deniedTitle: '알림이 차단되어 있어요',
    deniedBody:
      '브라우저 주소창 왼쪽의 사이트 정보(자물쇠) 아이콘 → 권한 → 알림을 "허용"으로 바꾼 뒤 이 화면을 다시 열어 주세요. 휴대폰에서는 기기 설정 → 알림에서 브라우저나 앱의 알림을 켜 주세요.',
    dismissed: '알림 권한을 허용해야 푸시 알림을 받을 수 있어요.',
    offline: '오프라인 상태라 지금은 알림 설정을 바꿀 수 없어요. 연결되면 다시 시도해 주세요.',
    subscribeFailed:
      '이 브라우저에서 푸시 알림 구독을 만들지 못했어요. 잠시 후 다시 시도하거나 다른 브라우저에서 켜 주세요.',
    serverFailed: '알림 설정을 저장하지 못했어요. 잠시 후 다시 시도해 주세요.',
    tooManyDevices:
      '알림은 한 계정에 기기 10대까지 받을 수 있어요. 다른 기기에서 알림을 끈 뒤 다시 시도해 주세요.',
  },
};
