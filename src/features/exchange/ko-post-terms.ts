// Strings of a post's terms on the card page and 내가 쓴 글 (docs/product-rules.md, Exchange posts):
// the form's type switch, price, shipping chips, chain, place and photos, the list's filter chips,
// and the honest toasts of a change only saved on the device. The names of the types, methods and
// chains, and the rule messages, are the domain's (src/domains/posts/ko-terms.ts).
export const koPostTerms = {
  form: {
    typeLegend: '글 종류',
    priceLabel: '가격',
    pricePlaceholder: '예: 15,000',
    won: '원',
    shippingLegend: '거래 방법',
    shippingHint: '여러 개 고를 수 있어요.',
    cvsLegend: '반값택배 편의점',
    placeLabel: '직거래 장소',
    placePlaceholder: '예: 홍대입구역 9번 출구',
    placeCounter: '글자 수',
    photosLegend: '실물·포장 사진',
    photosHint: '최대 3장, JPG·PNG·WEBP 5MB까지',
    addPhoto: '사진 추가',
    photoAlt: (n: number) => `첨부할 실물·포장 사진 ${n}`,
    removePhoto: (n: number) => `사진 ${n} 빼기`,
  },
  item: {
    /** The terms line read as one ('양도 글, 15,000원, 거래 방법 반값택배(GS25) · 준등기'). */
    shippingLabel: '거래 방법',
    photosLabel: '실물·포장 사진',
    photoAlt: (name: string, n: number, of: number) => `${name}님의 실물·포장 사진 ${n}/${of}`,
    openPhoto: (n: number) => `사진 ${n} 크게 보기`,
    viewerLabel: (name: string) => `${name}님의 실물·포장 사진`,
    typeBadge: (type: string) => `${type} 글`,
  },
  filter: {
    label: '글 종류로 보기',
    all: '전체',
    count: (label: string, n: number) => `${label} ${n}`,
    shippingLabel: '거래 방법',
    shippingAll: '거래 방법 전체',
    empty: '조건에 맞는 글이 없어요.',
  },
  /** A change only saved on this device (offline): said as such, never as sent. */
  queued: {
    created: '기기에 저장했어요. 연결되면 올라가요.',
    edited: '기기에 저장했어요. 연결되면 수정돼요.',
    deleted: '기기에서 지웠어요. 연결되면 서버에서도 지워져요.',
  },
};
