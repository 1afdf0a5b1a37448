/**
 * The titles and descriptions of the server-rendered pages (<title>, the description and the Open
 * Graph / Twitter cards a link preview shows in KakaoTalk or X).
 */
export const koShare = {
  siteName: '포카마켓',
  home: {
    title: '포카마켓 - 포토카드 교환과 팬 카페 이벤트',
    description:
      '포카마켓에서 K-pop 포토카드를 모으고 교환하고, 최애의 생일카페와 팬 카페 이벤트를 지도에서 찾아보세요.',
  },
  exchange: {
    title: '포토카드 교환 | 포카마켓',
    groupTitle: (group: string) => `${group} 포토카드 교환 | 포카마켓`,
    description: '그룹별 포토카드를 찾아보고 교환 글을 남겨보세요.',
    groupDescription: (group: string, cards: number) =>
      `${group} 포토카드 ${cards}장을 찾아보고 교환 글을 남겨보세요.`,
  },
  card: {
    title: (name: string) => `${name} 포토카드 | 포카마켓`,
    description: (name: string, posts: number, likes: number) =>
      `${name} 포토카드 · 교환 글 ${posts}개 · 찜 ${likes}`,
    missing: '포토카드를 찾을 수 없어요 | 포카마켓',
  },
  meetup: {
    title: '밋업 | 포카마켓',
    description: '생일카페와 팬 카페 이벤트를 지도에서 찾아보세요.',
  },
  meetupDetail: {
    title: (event: string) => `${event} | 포카마켓`,
    description: (parts: string[]) => parts.filter(Boolean).join(' · '),
    missing: '밋업을 찾을 수 없어요 | 포카마켓',
  },
};
