// Strings of the camera scan (docs/card-scan.md): 스캔 in a collect book, on a card's page and in
// the have/want list.

export const koCardScan = {
  open: '스캔',
  title: '카드 스캔',
  close: '닫기',
  intro: '카드를 가이드 안에 맞춰 비춰 주세요. 사진은 기기 밖으로 나가지 않아요.',
  cameraLabel: '카드를 비추는 카메라 화면',
  preparing: (done: number, total: number) => `카드 정보를 준비하는 중이에요 (${done}/${total})`,
  preparedPartly: (missing: number) =>
    `이미지를 불러오지 못한 카드 ${missing}장은 알아볼 수 없어요. 온라인에서 한 번 열거나 오프라인 저장을 해 주세요.`,
  noCards: '이 그룹에는 알아볼 수 있는 카드가 아직 없어요.',
  cameraStarting: '카메라를 켜는 중이에요',
  looking: '카드를 가이드 안에 맞춰 주세요',
  holding: '카드를 찾았어요. 그대로 잠시 들고 있어 주세요',
  cameraDenied: '카메라를 쓸 수 없어요. 브라우저 설정에서 카메라를 허용해 주세요.',
  cameraMissing: '이 기기에서 쓸 수 있는 카메라가 없어요.',
  fallback: '카메라 없이도 화면의 목록에서 카드를 직접 고를 수 있어요.',
  continuous: '연속 스캔',
  found: (member: string, title: string) => `${member} · ${title}`,
  foundSay: (member: string, title: string) => `${member} ${title} 카드예요`,
  askTitle: '어떤 카드인가요?',
  askHint: '확실하지 않아요. 가장 비슷한 카드 3장 중에서 골라 주세요.',
  askNone: '이 중에 없나요? 카탈로그에 없는 카드라면 제보해 주세요.',
  unknownTitle: '카탈로그에 없는 카드 같아요',
  unknownHint: '제보해 주시면 확인 후 등록할게요. 지금 비춘 사진이 함께 첨부돼요.',
  report: '제보하기',
  undo: '실행 취소',

  // What a scan does, in the words of the screen it is opened from.
  book: {
    action: '체크',
    continuousHint: '알아본 카드를 바로 체크해요',
    owned: '이미 체크된 카드예요',
    taken: (member: string, title: string) => `${member} · ${title} 체크했어요`,
    count: (n: number) => `이번 스캔에서 ${n}장 체크했어요`,
    undone: (member: string, title: string) => `${member} · ${title} 체크를 취소했어요`,
    failed: '체크하지 못했어요. 다시 시도해 주세요.',
  },
  have: {
    action: '보유에 추가',
    continuousHint: '알아본 카드를 바로 보유 목록에 넣어요',
    owned: '이미 보유 목록에 있는 카드예요',
    taken: (member: string, title: string) => `${member} · ${title} 보유에 추가했어요`,
    count: (n: number) => `이번 스캔에서 ${n}장 보유에 추가했어요`,
    undone: (member: string, title: string) => `${member} · ${title} 보유 추가를 취소했어요`,
    failed: '보유 목록에 넣지 못했어요. 다시 시도해 주세요.',
  },
} as const;

/** The words of one screen's scan (koCardScan.book or koCardScan.have). */
export type CardScanWords = (typeof koCardScan)['book'] | (typeof koCardScan)['have'];
