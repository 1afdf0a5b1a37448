// Strings of the have and want lists' screens (docs/trades.md): the card detail's marks, the
// collect book's two list actions and its 공개 switch, and /tradeList. The card tiles' two words
// are in ko-trade-marks.ts, so the card grids' chunk does not carry these.

export const koTradeLists = {
  kinds: { have: '보유·교환 가능', want: '구함' },
  loading: '교환 목록을 불러오는 중이에요',

  // The card detail's part (the card panel).
  card: {
    heading: '교환 목록에 표시',
    marksLabel: '이 카드 표시',
    have: '보유·교환 가능',
    want: '구함',
    remove: '표시 지우기',
    spareLabel: '여분',
    spareUnit: '장',
    loginHint: '로그인하면 이 카드를 교환 목록에 담을 수 있어요.',
    markedHave: (spare: number) => `보유·교환 가능으로 표시했어요 (여분 ${spare}장)`,
    markedWant: '구함으로 표시했어요',
    removed: '교환 목록에서 뺐어요',
    traders: (have: number, want: number) => `${have}명 보유 · ${want}명 구함`,
    tradersLabel: (have: number, want: number) =>
      `이 카드를 교환 목록에 공개한 팬: ${have}명 보유, ${want}명 구함. 매칭 보기`,
    myList: '내 교환 목록',
  },

  // The spare-copies stepper (1–99).
  spare: {
    label: '교환 가능한 여분 수량',
    decrease: '여분 1장 줄이기',
    increase: '여분 1장 늘리기',
    value: (n: number) => `${n}장`,
  },

  // What any of the list writes says when it fails.
  failed: '교환 목록을 바꾸지 못했어요. 다시 시도해 주세요.',

  // The collect book: the two list actions and the 나만 보기 / 자랑하기 switch.
  book: {
    actionsTitle: '교환 목록에 담기',
    addUnowned: '안 모은 카드 구함에 추가',
    addDuplicates: '중복 카드 교환 목록에 추가',
    duplicatesHint: '두 권 이상의 콜렉트북에 체크한 카드를 여분과 함께 담아요.',
    saveFirst: '체크한 카드를 완료로 저장한 뒤에 담을 수 있어요.',
    addedWants: (n: number) => `안 모은 카드 ${n}장을 구함 목록에 담았어요.`,
    noWants: '새로 담을 카드가 없어요. 안 모은 카드가 없거나 이미 교환 목록에 있어요.',
    addedHaves: (n: number) => `중복 카드 ${n}장을 교환 목록에 담았어요.`,
    noHaves: '새로 담을 중복 카드가 없어요. 두 권 이상에 체크한 카드가 없거나 이미 목록에 있어요.',
    toList: '내 교환 목록 보기',
    privacyHintMine: '나만 보기: 이 콜렉트북에서 교환 목록에 담은 카드는 나만 볼 수 있어요.',
    privacyHintShow:
      '자랑하기: 이 콜렉트북에서 교환 목록에 담은 카드가 매칭되는 팬에게 공개돼요. 체크한 카드 목록은 공개되지 않아요.',
    privacyFailed: '공개 범위를 바꾸지 못했어요. 다시 시도해 주세요.',
  },

  // /tradeList, 내 교환 목록.
  screen: {
    title: '내 교환 목록',
    intro: '교환할 수 있는 카드와 구하는 카드를 모아 두면 맞는 팬을 매칭에서 찾을 수 있어요.',
    loggedOutTitle: '로그인이 필요해요',
    loggedOutBody: '로그인하면 보유·구함 카드를 모아 교환 상대를 찾을 수 있어요.',
    loginLink: '로그인하기',
    tabsLabel: '교환 목록 종류',
    tab: (label: string, n: number) => `${label} ${n}`,
    summary: (have: number, want: number) => `보유 ${have}장 · 구함 ${want}장`,
    publicLabel: '교환 목록 공개',
    publicOn:
      '공개 중: 다른 팬이 매칭과 내 프로필에서 보유·구함 카드를 볼 수 있어요. 여분 수량은 보이지 않아요.',
    publicOff:
      '비공개: 다른 팬에게 보이지 않아요. 자랑하기로 공개한 콜렉트북에서 담은 카드만 매칭에 보여요.',
    publicFailed: '공개 설정을 바꾸지 못했어요. 다시 시도해 주세요.',
    matching: '매칭 보기',
    /** The way to 만난 팬 (docs/encounters.md): fans saved after scanning their trade code. */
    encounters: '만난 팬',
    // docs/trade-qr.md: the link sits here so this screen's chunk does not carry ko-trade-qr
    tradeQr: '내 교환 QR',
    haveListLabel: '보유·교환 가능 카드',
    wantListLabel: '구하는 카드',
    unknownCard: '불러오지 못한 카드',
    remove: '빼기',
    removeLabel: (name: string) => `${name} 교환 목록에서 빼기`,
    removed: (name: string) => `${name} 카드를 교환 목록에서 뺐어요.`,
    spareLabel: '여분',
    more: '더 보기',
    emptyHaveTitle: '교환할 카드가 아직 없어요',
    emptyHaveBody:
      '카드 상세에서 보유·교환 가능으로 표시하거나, 두 권 이상의 콜렉트북에 체크한 중복 카드를 한 번에 담아 보세요.',
    emptyWantTitle: '구하는 카드가 아직 없어요',
    emptyWantBody:
      '카드 상세에서 구함으로 표시하거나, 콜렉트북에서 안 모은 카드를 한 번에 구함에 담아 보세요.',
    booksTitle: '내 콜렉트북',
    addBook: '콜렉트북 만들기',
    browse: '포토카드 둘러보기',
  },
};
