// Every user-facing string of the app, grouped by area. Components read text only from here, so
// the product's wording (as docs/product-rules.md quotes it: exactly, including its spacing and
// punctuation) lives in one place and tests can check it. Strings that take values are small
// functions; everything else is a literal.

import { count } from './count';

/** A picked file that is not an image the server takes. */
const IMAGE_INVALID = 'PNG, JPG, WEBP, GIF 이미지(5MB 이하)만 올릴 수 있습니다.';

export const ko = {
  app: {
    name: '포카마켓',
    description: 'K-pop 포토카드를 모으고 교환하고, 팬 카페 이벤트를 찾아가는 팬 앱',
  },

  nav: {
    mainLabel: '주요 메뉴',
    tabsLabel: '하단 탭',
    logoLabel: '포카마켓 홈으로',
    skipToContent: '본문으로 건너뛰기',
    chat: '채팅',
    alerts: '알림',
    alertsUnread: (n: number) => `알림, 읽지 않은 알림 ${n}`,
    desktop: {
      home: 'HOME',
      exchange: '교환',
      meetup: '밋업',
      profile: '프로필',
    },
    tabs: {
      home: '홈',
      exchange: '교환',
      meetup: '밋업',
      profile: '프로필',
    },
  },

  screens: {
    home: '홈',
    exchange: '교환',
    exchangeDetail: '포토카드 상세',
    meetup: '밋업',
    meetupDetail: '밋업 상세',
    profile: '프로필',
    profileSetting: '설정',
    loginInfo: '로그인 정보',
    likeDetail: '찜 목록',
    informUs: '제보하기',
    photoCardSubmit: '포토카드 제보',
    meetUpSubmit: '밋업 제보',
    collectBook: '콜렉트북',
    collectBookAdd: '콜렉트북 추가',
    myBias: '최애 그룹 선택',
    login: '로그인',
    register: '회원가입',
    authNaver: '네이버 로그인',
    oauth2Redirect: '소셜 로그인',
    chatting: '채팅',
    alerts: '알림',
  },

  placeholder: {
    body: '준비 중이에요. 곧 만나요!',
    badge: '준비 중',
  },

  common: {
    back: '뒤로 가기',
    loading: 'Loading...',
    loadingWriter: '로딩 중...',
    /** A fan without a nickname, as other fans see them (never their name). */
    noNickname: '닉네임 없는 팬',
    more: '더 보기',
    save: '저장',
    next: '다음',
    previous: '이전',
    yes: '예',
    no: '아니오',
    totalCards: (n: number) => `전체 ${count(n)}장`,
  },

  dialog: {
    cancel: '취소',
    confirm: '확인',
  },

  toast: {
    closeLabel: '알림 닫기',
  },

  // The toast shown when a new version of the app waits (app/update-toast.tsx).
  appUpdate: {
    ready: '새 버전이 준비되었어요',
    apply: '업데이트',
    later: '나중에',
    applying: '새 버전으로 바꾸는 중이에요…',
  },

  footer: {
    label: '사이트 정보',
    tagline: '포토카드 수집과 교환, 팬 카페 이벤트를 한곳에서',
    teamTitle: '만든 사람들',
    team: [
      '김하린 · 팀장, 프론트엔드',
      '이도윤 · 프론트엔드',
      '박서연 · 프론트엔드',
      '최민준 · 디자인',
      '정예린 · 기획',
    ],
    cohort: '멋쟁이 코딩스쿨 프론트엔드 부트캠프 7기',
    copyright: '© 포카마켓. 팬이 만든 비공식 팬 서비스입니다.',
  },

  // docs/product-rules.md, Layout and navigation: status, status text, message and 'GO HOME'.
  // Status texts are the HTTP reason phrases, kept in English like 'GO HOME'.
  errorScreen: {
    unknownStatus: '오류',
    unknownStatusText: 'Unexpected Application Error',
    networkStatusText: 'Network Error',
    goHome: 'GO HOME',
    statusTexts: {
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not Found',
      408: 'Request Timeout',
      409: 'Conflict',
      413: 'Payload Too Large',
      429: 'Too Many Requests',
      500: 'Internal Server Error',
      502: 'Bad Gateway',
      503: 'Service Unavailable',
      504: 'Gateway Timeout',
    } as Readonly<Record<number, string>>,
  },

  notFound: {
    status: '404',
    title: '페이지를 찾을 수 없어요',
    body: '주소가 바뀌었거나 삭제된 페이지예요. 주소를 다시 확인해주세요.',
    goHome: '홈으로 가기',
  },

  // The error catalogue, word for word (docs/product-rules.md: the messages under each screen,
  // Limits and messages).
  messages: {
    loginRequired: '로그인이 필요한 서비스입니다.',
    loginFailed: '아이디 또는 비밀번호를 확인해주세요.',
    noMore: '더 이상 없습니다',
    more: '더 보기',
    exchangeSaved: '교환 글이 성공적으로 저장되었습니다.',
    exchangeEdited: '교환 글이 수정되었습니다',
    exchangeDeleted: '교환 글이 삭제되었습니다.',
    exchangeSaveFailed: '데이터를 저장하는 데 실패했습니다.',
    exchangeEditFailed: '교환 글 수정에 실패했습니다.',
    exchangeDeleteFailed: '교환 글 삭제에 실패했습니다.',
    userIdNotFound: '유저 ID를 찾을 수 없습니다.',
    networkError: '통신 에러입니다.',
    checkEmail: '이메일을 확인해주세요',
    verifyEmailFirst: '이메일 인증을 진행해주세요',
    emailNotVerified: '이메일이 인증되지 않았습니다',
    verificationSent: '인증메일이 보내졌습니다. 메일함을 확인해주세요.',
    welcome: '환영합니다!',
    photoCardReportFailed: '포토카드 제출 중 오류가 발생했습니다.',
    photoCardReportDone: '포토카드 제보가 성공적으로 등록되었습니다.',
    meetUpReportFailed: '밋업 제출 중 오류가 발생했습니다.',
    meetUpReportDone: '밋업 제보가 성공적으로 등록되었습니다.',
    socialLoginFailed: '오류입니다',
    backendDefault: 'Something went wrong while processing your request.',
  },

  confirm: {
    logout: '정말로 로그아웃하시겠습니까?',
    logoutDone: '로그아웃되었습니다.',
    deleteAccount: '정말로 계정을 삭제하시겠습니까?',
    deleteAccountDone: '계정이 삭제되었습니다.',
    chooseBias: (group: string) => `${group}을 최애 그룹으로 선택하시겠습니까?`,
    saveCollectBook: '정말 저장하시겠습니까?',
  },

  // Validation messages, word for word (docs/product-rules.md: the rules under each screen).
  validation: {
    exchangeProfanity: '비속어가 포함된 글은 작성할 수 없습니다.',
    exchangeEmpty: '교환 글 내용을 입력해주세요.',
    exchangeTooLong: '교환 글은 150자까지 쓸 수 있습니다.',
    nameRequired: '이름을 입력해주세요',
    nameFormat: '이름 형식으로 입력해주세요',
    emailRequired: '이메일을 입력해주세요',
    emailFormat: '이메일 형식으로 입력해주세요',
    emailTaken: '이미 가입된 이메일입니다.',
    passwordMin: '최소 10자 이상 입력해주세요.',
    passwordChars: '영문/숫자/특수문자(공백 제외)만 허용, 2개 이상 조합',
    passwordConfirmRequired: '비밀번호를 한 번 더 입력해주세요.',
    passwordConfirmMismatch: '동일한 비밀번호를 입력해주세요.',
    phoneRequired: '휴대폰번호를 입력해주세요.',
    phoneFormat: '휴대폰번호를 올바르게 입력해주세요.',
    birthRequired: '생년월일을 입력해주세요.',
    birthFormat: '생년월일을 올바르게 입력해주세요.',
    postCounter: (length: number, max: number) => `${length}/${max}`,
  },

  sort: {
    latest: '최신순',
    mostLiked: '찜높은순',
    leastLiked: '찜낮은순',
  },

  collectBook: {
    titleLabel: '콜렉트북 제목 입력',
    undecidedGroup: '미정',
  },

  register: {
    submit: '가입하기',
  },

  photoCardTypes: ['앨범', '특전', '팬싸', '시즌그리팅', '기타'],

  // The offline data layer: the offline banner, the changes waiting to sync, and what failed.
  sync: {
    offline: '오프라인 상태예요. 변경 사항은 기기에 저장되고 연결되면 자동으로 보내져요.',
    backOnline: '다시 연결되었어요. 변경 사항을 보내는 중이에요.',
    pendingCount: (n: number) => `동기화 대기 ${n}`,
    pendingLabel: (n: number) => `동기화 대기 중인 변경 ${n}개, 목록 보기`,
    pendingMark: '동기화 대기 중',
    failedMark: '동기화 실패',
    sheetTitle: '동기화 대기 중인 변경',
    sheetEmpty: '보낼 변경 사항이 없어요.',
    close: '닫기',
    queuedAt: (time: string) => `${time}에 저장됨`,
    stateWaiting: '대기 중',
    stateRetrying: (seconds: number) => `${seconds}초 후 다시 시도`,
    stateLogin: '로그인하면 보내져요',
    stateOffline: '연결되면 보내져요',
    deadTitle: '보내지 못한 변경',
    retry: '다시 시도',
    discard: '삭제',
    discardConfirm: '이 변경 사항을 삭제할까요? 삭제하면 되돌릴 수 없어요.',
    syncNow: '지금 동기화',
    kindUnknown: '기타 변경',
    failedCount: (n: number) => `보내지 못한 변경 ${n}개가 있어요`,
    retryFailed: '다시 보내지 못했어요. 잠시 후 다시 시도해주세요.',
    cardCount: (n: number) => `카드 ${n}장`,
    commentEmpty: '댓글 내용을 입력해주세요.',
    commentTooLong: '댓글은 500자까지 쓸 수 있습니다.',
    bookTitleInvalid: '콜렉트북 제목을 1~50자로 입력해주세요.',
    imageInvalid: IMAGE_INVALID,
    /** Why a picked image is refused by its bytes (the server's words: pb_hooks/lib/uploads.js). */
    imageProblem: {
      notImage: IMAGE_INVALID,
      tooLarge:
        '이미지가 너무 큽니다. 2,500만 화소(한 변 12,000픽셀)까지 올릴 수 있어요. 크기를 줄여 다시 올려주세요.',
      unreadable: '이미지 크기를 읽을 수 없습니다. 다른 이미지를 올려주세요.',
    },
    usernameInvalid: '닉네임은 한글, 영문, 숫자, _ . 로 2~20자까지 쓸 수 있습니다.',
    storageFull:
      '기기의 저장 공간이 부족해 저장하지 못했어요. 저장 공간을 확보한 뒤 다시 시도해주세요.',
  },

  // Relative time labels (docs/product-rules.md, Limits and messages).
  relativeTime: {
    years: (n: number) => `${n}년 전`,
    months: (n: number) => `${n}개월 전`,
    days: (n: number) => `${n}일 전`,
    hours: (n: number) => `${n}시간 전`,
    minutes: (n: number) => `${n}분 전`,
    justNow: '방금 전',
  },
} as const;

export type Ko = typeof ko;
