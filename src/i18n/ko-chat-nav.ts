// The top bar's chat icon with the unread total (app/layout/header-tools.tsx). A module of its
// own: the header is in the entry bundle, and importing features/chat/ko.ts there would bring every chat
// string with it.
export const chatUnreadLabel = (n: number) => `채팅, 읽지 않은 메시지 ${n}`;
