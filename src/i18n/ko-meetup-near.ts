// Strings of 내 주변 on the meetup map (/meetup: the 내 위치 button, the distance order, its
// messages; docs/product-rules.md, Meetup map). Imported directly by the code that comes with the
// map's chunk, not merged into ko-features.ts: every screen's chunk carries that one.
export const koMeetupNear = {
  meetupNear: {
    /** The map's button; its visible text is its name. */
    locate: '내 위치',
    locating: '위치 찾는 중',
    /** The fan's position on the map (the marker's name), with the accuracy circle's radius. */
    here: (accuracy: string) => `내 위치, 오차 약 ${accuracy}`,
    hereLast: (age: string) => `마지막으로 확인한 내 위치, ${age}`,
    /** Under the search while the list knows the fan's position. */
    orderLabel: '목록 순서',
    byDistance: '가까운 순',
    byDate: '기본 순',
    /** Where the distances are measured from. */
    fromHere: '현재 위치 기준',
    fromLast: (age: string) => `마지막 위치 · ${age}`,
    /** Distances on the cards: '350m', '1.2km', '12km'. */
    meters: (n: number) => `${n}m`,
    kilometers: (n: string) => `${n}km`,
    within: (n: number) => `${n}m 이내`,
    // Messages (a toast); the map and the list stay as they were.
    denied: '위치 권한이 꺼져 있어요. 브라우저 설정에서 이 사이트의 위치 접근을 허용해 주세요.',
    unavailable: '지금은 위치를 찾을 수 없어요. 잠시 후 다시 시도해 주세요.',
    timeout: '위치를 찾는 데 시간이 너무 오래 걸렸어요. 다시 시도해 주세요.',
    unsupported: '이 브라우저에서는 위치를 찾을 수 없어요.',
    /** The device could not say where it is now, but it knew before: that position is used. */
    usingLast: '지금 위치를 찾지 못해 마지막으로 확인한 위치를 기준으로 보여 드려요.',
  },
} as const;
