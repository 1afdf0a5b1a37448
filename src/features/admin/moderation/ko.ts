// Strings of the console's 신고 section (docs/operators.md, Moderation): the report queue, the
// actions on a report and on a fan's standing, and their confirms. Loaded with the console's
// chunk only, like ../ko.ts.

const REASON_MAX = 300;
const DAYS_MAX = 365;

export const koModeration = {
  intro:
    '팬들이 보낸 신고예요. 조치마다 사유를 적어주세요. 사유는 대상 회원과 신고한 팬에게 알림으로 전해져요.',
  statusFilter: '상태',
  statuses: {
    open: '처리 전',
    closed: '처리 완료',
    all: '전체',
  },
  count: (n: number) => `신고 ${n.toLocaleString('ko-KR')}건`,
  listLabel: '신고 목록',
  empty: {
    open: '처리할 신고가 없어요.',
    closed: '처리한 신고가 없어요.',
    all: '아직 신고가 없어요.',
  },
  more: '더 보기',
  end: '마지막 신고까지 봤어요.',

  /** What was reported (`kind`). */
  kinds: {
    message: '메시지',
    post: '교환 글',
    comment: '댓글',
    fan: '팬',
  } as Readonly<Record<string, string>>,
  kindLabel: '신고 대상',
  /** A report's heading: whom it is about. */
  heading: (name: string) => `${name} 님에 대한 신고`,
  /** A report's `status`. */
  reportStatuses: {
    open: '처리 전',
    actioned: '조치함',
    dismissed: '기각함',
  } as Readonly<Record<string, string>>,

  when: '신고 시각',
  reporter: '신고한 팬',
  target: '신고된 팬',
  reason: '신고 사유',
  unknownFan: '알 수 없는 회원',
  standing: {
    normal: '정상',
    suspended: (until: string) => `정지 중 · ${until}까지`,
    banned: '영구 정지',
    gone: '탈퇴한 회원',
  },

  evidence: '신고 당시 내용',
  noEvidence: '(내용 없음)',
  evidencePhotoAlt: (name: string) => `${name} 님이 보낸 사진 (신고 당시 그대로)`,
  current: '지금 내용',
  deleted: '삭제됨',
  hidden: '가려짐',
  hiddenReason: (reason: string) => `가린 사유: ${reason}`,
  noText: '(글 없음)',
  openPost: '교환 글이 있는 카드 열기',
  openComment: '댓글이 있는 밋업 열기',

  handled: '처리',
  resolution: '처리 사유',
  resolvedBy: '처리한 관리자',
  resolvedAt: '처리 시각',
  /** What closed a report (`outcome`). */
  outcomes: {
    'content.hide': '가리기',
    'user.warn': '경고',
    'user.suspend': '이용 정지',
    'user.ban': '영구 정지',
    'report.dismiss': '기각',
  } as Readonly<Record<string, string>>,

  reportActions: '신고 처리',
  fanActions: (name: string) => `${name} 님의 이용 상태`,
  actions: {
    hide: '가리기',
    unhide: '숨김 해제',
    warn: '경고',
    unwarn: '경고 철회',
    suspend: '이용 정지',
    unsuspend: '정지 해제',
    ban: '영구 정지',
    unban: '영구 정지 해제',
    dismiss: '기각',
    reopen: '다시 열기',
  },
  /** What each action's form says it will do. */
  explain: {
    hide: '이 내용을 가리고, 같은 내용의 처리 전 신고를 모두 닫아요. 쓴 회원과 신고한 팬에게 알려요.',
    unhide: '가린 내용을 다시 보이게 해요. 쓴 회원에게 알려요.',
    warn: '회원에게 경고 알림을 보내고 이 신고를 닫아요.',
    unwarn: '앞서 보낸 경고를 철회한다고 회원에게 알려요.',
    suspend:
      '정한 기간 동안 회원이 글을 쓰거나 바꿀 수 없어요. 이미 정지 중이면 새 기간으로 바뀌어요.',
    unsuspend: '이용 정지를 지금 풀어요. 회원에게 알려요.',
    ban: '회원이 모든 기기에서 로그아웃되고, 해제할 때까지 로그인할 수 없어요.',
    unban: '회원이 다시 로그인할 수 있어요. 회원에게 알려요.',
    dismiss: '위반을 찾지 못한 신고로 닫아요. 신고한 팬에게 사유와 함께 알려요.',
    reopen: '처리한 신고를 처리 전으로 되돌려요. 이미 한 조치는 그대로예요.',
  },
  formLabel: (action: string) => `${action}: 사유 쓰기`,
  reasonLabel: '사유 (회원이 읽어요)',
  reasonMax: REASON_MAX,
  reasonOver: `사유는 ${REASON_MAX}자까지 쓸 수 있어요.`,
  reasonEmpty: '사유를 입력해주세요.',
  counterLabel: '글자 수',
  daysLabel: '정지 기간 (일)',
  daysDefault: '3',
  daysMax: DAYS_MAX,
  daysBad: `정지 기간은 1일에서 ${DAYS_MAX}일 사이의 정수로 입력해주세요.`,
  sending: '처리 중...',
  cancel: '취소',

  done: {
    hide: '내용을 가렸어요.',
    unhide: '가린 내용을 다시 보이게 했어요.',
    warn: '경고를 보냈어요.',
    unwarn: '경고를 철회했어요.',
    suspend: '이용을 정지했어요.',
    unsuspend: '이용 정지를 풀었어요.',
    ban: '영구 정지했어요.',
    unban: '영구 정지를 풀었어요.',
    dismiss: '신고를 기각했어요.',
    reopen: '신고를 다시 열었어요.',
  },

  lookup: {
    open: '회원 조회',
    title: '회원 조회',
    hint: "회원 ID로 이용 상태와 받은 신고 수를 봐요. 신고의 '회원 조회' 버튼으로도 열려요.",
    idLabel: '회원 ID',
    idEmpty: '회원 ID를 입력해주세요.',
    submit: '조회',
    close: '닫기',
    row: '회원 조회',
    reports: (open: number, all: number) => `받은 신고: 처리 전 ${open}건 · 전체 ${all}건`,
    admin: '관리자 계정이에요. 경고나 정지를 할 수 없어요.',
    roleAdmin: '관리자',
    actions: (name: string) => `${name} 님에 대한 조치`,
  },

  confirmSuspend: (name: string, days: number, until: string) =>
    `${name} 님을 ${days}일 동안 이용 정지할까요? ${until}까지 글을 쓰거나 바꿀 수 없어요.`,
  confirmBan: (name: string) =>
    `${name} 님을 영구 정지할까요? 모든 기기에서 로그아웃되고, 해제할 때까지 로그인할 수 없어요.`,
} as const;
