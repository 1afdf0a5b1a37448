// Strings of the trade QR codes (docs/trade-qr.md): 내 교환 QR (/tradeQr), QR 스캔
// (/tradeQr/scan) and what the codec says when it refuses a code.

export const koTradeQr = {
  errors: {
    notOurs: '포카마켓 교환 QR 코드가 아니에요.',
    garbled: 'QR 코드를 읽지 못했어요. 코드가 잘 보이게 다시 비춰 주세요.',
    otherPayload: '다른 교환 QR 코드의 조각이에요. 같은 팬의 코드를 이어서 스캔해 주세요.',
    newerFormat: '더 새로운 포카마켓에서 만든 코드예요. 앱을 업데이트한 뒤 다시 스캔해 주세요.',
    tooLarge: '교환 목록이 너무 커서 QR 코드로 만들 수 없어요.',
  },

  // The links to the two screens (/tradeList, the profile's trade menu).
  links: {
    show: '내 교환 QR',
    scan: 'QR 스캔',
  },

  loggedOutTitle: '로그인이 필요해요',
  loggedOutBody: '로그인하면 교환 목록을 QR 코드로 보여 주고 다른 팬의 코드를 스캔할 수 있어요.',
  loginLink: '로그인하기',
  loading: '교환 목록을 불러오는 중이에요',

  // /tradeQr, 내 교환 QR.
  show: {
    title: '내 교환 QR',
    intro:
      '신호가 없어도 돼요. 옆의 팬이 QR 스캔으로 이 코드를 비추면 서로 맞는 카드를 바로 볼 수 있어요.',
    summary: (have: number, want: number) => `보유 ${have}장 · 구함 ${want}장`,
    codeLabel: (name: string, i: number, n: number) =>
      n > 1 ? `${name}님의 교환 QR 코드 ${n}개 중 ${i}번째` : `${name}님의 교환 QR 코드`,
    part: (i: number, n: number) => `${i}/${n}`,
    partsHint: (n: number) =>
      `목록이 커서 코드 ${n}개가 차례로 바뀌어요. 스캔하는 쪽에서 모두 읽을 때까지 비춰 주세요.`,
    pause: '일시정지',
    play: '자동 넘김',
    previous: '이전 코드',
    next: '다음 코드',
    empty: '교환 목록이 비어 있어요. 카드를 담으면 코드에 함께 실려요.',
    failed: 'QR 코드를 만들지 못했어요.',
    toScan: '다른 팬의 QR 스캔하기',
    toList: '내 교환 목록',
  },

  // /tradeQr/scan, QR 스캔.
  scan: {
    title: 'QR 스캔',
    intro: '다른 팬의 내 교환 QR 화면을 비추거나 코드 사진을 골라 주세요. 인터넷이 없어도 돼요.',
    camera: '카메라로 스캔',
    stopCamera: '카메라 끄기',
    cameraLabel: '카메라 화면',
    cameraStarting: '카메라를 켜는 중이에요',
    cameraOn: '코드를 화면 가운데에 맞춰 주세요',
    cameraDenied:
      '카메라를 쓸 수 없어요. 브라우저 설정에서 카메라를 허용하거나, 아래에서 코드 사진을 골라 주세요.',
    cameraMissing: '이 기기에서는 카메라를 쓸 수 없어요. 코드 사진을 골라 주세요.',
    photo: '사진에서 QR 읽기',
    photoNone: '사진에서 QR 코드를 찾지 못했어요. 코드가 선명하게 나온 사진을 골라 주세요.',
    progress: (have: number, count: number) => `코드 ${count}개 중 ${have}개를 읽었어요`,
    missing: (parts: number[]) => `남은 코드: ${parts.join(', ')}번`,
    again: '다시 스캔하기',
  },

  // The result: the two-way match with the scanned fan.
  result: {
    heading: (name: string) => `${name}님과 맞는 카드`,
    theyHave: (n: number) => `내가 구하는 카드를 가지고 있어요 ${n}장`,
    theyWant: (n: number) => `내 카드를 구하고 있어요 ${n}장`,
    noneHave: '내가 구하는 카드는 없어요.',
    noneWant: '내 보유 카드 중 구하는 카드는 없어요.',
    totals: (have: number, want: number) => `상대 목록: 보유 ${have}장 · 구함 ${want}장`,
    unknown: (n: number) =>
      `내 기기에 없는 카드 ${n}장은 읽지 못했어요. 내가 모으는 그룹의 카드만 기기에 저장돼요.`,
    unknownCard: '불러오지 못한 카드',
    cardName: (member: string, title: string) => [member, title].filter(Boolean).join(' '),
    cardAlt: (group: string, member: string, title: string) =>
      `${group} ${member} ${title} 포토카드`.replace(/\s+/g, ' ').trim(),
    self: '내 코드를 스캔했어요. 다른 팬의 코드를 비춰 주세요.',
  },
};
