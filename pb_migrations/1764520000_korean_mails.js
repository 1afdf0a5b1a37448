/**
 * Every mail PocketBase sends for `users` in Korean, signed with the app's name ({APP_NAME},
 * meta.appName = 포카마켓), its links on the app's own pages ({APP_URL} = meta.appURL) instead of
 * PocketBase's English dashboard pages (/_/#/auth/...):
 *   verification        → /verify-email/{TOKEN}          (src/routes/verify-email.tsx)
 *   password reset      → /reset-password/{TOKEN}        (src/routes/reset-password.tsx)
 *   email change        → /confirm-email-change/{TOKEN}  (src/routes/confirm-email-change.tsx)
 *   login alert         → /forgot-password, to change the password at once
 *   one-time password   → the code only
 * Token lifetimes are PocketBase's: verification 3 days, reset 30 minutes, email change 30 minutes.
 */
const SIGN = '<p>{APP_NAME} 드림</p>';
const button = (href, label) =>
  `<p>\n  <a class="btn" href="${href}" target="_blank" rel="noopener">${label}</a>\n</p>`;

const KOREAN = {
  verificationTemplate: {
    subject: '[{APP_NAME}] 이메일 인증',
    body: [
      '<p>안녕하세요,</p>',
      '<p>{APP_NAME} 회원가입을 위해 아래 버튼을 눌러 이메일 주소를 인증해주세요.</p>',
      button('{APP_URL}/verify-email/{TOKEN}', '이메일 인증하기'),
      "<p>인증한 뒤 가입 화면으로 돌아가 '가입하기'를 누르면 가입이 끝나요. 다른 기기에서 메일을 열었다면 링크가 열린 화면에서 가입을 이어서 할 수 있어요.</p>",
      '<p>인증 메일을 여러 번 요청했다면 가장 최근 메일의 링크만 쓸 수 있어요.</p>',
      '<p><strong>직접 회원가입을 시작하지 않았다면 이 메일을 무시해주세요.</strong> 링크를 누르지 않으면 아무도 이 주소로 가입을 마칠 수 없고, 완료되지 않은 가입 신청은 24시간 뒤 삭제됩니다.</p>',
      SIGN,
    ].join('\n'),
  },
  resetPasswordTemplate: {
    subject: '[{APP_NAME}] 비밀번호 재설정',
    body: [
      '<p>안녕하세요,</p>',
      '<p>아래 버튼을 눌러 {APP_NAME} 비밀번호를 새로 정해주세요. 링크는 30분 동안만 쓸 수 있어요.</p>',
      button('{APP_URL}/reset-password/{TOKEN}', '비밀번호 재설정하기'),
      '<p><strong>비밀번호 재설정을 요청하지 않았다면 이 메일을 무시해주세요.</strong> 비밀번호는 바뀌지 않아요.</p>',
      SIGN,
    ].join('\n'),
  },
  confirmEmailChangeTemplate: {
    subject: '[{APP_NAME}] 새 이메일 주소 확인',
    body: [
      '<p>안녕하세요,</p>',
      '<p>{APP_NAME} 계정의 이메일을 이 주소로 바꾸려면 아래 버튼을 눌러 확인해주세요. 링크는 30분 동안만 쓸 수 있어요.</p>',
      button('{APP_URL}/confirm-email-change/{TOKEN}', '새 이메일 확인하기'),
      '<p><strong>이메일 변경을 요청하지 않았다면 이 메일을 무시해주세요.</strong> 이메일은 바뀌지 않아요.</p>',
      SIGN,
    ].join('\n'),
  },
  authAlert: {
    subject: '[{APP_NAME}] 새로운 환경에서 로그인했어요',
    body: [
      '<p>안녕하세요,</p>',
      '<p>{APP_NAME} 계정에 새로운 기기 또는 위치에서 로그인했어요.</p>',
      '<p><em>{ALERT_INFO}</em></p>',
      '<p><strong>본인이 로그인한 것이 아니라면 지금 바로 비밀번호를 바꿔주세요.</strong> 비밀번호를 바꾸면 다른 모든 기기에서 로그아웃돼요.</p>',
      button('{APP_URL}/forgot-password', '비밀번호 바꾸기'),
      '<p>본인이 로그인했다면 이 메일은 무시해도 괜찮아요.</p>',
      SIGN,
    ].join('\n'),
  },
  otp: {
    subject: '[{APP_NAME}] 로그인 인증번호',
    body: [
      '<p>안녕하세요,</p>',
      '<p>{APP_NAME} 로그인 인증번호는 <strong>{OTP}</strong> 입니다.</p>',
      '<p><strong>인증번호를 요청하지 않았다면 이 메일을 무시해주세요.</strong> 누구에게도 알려주지 마세요.</p>',
      SIGN,
    ].join('\n'),
  },
};

