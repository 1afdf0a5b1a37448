// Strings of the offline packs (docs/offline-pack.md): an event's 오프라인 저장 on its detail page and
// a day's on /meetup. Imported only by the pack's own chunk (src/features/offline-pack), so none of
// this reaches the entry bundle or the meetup screens' first paint.

/** '2.3MB', '850KB': one decimal under 10 MB, whole kilobytes under 1 MB. */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 10) return `${Math.round(mb)}MB`;
  if (mb >= 1) return `${(Math.round(mb * 10) / 10).toFixed(1)}MB`;
  return `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

export const koOfflinePack = {
  regionEvent: '오프라인 저장',
  regionDay: '하루 일정 오프라인 저장',
  saveEvent: '오프라인 저장',
  saveDay: (label: string) => `${label} 일정 오프라인 저장`,
  today: '오늘',
  dayPicker: '저장할 날짜',
  dayOption: (label: string, count: number, saved: boolean) =>
    `${label} · 이벤트 ${count}개${saved ? ' · 저장됨' : ''}`,
  /** Beside the day's heading when a day is kept: '12월 3일 (목) 저장됨 · 2.3MB'. */
  savedDay: (label: string, bytes: number) => `${label} 저장됨 · ${formatBytes(bytes)}`,
  /** '11월 28일 (토)' */
  dayLabel: (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const weekday = '일월화수목금토'[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
    return `${m}월 ${d}일 (${weekday})`;
  },
  /** What the pack will keep, before saving. */
  plan: (events: number, images: number, tiles: number, bytes: number) =>
    `이벤트 ${events}개 · 이미지 ${images}장 · 지도 타일 ${tiles}장 · 약 ${formatBytes(bytes)}`,
  /** What a saved pack holds. */
  kept: (events: number, images: number, tiles: number, comments: number) =>
    `이벤트 ${events}개 · 댓글 ${comments}개 · 이미지 ${images}장 · 지도 타일 ${tiles}장`,
  planMore: (shown: number, total: number) =>
    `이날 이벤트 ${total}개 중 먼저 시작하는 ${shown}개를 저장해요.`,
  planHint: '이벤트 정보와 댓글, 이미지, 주변 지도를 이 기기에 저장해 인터넷 없이도 볼 수 있어요.',
  progressLabel: '오프라인 저장 진행률',
  progress: (done: number, total: number) => `저장 중… ${done} / ${total}`,
  saved: (bytes: number) => `오프라인 저장됨 · ${formatBytes(bytes)}`,
  savedAt: (when: string) => `${when}에 저장`,
  savedEvents: (n: number) => `이벤트 ${n}개`,
  remove: '삭제',
  removeLabel: (what: string) => `${what} 오프라인 저장 삭제`,
  removed: '오프라인 저장을 삭제했어요.',
  partial: (n: number) => `${n}개 파일을 받지 못했어요. 다시 시도해 주세요.`,
  retry: '다시 저장',
  offline: '인터넷에 연결되면 저장할 수 있어요.',
  storageFull:
    '기기 저장 공간이 부족해 오프라인 저장을 하지 못했어요. 공간을 확보한 뒤 다시 시도해 주세요.',
  failed: '오프라인 저장에 실패했어요. 다시 시도해 주세요.',
};
