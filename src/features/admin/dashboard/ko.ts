// Strings of the console's 오늘 현황 (docs/operators.md, The dashboard). Loaded with the console's
// chunk only.

export const koDashboard = {
  intro: (day: string) =>
    `${day ? `${day} ` : '오늘 '}한국 시간 0시부터의 숫자예요. 제보, 신고, 보내지 못한 알림은 지금 남아 있는 것을 모두 세요.`,
  refresh: '새로고침',
  refreshing: '읽는 중...',
  readAt: '읽은 시각',
  figuresLabel: '오늘의 숫자',
  /** Each figure's name and, under it, what it counts. */
  figures: {
    newFans: { label: '새 팬', hint: '오늘 가입을 마친 팬' },
    posts: { label: '교환 글', hint: '오늘 올라온 교환 글' },
    tradesCompleted: { label: '완료된 거래', hint: '오늘 완료된 교환' },
    informUs: { label: '열린 제보', hint: '처리를 기다리는 제보' },
    chatReports: { label: '처리 전 신고', hint: '아직 조치하지 않은 신고' },
    pushesFailing: { label: '보내지 못한 알림', hint: '쓰고 5분이 지나도 보내지 못한 알림' },
    deadLetters: { label: '동기화 실패', hint: '오늘 기기가 서버에 보내지 못하고 남겨 둔 변경' },
  },
  toReports: '제보 큐 열기',
  toModeration: '신고 보기',
  /** Said beside a figure that signals trouble (never the colour alone). */
  trouble: '확인이 필요해요',
  deadTitle: '종류별 동기화 실패',
  kind: '종류',
  count: '건수',
  deadNone: '오늘은 동기화 실패가 없어요.',
  /** The server's bucket past 100 kinds a day. */
  otherKind: '그 밖의 종류 (하루 100종을 넘은 것)',
  refreshFailed: '새로 읽지 못했어요. 잠시 후 다시 시도해주세요.',
} as const;
