// Strings of the feature screens (home, card grids, exchange, profile...). Kept out of ko.ts,
// which the app shell imports, so they load with the screens' chunks instead of the entry bundle.
// `ko` here is ko.ts plus these sections: a screen imports `ko` from this file and reads both.
import { ko as shell } from './ko';
import { koAccounts } from './ko-accounts';
import { koAlerts } from './ko-alerts';
import { koCollectBook } from './ko-collect-book';
import { koGroupCards } from './ko-group-cards';
import { koMeetupDetail } from './ko-meetup-detail';
import { koMeetupMap } from './ko-meetup-map';
import { koProfile } from './ko-profile';
import { koPwa } from './ko-pwa';
import { koReports } from './ko-reports';

export const ko = {
  ...shell,
  ...koAccounts,
  ...koCollectBook,
  ...koGroupCards,
  ...koMeetupMap,
  ...koMeetupDetail,
  ...koReports,
  ...koPwa,
  ...koAlerts,
  ...koProfile,

  // The home screen (docs/product-rules.md, Home): banners, the meetup strip, the card rows, the
  // avatar button.
  home: {
    carouselLabel: '추천 배너',
    slideLabel: (n: number, total: number) => `${n} / ${total}`,
    slidePickerLabel: '배너 선택',
    showSlide: (n: number) => `${n}번째 배너 보기`,
    pauseSlides: '배너 자동 넘김 멈추기',
    playSlides: '배너 자동 넘김 시작',
    banners: {
      exchange: {
        eyebrow: 'EXCHANGE',
        title: '최애 포토카드 교환하기',
        body: '갖고 싶은 카드를 찾고 교환 글을 남겨 보세요',
      },
      meetup: {
        eyebrow: 'BIRTHDAY CAFE',
        title: '생일카페 지도',
        body: '최애의 생일카페와 이벤트를 지도에서 한눈에',
      },
      collectBook: {
        eyebrow: 'COLLECT BOOK',
        title: '콜렉트북으로 모으기',
        body: '그룹별로 모은 카드와 수집률을 확인해요',
      },
      informUs: {
        eyebrow: 'REPORT',
        title: '포토카드·밋업 제보하기',
        body: '빠진 포토카드나 카페 이벤트를 알려 주세요',
      },
    },
    bannerCta: '바로 가기',
    meetupsTitle: '밋업 소식',
    meetupsEmpty: '다가오는 밋업이 없어요',
    meetupsLoading: '밋업을 불러오는 중이에요',
    pauseMeetups: '밋업 소식 자동 넘김 멈추기',
    playMeetups: '밋업 소식 자동 넘김 시작',
    latestTitle: '최근 업데이트된 포토카드',
    popularTitle: '인기 많은 포토카드',
    more: '더보기',
    rowPrevious: (title: string) => `${title} 이전 카드 보기`,
    rowNext: (title: string) => `${title} 다음 카드 보기`,
    rowEmpty: '아직 포토카드가 없어요',
    rowLoading: '포토카드를 불러오는 중이에요',
    collectBookPromo: {
      title: '나만의 콜렉트북을 만들어 보세요',
      body: '그룹별로 모은 포토카드를 한곳에 정리해요',
    },
    faqPromo: {
      title: '자주 묻는 질문',
      body: '포카마켓 이용 방법이 궁금하다면 확인해 보세요',
    },
    likeList: '찜 목록 보기',
    login: '로그인',
  },

  photoCards: {
    /** Alt text of a card image. */
    cardAlt: (group: string, member: string, title: string) =>
      `${group} ${member} ${title} 포토카드`,
    groupLogoAlt: (group: string) => `${group} 로고`,
    like: (title: string) => `${title} 찜하기`,
    likeCountLabel: '찜 수',
  },

  // The photo card grid shared by /exchange and /LikeDetail (docs/product-rules.md, Photo card
  // grid).
  cardGrid: {
    sortTitle: '정렬',
    /** Read before the current sort on the sort button ('정렬 최신순'). */
    sortPrefix: '정렬',
    close: '닫기',
    dragHandle: '아래로 끌어서 닫기',
    loading: '포토카드를 불러오는 중이에요',
    noResults: '검색 결과가 없어요',
    noResultsHint: '그룹, 멤버 이름(한글 또는 영문), 카드 제목으로 찾아보세요.',
  },

  groupPicker: {
    label: '그룹 선택',
    /** The first button: the bias logo, to /myBias. */
    bias: '그룹',
    biasHint: (group: string) => `최애 그룹 ${group} 바꾸기`,
    biasUnsetHint: '최애 그룹 고르기',
    more: '더 보기',
    moreHint: (n: number) => `그룹 ${n}개 더 보기`,
  },

  exchangeScreen: {
    searchLabel: '포토카드 검색',
    searchPlaceholder: '포토카드 찾기',
    resultsTitle: '검색 결과',
    /** Offline: the search ran over the cards saved on the device. */
    savedOnly: '오프라인이라 저장된 카드에서만 찾았어요',
    /** Online, but the server's search did not answer: the same over the saved cards. */
    savedOnlyFailed: '검색 서버에 연결하지 못해 저장된 카드에서만 찾았어요',
    groupCards: (group: string) => `${group} 포토카드`,
    allCards: '전체 포토카드',
    noCards: '이 그룹에는 아직 포토카드가 없어요.',
  },

  likeDetail: {
    searchLabel: '찜한 카드 검색',
    searchPlaceholder: '찜한 카드 검색',
    listTitle: '찜한 포토카드',
    empty: '아직 찜한 카드가 없어요',
    emptyHint: '마음에 드는 포토카드에 하트를 눌러 찜해 보세요.',
    browse: '포토카드 보러 가기',
    guestNote:
      '로그인하지 않아 이 기기에만 저장된 찜 목록이에요. 로그인하면 찜한 카드가 계정에 저장돼요.',
    login: '로그인하기',
  },

  exchange: {
    statusWaiting: '교환대기중',
    statusTrading: '교환중',
    statusDone: '교환완료',
    statusLabel: '교환 상태',
    imageSizeNote: '이미지는 실제 포토카드 크기(55×85mm)와 다를 수 있어요.',
    postCount: (n: number) => `교환 글 ${n}개`,
    postsLabel: '교환 글 목록',
    morePosts: (n: number) => `교환 글 ${n}개 더 보기`,
    noPosts: '아직 교환 글이 없어요. 첫 교환 글을 남겨보세요!',
    formLabel: '교환 글 쓰기',
    formPlaceholder: '갖고 있는 포토카드와 원하는 포토카드를 적어주세요.',
    counterLabel: '글자 수',
    submit: '등록',
    chat: '채팅',
    edit: '수정',
    delete: '삭제',
    save: '저장',
    cancel: '취소',
    editLabel: '교환 글 수정',
    deleteConfirm: '교환 글을 삭제할까요?',
    writtenBy: (name: string) => `${name}님의 교환 글`,
    notFound: '포토카드를 찾을 수 없어요.',
    notFoundHint: '삭제되었거나 주소가 잘못된 포토카드예요.',
    /** Offline, a card outside the device's saved cards (docs/sync.md, The cache). */
    offlineMissing: '연결되면 볼 수 있어요',
    offlineMissingHint:
      '이 포토카드는 아직 이 기기에 저장되지 않았어요. 인터넷에 연결되면 다시 열어 주세요.',
    backToList: '교환 목록으로 가기',
  },
} as const;
