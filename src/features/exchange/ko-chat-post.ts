// The exchange post's chat links (features/exchange/components/post-item.tsx): a module of its
// own, so the card page's chunk does not carry every chat string (ko-chat.ts) with it.
export const koChatPost = {
  propose: '교환 제안',
  // the visible words first, as the accessible name must hold them (WCAG 2.5.3)
  proposeLabel: (name: string) => `교환 제안, ${name}님에게`,
  openFailed: '채팅을 열지 못했어요. 잠시 후 다시 시도해주세요.',
};
