// Strings of the console's 가져오기 (docs/operators.md, Bulk import, From the console). Loaded with
// the console's chunk only.

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)}MB`;

export const koImport = {
  intro:
    '카탈로그 CSV와 그 이미지들을 올려 포토카드를 한 번에 만들거나 고쳐요. 먼저 미리 확인으로 결과를 본 뒤 가져오세요.',
  columns:
    '머리글: key, group, group_latin, member, member_latin, release, label, title, image, back_image. 이미지는 image, back_image 열에 쓴 경로의 파일 이름으로 찾아요.',
  cli: '500행이나 1MB가 넘는 CSV, 모두 합쳐 100MB가 넘는 파일은 서버에서 npm run catalogue:import로 가져와주세요.',
  formTitle: '가져올 파일',
  csvLabel: 'CSV 파일',
  csvHint: 'UTF-8, 1MB, 500행까지',
  imagesLabel: '이미지 파일 (여러 장)',
  imagesHint: 'PNG, JPEG, WEBP, GIF, 한 장에 5MB까지',
  chosen: (n: number, bytes: number) => `이미지 ${n.toLocaleString('ko-KR')}장, ${mb(bytes)}`,
  dryRun: '미리 확인 (dry run)',
  run: '가져오기',

  // checked here, before anything is sent
  noCsv: '가져올 CSV 파일을 골라주세요.',
  csvTooBig: (bytes: number) =>
    `CSV 파일은 1MB까지 올릴 수 있어요. (고른 파일: ${mb(bytes)}) 더 큰 카탈로그는 npm run catalogue:import로 가져와주세요.`,
  totalTooBig: (bytes: number) =>
    `한 번에 보낼 수 있는 파일은 모두 합쳐 100MB까지예요. (고른 파일: ${mb(bytes)}) 나눠서 가져오거나 npm run catalogue:import로 가져와주세요.`,
  tooManyImages: (max: number) =>
    `이미지는 한 번에 ${max.toLocaleString('ko-KR')}장까지 보낼 수 있어요. 나눠서 가져오거나 npm run catalogue:import로 가져와주세요.`,
  /** The server's 413 (its own message is not Korean). */
  requestTooBig:
    '보낸 파일이 모두 합쳐 100MB를 넘었어요. 나눠서 가져오거나 npm run catalogue:import로 가져와주세요.',
  /** The server's 429. */
  tooMany: '가져오기를 너무 자주 했어요. 10분쯤 뒤에 다시 시도해주세요.',

  sendingLabel: '파일 보내기 진행률',
  sending: (percent: number) => `파일을 보내는 중이에요... ${percent}%`,
  checking: '서버에서 확인하고 저장하는 중이에요...',
  checkingDry: '서버에서 확인하는 중이에요...',

  reportDry: '미리 확인 결과',
  reportRun: '가져오기 결과',
  dryNote: '미리 확인이라 아무것도 저장하지 않았어요.',
  summary: (r: {
    rows: number;
    created: number;
    updated: number;
    unchanged: number;
    bad: number;
  }) =>
    `${r.rows}행 중 새 카드 ${r.created}, 바뀐 카드 ${r.updated}, 그대로 ${r.unchanged}, 오류 ${r.bad}`,
  doneToast: '카탈로그를 가져왔어요.',
  counts: {
    rows: '전체 행',
    created: '새 카드',
    updated: '바뀐 카드',
    unchanged: '그대로',
    bad: '오류 행',
  },
  groupsRun: '새로 만든 그룹',
  groupsDry: '새로 만들 그룹',
  badTitle: (n: number) => `오류가 있는 행 ${n.toLocaleString('ko-KR')}개`,
  badNote: '오류가 있는 행은 저장하지 않았어요. 고쳐서 다시 가져오면 그 행만 더해져요.',
  cardsRun: (n: number) => `저장한 카드 ${n.toLocaleString('ko-KR')}장`,
  cardsDry: (n: number) => `저장할 카드 ${n.toLocaleString('ko-KR')}장`,
  mergedTitle: (n: number) => `다른 카드에 합쳐져 건너뛴 행 ${n.toLocaleString('ko-KR')}개`,
  mergedNote:
    '관리자가 다른 카드에 합친 카드의 행은 그대로로 세고 저장하지 않아요. 남은 카드를 고쳐주세요.',
  into: '남은 카드',
  line: '줄',
  key: 'key',
  reasons: '이유',
  action: '결과',
  actions: { created: '새 카드', updated: '바뀐 카드' } as Readonly<Record<string, string>>,
  shown: (shown: number, total: number) =>
    `${total.toLocaleString('ko-KR')}개 중 ${shown.toLocaleString('ko-KR')}개를 보여주고 있어요.`,
  more: '더 보기',
} as const;
