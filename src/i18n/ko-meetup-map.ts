// Strings of the meetup map (/meetup); merged into `ko` by ko-features.ts.
export const koMeetupMap = {
  meetupMap: {
    // spec §2: the search placeholder 'place, artist name'
    searchPlaceholder: '장소, 아티스트 이름',
  },
} as const;
