// Strings of the meetup map (/meetup); merged into `ko` by ko-features.ts.
export const koMeetupMap = {
  meetupMap: {
    searchLabel: '밋업 검색',
    // docs/product-rules.md, Search: the search placeholder 'place, artist name'
    searchPlaceholder: '장소, 아티스트 이름',
    listLabel: '밋업 목록',
    count: (n: number) => `밋업 ${n}개`,
    /** The count while the list runs nearest first (내 주변), read out when the order changes. */
    countNearest: (n: number) => `밋업 ${n}개 · 가까운 순`,
    loading: '밋업을 불러오는 중이에요',
    empty: '아직 등록된 밋업이 없어요',
    emptyHint: '새로운 생일카페나 이벤트 소식이 들어오면 여기에 보여요.',
    noResults: '검색 결과가 없어요',
    noResultsHint: '카페 이름, 주소, 아티스트 이름, 이벤트 이름으로 찾아보세요.',
    /** The button that selects the event's cafe on the map (pressed when selected). */
    showOnMap: '지도에서 보기',
    showOnMapLabel: (title: string) => `${title} 지도에서 보기`,
    /** An event without coordinates: listed, but not on the map. */
    noLocation: '지도 위치 없음',
    cafeLabel: '카페',
    addressLabel: '주소',
    dateLabel: '기간',
    /** Before a card's distance from the fan (내 주변), for screen readers. */
    distanceLabel: '거리',
    mapLabel: '밋업 지도',
    zoomIn: '확대',
    zoomOut: '축소',
    /** A marker cluster's name: how many events it holds. */
    cluster: (n: number) => `밋업 ${n}개 모음, 눌러서 확대`,
    mapLoading: '지도를 불러오는 중이에요',
    mapFailed: '지도를 불러오지 못했어요',
    mapFailedHint:
      '네트워크 연결을 확인하고 다시 시도해 주세요. 목록과 검색은 그대로 쓸 수 있어요.',
    retry: '다시 시도',
  },
} as const;
