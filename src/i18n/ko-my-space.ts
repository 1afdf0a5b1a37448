/**
 * Strings of the fan's own space (docs/product-rules.md, 내가 쓴 글 and Collect book: manage,
 * 자랑하기 page, Share): my posts by status, a book's rename, cover, delete and shelf place, the
 * public book page and the share button. Imported by those screens' chunks and the outbox kinds.
 */
/** The share button's words: its own export, so the card and event pages carry only these. */
export const koShareButton = {
  label: '공유하기',
  copied: '링크를 복사했어요.',
  failed: '링크를 복사하지 못했어요. 주소창의 링크를 직접 복사해 주세요.',
  book: (name: string) => `${name} 콜렉트북 | 포카마켓`,
};

export const koMySpace = {
  myPosts: {
    title: '내가 쓴 글',
    statusesLabel: '교환 상태',
    loading: '내가 쓴 글을 불러오는 중…',
    empty: (label: string) => `${label} 상태인 글이 없어요.`,
    loggedOutTitle: '로그인이 필요해요',
    loggedOutBody: '내가 쓴 교환 글은 로그인한 뒤에 볼 수 있어요.',
    loginLink: '로그인하기',
    unknownCard: '포토카드',
    statusCount: (label: string, n: number) => `내가 쓴 글 보기: ${label} ${n}`,
  },

  bookManage: {
    title: '콜렉트북 관리',
    open: '관리',
    renameLabel: '콜렉트북 이름',
    renameSave: '이름 저장',
    renamed: '이름을 바꿨어요.',
    titleInvalid: '콜렉트북 이름은 1~50자로 입력해주세요.',
    coverTitle: '표지 고르기',
    coverHint: '이 콜렉트북에 체크한 카드 중 하나를 표지로 고를 수 있어요.',
    coverNone: '체크한 카드가 없어 표지로 고를 카드가 없어요.',
    coverPick: (card: string) => `${card} 카드를 표지로`,
    coverSet: '표지를 바꿨어요.',
    coverInvalid: '표지는 이 콜렉트북에 담긴 포토카드 중에서 골라주세요.',
    deleteButton: '콜렉트북 삭제',
    deleteTitle: '콜렉트북을 삭제할까요?',
    deleteBody: (title: string) =>
      `'${title}' 콜렉트북과 체크한 카드 기록이 모두 사라져요. 되돌릴 수 없어요.`,
    deleteConfirm: '삭제',
    deleteCancel: '취소',
    deleted: '콜렉트북을 삭제했어요.',
    publicOnlyHint: '자랑하기로 바꾸면 다른 사람도 볼 수 있는 링크가 생겨요.',
    notFound: '콜렉트북을 찾을 수 없어요.',
  },

  shelf: {
    moveUp: (title: string) => `${title} 앞으로 옮기기`,
    moveDown: (title: string) => `${title} 뒤로 옮기기`,
    moved: '순서를 바꿨어요.',
  },

  publicBook: {
    loading: '콜렉트북을 불러오는 중…',
    byOwner: (owner: string) => `${owner}님의 콜렉트북`,
    count: (n: number) => `카드 ${n}장`,
    noCards: '아직 담긴 카드가 없어요.',
    cardAlt: (group: string, member: string, title: string) =>
      `${group} ${member} ${title} 포토카드`,
    coverAlt: (title: string) => `${title} 콜렉트북 표지`,
    notFoundTitle: '공개된 콜렉트북을 찾을 수 없어요',
    notFoundBody: '삭제되었거나 주인이 나만 보기로 바꾼 콜렉트북이에요.',
    offlineTitle: '연결이 필요해요',
    offlineBody: '처음 보는 콜렉트북은 인터넷에 연결되어 있을 때 볼 수 있어요.',
    offlineKept: '오프라인이에요. 마지막으로 본 콜렉트북을 보여드려요.',
    toHome: '포카마켓 홈으로',
    missingTitle: '콜렉트북을 찾을 수 없어요 | 포카마켓',
    completion: (owned: number, total: number, percent: number) =>
      `${owned}/${total} 모았어요 · ${percent}%`,
    completionLabel: (group: string) => `${group} 콜렉트북 완성도`,
    cardsTitle: '모은 카드',
    wantTitle: '구함',
    wantLead: (owner: string) => `${owner}님이 찾고 있는 카드예요.`,
    wantCount: (n: number) => `${n}장`,
    wantMore: (n: number) => `외 ${n}장을 더 찾고 있어요.`,
  },

  share: koShareButton,
};
