// Strings of the event detail (/meetupDetail/{id}) and its comments; merged into `ko` by ko-features.ts.
export const koMeetupDetail = {
  meetupDetail: {
    notFound: '밋업을 찾을 수 없어요.',
    notFoundHint: '삭제되었거나 주소가 잘못된 이벤트예요.',
    backToMap: '밋업 지도로 가기',

    // The image carousel (docs/product-rules.md, Event detail: 3000 ms, loop, pause on hover,
    // navigation, pagination, keyboard)
    carouselLabel: (title: string) => `${title} 이벤트 이미지`,
    imageAlt: (title: string, n: number) => `${title} 이벤트 이미지 ${n}`,
    noImage: '등록된 이벤트 이미지가 없어요',
    previousSlide: '이전 이미지',
    nextSlide: '다음 이미지',
    firstSlide: '첫 번째 이미지예요',
    lastSlide: '마지막 이미지예요',
    /** Swiper fills in {{index}}. */
    showSlide: '{{index}}번째 이미지 보기',
    slideRoleDescription: '슬라이드',
    pauseSlides: '이미지 자동 넘김 멈추기',
    playSlides: '이미지 자동 넘김 시작',

    // The card
    artist: '아티스트',
    cafe: '카페',
    address: '주소',
    period: '운영 기간',
    source: '출처',
    sourceLink: 'X(트위터) 원문 보기',
    sourceOpensNewTab: '(새 창에서 열림)',
    none: '정보 없음',

    // The GIFT section (basic, first-come, cookie gifts) and the EVENT section (hashtags)
    giftTitle: 'GIFT',
    basicGift: '기본 특전',
    priorityGift: '선착 특전',
    desertGift: '디저트·쿠키 특전',
    eventTitle: 'EVENT',
    hashtags: '해시태그',

    // The map (docs/product-rules.md, Event detail: at the location, zoom 3, 450 px high)
    mapTitle: '위치',
    mapLabel: (cafe: string) => `${cafe} 위치 지도`,
    mapLoading: '지도를 불러오는 중이에요',
    mapFailed: '지도를 불러오지 못했어요.',
    mapRetry: '다시 시도',
    noLocation: '이 이벤트는 위치 정보가 없어 지도를 표시할 수 없어요.',

    // Comments
    commentsTitle: '댓글',
    commentCount: (n: number) => `댓글 ${n}`,
    commentsLabel: '댓글 목록',
    noComments: '아직 댓글이 없어요. 첫 댓글을 남겨보세요!',
    commentFormLabel: '댓글 쓰기',
    commentPlaceholder: '이벤트에 대한 이야기를 남겨주세요.',
    commentCounterLabel: '글자 수',
    commentSubmit: '등록',
    commentPosted: '댓글을 남겼어요.',
    commentBy: (name: string) => `${name}님의 댓글`,
    commentDelete: '삭제',
    commentDeleteLabel: '내 댓글 삭제',
    commentDeleteConfirm: '댓글을 삭제할까요? 삭제하면 되돌릴 수 없어요.',
    commentDeleted: '댓글을 삭제했어요.',
  },
} as const;
