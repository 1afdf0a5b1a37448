/**
 * Email sign-up (pb_hooks/signup.pb.js):
 * - users.signupPending: true from a self sign-up until the wizard's final submit completes it.
 *   Hidden (only superusers and hooks see it); a pending account cannot log in, and the hourly
 *   cleanup deletes the ones never completed after 24 h.
 * - rate limits for the two sign-up routes (per client IP, like the rules in 1763700100_settings).
 * - pending accounts are nobody's public profile: users list/view rules skip them (their own
 *   owner never has a token for them anyway), so they don't show up as blank profiles in lists,
 *   pulls or realtime events until the sign-up completes.
 * - the verification mail in Korean. It keeps PocketBase's confirm link; it tells the reader to
 *   ignore it when they did not start a sign-up, since whoever did will finish the account.
 */
const VERIFICATION_SUBJECT = '[{APP_NAME}] 이메일 인증';
const VERIFICATION_BODY = `<p>안녕하세요,</p>
<p>{APP_NAME} 회원가입을 위해 아래 버튼을 눌러 이메일 주소를 인증해주세요.</p>
<p>
  <a class="btn" href="{APP_URL}/_/#/auth/confirm-verification/{TOKEN}" target="_blank" rel="noopener">이메일 인증하기</a>
</p>
<p>인증한 뒤 가입 화면으로 돌아가 '가입하기'를 누르면 가입이 끝나요.</p>
<p><strong>직접 회원가입을 시작하지 않았다면 이 메일을 무시해주세요.</strong> 완료되지 않은 가입 신청은 24시간 뒤 삭제됩니다.</p>
<p>{APP_NAME} 드림</p>`;

const RULES = [
  { label: '/api/pocamarket/email-available', audience: '', duration: 60, maxRequests: 20 },
  { label: '/api/pocamarket/complete-signup', audience: '', duration: 60, maxRequests: 10 },
];

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.add(new BoolField({ name: 'signupPending', hidden: true }));
    users.indexes.push(
      'CREATE INDEX `idx_users_signupPending` ON `users` (`signupPending`, `created`)',
    );
    users.listRule = 'signupPending = false';
    users.viewRule = 'signupPending = false';
    users.verificationTemplate.subject = VERIFICATION_SUBJECT;
    users.verificationTemplate.body = VERIFICATION_BODY;
    app.save(users);

    const settings = app.settings();
    const labels = RULES.map((r) => r.label);
    const rules = settings.rateLimits.rules.filter((r) => labels.indexOf(r.label) < 0);
    // exact-path rules are looked up before the '/api/' prefix rule, so their place doesn't matter
    unmarshal({ rateLimits: { rules: rules.concat(/** @type {any} */ (RULES)) } }, settings);
    app.save(settings);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.removeByName('signupPending');
    users.indexes = /** @type {any} */ (
      users.indexes.filter((i) => i.indexOf('idx_users_signupPending') < 0)
    );
    users.listRule = '';
    users.viewRule = '';
    app.save(users);

    const settings = app.settings();
    const labels = RULES.map((r) => r.label);
    const rules = settings.rateLimits.rules.filter((r) => labels.indexOf(r.label) < 0);
    unmarshal({ rateLimits: { rules: rules } }, settings);
    app.save(settings);
  },
);
