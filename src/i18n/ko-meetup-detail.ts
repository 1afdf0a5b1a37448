// Strings of the event detail (/meetupDetail/{id}) and its comments; merged into `ko` by ko-features.ts.
export const koMeetupDetail = {
  meetupDetail: {},
} as const;