// PocketBase's defaults, for the way down (the verification mail goes back to 1764107000's)
const ENGLISH = {
  verificationTemplate: {
    subject: '[{APP_NAME}] 이메일 인증',
    body: `<p>안녕하세요,</p>
<p>{APP_NAME} 회원가입을 위해 아래 버튼을 눌러 이메일 주소를 인증해주세요.</p>
<p>
  <a class="btn" href="{APP_URL}/verify-email/{TOKEN}" target="_blank" rel="noopener">이메일 인증하기</a>
</p>
<p>인증한 뒤 가입 화면으로 돌아가 '가입하기'를 누르면 가입이 끝나요.</p>
<p><strong>직접 회원가입을 시작하지 않았다면 이 메일을 무시해주세요.</strong> 완료되지 않은 가입 신청은 24시간 뒤 삭제됩니다.</p>
<p>{APP_NAME} 드림</p>`,
  },
  resetPasswordTemplate: {
    subject: 'Reset your {APP_NAME} password',
    body: `<p>Hello,</p>
<p>Click on the button below to reset your password.</p>
<p>
  <a class="btn" href="{APP_URL}/_/#/auth/confirm-password-reset/{TOKEN}" target="_blank" rel="noopener">Reset password</a>
</p>
<p><i>If you didn't ask to reset your password, please ignore this email.</i></p>
<p>
  Thanks,<br/>
  {APP_NAME} team
</p>`,
  },
  confirmEmailChangeTemplate: {
    subject: 'Confirm your {APP_NAME} new email address',
    body: `<p>Hello,</p>
<p>Click on the button below to confirm your new email address.</p>
<p>
  <a class="btn" href="{APP_URL}/_/#/auth/confirm-email-change/{TOKEN}" target="_blank" rel="noopener">Confirm new email</a>
</p>
<p><i>If you didn't ask to change your email address, please ignore this email.</i></p>
<p>
  Thanks,<br/>
  {APP_NAME} team
</p>`,
  },
  authAlert: {
    subject: 'Login from a new location',
    body: `<p>Hello,</p>
<p>We noticed a login to your {APP_NAME} account from a new location:</p>
<p><em>{ALERT_INFO}</em></p>
<p><strong>If this wasn't you, you should immediately change your {APP_NAME} account password to revoke access from all other locations.</strong></p>
<p>If this was you, you may disregard this email.</p>
<p>
  Thanks,<br/>
  {APP_NAME} team
</p>`,
  },
  otp: {
    subject: 'OTP for {APP_NAME}',
    body: `<p>Hello,</p>
<p>Your one-time password is: <strong>{OTP}</strong></p>
<p><i>If you didn't ask for the one-time password, you can ignore this email.</i></p>
<p>
  Thanks,<br/>
  {APP_NAME} team
</p>`,
  },
};

function apply(app, mails) {
  const users = app.findCollectionByNameOrId('users');
  unmarshal(
    {
      verificationTemplate: mails.verificationTemplate,
      resetPasswordTemplate: mails.resetPasswordTemplate,
      confirmEmailChangeTemplate: mails.confirmEmailChangeTemplate,
      authAlert: { emailTemplate: mails.authAlert },
      otp: { emailTemplate: mails.otp },
    },
    users,
  );
  app.save(users);
}

migrate(
  (app) => apply(app, KOREAN),
  (app) => apply(app, ENGLISH),
);
