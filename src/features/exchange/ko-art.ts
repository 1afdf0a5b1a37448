// Strings of the card page's front/back switch (the photo card's back, docs/data-model.md).
export const koArt = {
  cardSide: {
    /** A toggle button (aria-pressed): pressed, the picture shows the back. */
    showBack: '뒷면',
    backAlt: (group: string, member: string, title: string) =>
      `${group} ${member} ${title} 포토카드 뒷면`,
  },
} as const;
