// Strings of the password reset and email link screens (/forgot-password, /reset-password/$token,
// /confirm-email-change/$token) and of the verification page's second case.
export const koAccountLinks = {
  forgotLink: '비밀번호를 잊으셨나요?',
  offline: '오프라인 상태에서는 할 수 없어요. 인터넷에 연결한 뒤 다시 시도해주세요.',
  backToLogin: '로그인 화면으로 돌아가기',
  goLogin: '로그인하러 가기',
  forgot: {
    title: '비밀번호 찾기',
  },
  reset: {
    title: '비밀번호 재설정',
    intro: '새로 사용할 비밀번호를 입력해주세요.',
    passwordLabel: '새 비밀번호',
    passwordPlaceholder: '영문/숫자/특수문자 중 2가지 이상, 10자 이상',
    confirmLabel: '새 비밀번호 확인',
    confirmPlaceholder: '비밀번호를 한 번 더 입력해주세요',
    submit: '비밀번호 변경하기',
    submitting: '변경 중...',
    done: '비밀번호를 바꿨어요. 새 비밀번호로 로그인해주세요.',
    invalid:
      '재설정 링크가 만료되었거나 올바르지 않아요. 로그인 화면의 "비밀번호를 잊으셨나요?"에서 메일을 다시 받아주세요.',
    networkError: '통신 에러입니다. 잠시 후 다시 시도해주세요.',
    requestAgain: '재설정 메일 다시 받기',
  },
  emailChange: {
    title: '이메일 변경 확인',
    intro: '이메일을 바꾸려면 지금 사용하는 비밀번호를 입력해주세요.',
    passwordLabel: '비밀번호',
    passwordRequired: '비밀번호를 입력해주세요',
    submit: '이메일 변경하기',
    submitting: '변경 중...',
    done: '이메일을 바꿨어요. 새 이메일로 다시 로그인해주세요.',
    wrongPassword: '비밀번호가 올바르지 않아요.',
    invalid: '확인 링크가 만료되었거나 올바르지 않아요. 이메일 변경을 다시 요청해주세요.',
    networkError: '통신 에러입니다. 잠시 후 다시 시도해주세요.',
  },
  verifyElsewhere:
    '이메일 인증이 완료되었어요. 이 화면에서 가입을 이어서 진행할 수 있어요. 가입을 시작한 화면이 열려 있다면 그곳에서 가입하기를 눌러도 돼요.',
  continueSignup: '가입 계속하기',
  emailLinked: '메일의 링크로 인증된 이메일이에요. 나머지 정보를 입력해주세요.',
} as const;
