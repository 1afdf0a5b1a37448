// The exchange post's chat links (features/exchange/components/post-item.tsx): a module of its
// own, so the card page's chunk does not carry every chat string (ko-chat.ts) with it.
export const koChatPost = {
  propose: '교환 제안',
  proposeLabel: (name: string) => `${name}님에게 교환 제안하기`,
  openFailed: '채팅을 열지 못했어요. 잠시 후 다시 시도해주세요.',
};
