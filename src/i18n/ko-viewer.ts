// Strings of the full-screen image viewer, the meetup list's sections, the ended event's comment
// form, the map's tile notice and credit, and the pending-changes sheet's summary.
export const koViewer = {
  viewer: {
    /** The dialog's name: what is shown, e.g. '포토카드 이미지' or the event's title. */
    dialogLabel: (what: string) => `${what} 크게 보기`,
    cardImages: '포토카드 이미지',
    close: '닫기',
    previous: '이전 이미지',
    next: '다음 이미지',
    zoomIn: '확대',
    zoomOut: '축소',
    /** '3 / 12', read as '12개 중 3번째'. */
    position: (i: number, n: number) => `${i} / ${n}`,
    positionLabel: (i: number, n: number) => `${n}개 중 ${i}번째`,
    hint: '두 번 탭하거나 두 손가락으로 확대, 옆으로 넘기면 다음 이미지, 아래로 내리면 닫혀요.',
    /** The card image's button on the card page. */
    openCard: '이미지 크게 보기',
    openEventImage: (n: number) => `${n}번째 이미지 크게 보기`,
  },
  meetupSections: {
    filterLabel: '밋업 상태',
    all: '전체',
    ongoing: '진행 중',
    upcoming: '예정',
    ended: '종료',
    /** The status chip on each card. */
    chipOngoing: '진행 중',
    chipUpcoming: '예정',
    chipEnded: '종료',
    emptyOngoing: '지금 진행 중인 밋업이 없어요',
    emptyUpcoming: '예정된 밋업이 없어요',
    emptyEnded: '종료된 밋업이 없어요',
    emptyHint: '다른 상태를 골라 보세요.',
  },
  endedComments: {
    notice: '종료된 이벤트예요. 더 이상 댓글을 남길 수 없어요.',
    /** An ended event with no comments. */
    none: '남겨진 댓글이 없어요.',
    /** The server's refusal, the same words as pb_hooks/lib/meetup-ended.js. */
    refused: '종료된 이벤트에는 댓글을 남길 수 없어요.',
  },
  mapTiles: {
    failed: '지도 이미지를 불러오지 못했어요. 연결을 확인한 뒤 다시 시도해 주세요.',
    retry: '다시 불러오기',
    /** Leaflet's attribution, in Korean. */
    credit: '지도 데이터',
    contributors: '기여자',
    /** Markers spread around one spot. */
    sameSpot: (n: number) => `같은 장소에 밋업 ${n}개`,
  },
  syncSheet: {
    /** Why the pill's number and the list's rows differ: ticks of one book go as one row. */
    summary: (changes: number, rows: number) =>
      changes === rows ? `변경 ${changes}건` : `변경 ${changes}건 · 목록 ${rows}줄`,
    summaryWhy: '콜렉트북에서 함께 체크한 카드는 한 줄로 보내지만 카드마다 한 건으로 세어요.',
    rowChanges: (n: number) => `${n}건`,
  },
};
