// The corner mark of a card tile on my have or want list (docs/trades.md). Apart from
// ko-trade-lists.ts: the tiles are on the first screens, and carry only these words.

/** The corner mark of a card tile on my have or want list. */
export const koTradeMarks = {
  have: '교환',
  want: '구함',
  /** Read with the mark by screen readers. */
  haveLong: '내 교환 목록: 보유·교환 가능',
  wantLong: '내 교환 목록: 구함',
};
