// Strings of a proposal's photos (docs/trades.md, Photos): the proposal form's picker and the
// trade page's thumbnails. The rule messages are the domain's (src/domains/trades/photos.ts).
export const koTradePhotos = {
  field: {
    legend: '실물·포장 사진 (최대 3장)',
    hint: '선택, 한 장에 5MB까지',
    addPhoto: '사진 추가',
    photoAlt: (n: number) => `첨부할 실물·포장 사진 ${n}`,
    removePhoto: (n: number) => `사진 ${n} 빼기`,
  },
  shown: {
    title: '실물·포장 사진',
    photoAlt: (name: string, n: number) => `${name}님이 올린 실물 사진 ${n}`,
    /** While the proposer's profile is not on the device yet. */
    photoAltUnnamed: (n: number) => `실물 사진 ${n}`,
    openPhoto: (n: number) => `사진 ${n} 크게 보기`,
    viewerLabel: (name: string) => `${name}님이 올린 실물·포장 사진`,
    viewerLabelUnnamed: '실물·포장 사진',
  },
};
