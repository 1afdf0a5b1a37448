// Strings of the fan's own space: 회원정보 수정, the nickname at sign-up, the first-login 최애
// step, /register when already logged in (docs/accounts.md); merged into `ko` by ko-features.ts.
import { withParticle } from '@/lib/particles';
import { ko as shell } from './ko';

export const koProfile = {
  confirm: {
    ...shell.confirm,
    // 을/를 follows the name's last sound: 'RIIZE를', 'LE SSERAFIM을' (docs/accounts.md, Korean
    // particles)
    chooseBias: (group: string) =>
      `${withParticle(group, '을/를')} 최애 그룹으로 선택하시겠습니까?`,
  },

  nickname: {
    label: '닉네임',
    rule: '한글, 영문, 숫자, _ . 로 2~20자. 다른 팬에게 보이는 이름이에요.',
    optionalRule:
      '한글, 영문, 숫자, _ . 로 2~20자. 비워두면 "팬"과 숫자로 만들어 드리고, 나중에 바꿀 수 있어요.',
    required: '닉네임을 입력해주세요.',
    format: '닉네임은 한글, 영문, 숫자, _ . 로 2~20자까지 쓸 수 있습니다.',
    taken: '이미 사용 중인 닉네임입니다.',
    profanity: '비속어가 포함된 닉네임은 사용할 수 없습니다.',
    checking: '사용할 수 있는지 확인하는 중이에요',
    available: '사용할 수 있는 닉네임이에요',
    uncheckedOffline: '오프라인이라 중복 여부는 연결되면 확인돼요',
  },

  editProfile: {
    title: '회원정보 수정',
    intro: '다른 팬에게는 닉네임과 프로필 사진만 보여요.',
    avatarLabel: '프로필 사진',
    avatarAlt: (name: string) => `${name} 프로필 사진`,
    avatarNone: '프로필 사진 없음',
    avatarPick: '사진 선택',
    avatarOffline: '프로필 사진은 인터넷에 연결되어 있을 때 바꿀 수 있어요.',
    avatarTooBig: '5MB 이하의 PNG, JPG, WEBP, GIF 이미지만 고를 수 있어요.',
    avatarSaved: '프로필 사진을 바꿨어요.',
    avatarFailed: '프로필 사진을 올리지 못했어요. 잠시 후 다시 시도해주세요.',
    avatarUploading: '올리는 중...',
    name: '이름',
    nameHint: '한글 2~4자, 또는 영문 이름과 성(예: Hana Kim)',
    phone: '휴대폰번호',
    phoneHint: '- 없이 숫자 11자리',
    birth: '생년월일',
    birthYear: '년(YYYY)',
    birthMonth: '월(MM)',
    birthDay: '일(DD)',
    privateNote: '이름, 휴대폰번호, 생년월일은 나만 볼 수 있어요.',
    save: '저장하기',
    saving: '저장 중...',
    saved: '회원정보를 저장했어요.',
    savedPending: '저장했어요. 연결되면 서버에 보내져요.',
    pending: '동기화 대기 중: 연결되면 보내져요',
    nothingChanged: '바뀐 내용이 없어요.',
    privateOffline: '휴대폰번호와 생년월일은 인터넷에 연결되어 있을 때 바꿀 수 있어요.',
    failed: '저장하지 못했어요. 잠시 후 다시 시도해주세요.',
    loginRequired: '로그인이 필요한 서비스입니다.',
    loading: '회원정보를 불러오는 중이에요',
  },

  cropper: {
    title: '사진 자르기',
    help: '사진을 끌거나 방향키로 옮기고, 확대 막대로 크기를 맞춰주세요. 동그라미 안이 프로필 사진이 돼요.',
    zoom: '확대',
    preview: '자를 사진 미리보기',
    apply: '이 사진으로 하기',
    cancel: '취소',
    unreadable: '이 사진을 열 수 없어요. 다른 사진을 골라주세요.',
  },

  welcomeBias: {
    title: '최애 그룹 고르기',
    intro: '최애 그룹을 고르면 홈에서 그 그룹의 포토카드와 밋업을 먼저 보여드려요.',
    later: '건너뛰기',
    laterHint: '나중에 프로필에서 언제든 고를 수 있어요.',
    chosen: (group: string) => `${withParticle(group, '을/를')} 최애 그룹으로 골랐어요.`,
    failed: '최애 그룹을 저장하지 못했어요. 잠시 후 다시 시도해주세요.',
    gridLabel: '그룹 목록',
    loading: '그룹을 불러오는 중이에요',
  },

  registerLoggedIn: {
    title: '이미 로그인되어 있어요',
    body: (name: string) => `${name}님으로 로그인되어 있어 새로 가입할 필요가 없어요.`,
    home: '홈으로 가기',
  },

  registerVerified: {
    status: '이메일 인증이 완료되었어요. 계속해서 가입을 마쳐주세요.',
    continue: '계속하기',
  },
};
