// The safety notice of a 양도 post (docs/product-rules.md, Exchange posts): shown on the post and
// where a chat or a proposal starts from one.
export const koSafety = {
  notice: '선입금을 먼저 요구하거나 카카오톡·오픈채팅으로 옮기자고 하면 사기일 수 있어요.',
  guide: '안전 거래 가이드',
};
