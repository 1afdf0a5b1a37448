/**
 * Email sign-up without a placeholder password anybody knows (docs/accounts.md):
 *
 *  1. '인증하기': POST /api/pocamarket/start-signup {email}. For an email no completed account
 *     has, the server creates a pending account (`signupPending`) with a random password it
 *     never discloses and mails the verification link. A pending account for the same email is
 *     replaced (its old link stops working), so nobody can keep an address blocked; an email of a
 *     completed account answers 'taken' and nothing is mailed.
 *  2. A pending account cannot log in (any auth method but OAuth2, see below).
 *  3. The mail's link opens the app's /verify-email/{TOKEN} page, which confirms the address and
 *     keeps the token in the browser for the sign-up form.
 *  4. '가입하기': POST /api/pocamarket/complete-signup {email, token, password, name,
 *     phoneNumber, birth}. The token is the link's: only whoever opened the mail can choose the
 *     password. The server checks every field with the client's rules and picks a free username.
 *  5. Pending accounts never completed are deleted after 24 h (hourly cron).
 *
 * Emails are stored in lower case (the hooks below) and compared without regard
 * to case: the unique index on users.email is COLLATE NOCASE
 * (pb_migrations/1764521000_users_email_nocase.js), which PocketBase's own lookups (login,
 * password reset, email change, OAuth2) follow.
 *
 * Email availability is answered by POST /api/pocamarket/email-available {email} → {available}
 * (rate-limited), never by listing users.
 */

// every stored email in lower case, whichever way it comes in: creates (API, OAuth2, the sign-up
// route), edits through the API and confirmed email changes. Not a hook on every users save: posts
// and books update users rows (exchangeStatus, collectBook) many times a second, and each model
// hook costs a JS VM per save (measured: 40% of the like throughput when likes still saved users).
onRecordCreate((e) => {
  const email = e.record.email();
  if (email && email !== email.toLowerCase()) e.record.setEmail(email.toLowerCase());
  e.next();
}, 'users');

onRecordConfirmEmailChangeRequest((e) => {
  e.newEmail = String(e.newEmail || '').toLowerCase();
  e.next();
}, 'users');

// every self sign-up starts pending (OAuth2 sign-ups too; see the auth hook below)
onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth()) e.record.set('signupPending', true);
  e.next();
}, 'users');

// signupPending is hidden, so PocketBase already drops it from clients' bodies; this keeps it so
// should the field ever become visible. (phoneNumber and birth are hidden too: only the
// complete-signup route below, which checks them, sets them.)
onRecordUpdateRequest((e) => {
  const email = e.record.email();
  if (email && email !== email.toLowerCase()) e.record.setEmail(email.toLowerCase());
  if (!e.hasSuperuserAuth()) {
    const { changedFields } = require(`${__hooks}/lib/records.js`);
    if (changedFields(e.record, ['signupPending']).length) {
      const { MSG_PROTECTED } = require(`${__hooks}/lib/protected-fields.js`);
      throw require(`${__hooks}/lib/errors.js`).badRequest(
        MSG_PROTECTED,
        ['signupPending'],
        'validation_protected_field',
      );
    }
  }
  e.next();
}, 'users');

// A new bias moves the starter book while it is still empty (lib/starter-book.js, followBias):
// the 최애 step comes after the email sign-up made the book. Request hooks only, like the email's
// above: hook-kept fields save users rows many times a second. guards.pb.js runs this inside the
// update's transaction, so the bias and the book are saved together.
onRecordUpdateRequest((e) => {
  const before = e.record.original().getString('biasGroup');
  e.next();
  const after = e.record.getString('biasGroup');
  if (after && after !== before) {
    require(`${__hooks}/lib/starter-book.js`).followBias(e.app, e.record.id, after);
  }
}, 'users');

// A pending account gets no token: the same answer as a wrong password. OAuth2 is the exception:
// the provider vouches for the person (PocketBase creates the account in the same request, or
// links a provider email to an existing account), so the account is theirs from now on. Its
// password is replaced, so a password chosen by whoever created a pending account for that email
// (a direct users create) can't open it afterwards. Completing it gives it the starter collect book (lib/starter-book.js).
onRecordAuthRequest((e) => {
  if (e.record && e.record.getBool('signupPending')) {
    if (e.authMethod !== 'oauth2') throw new BadRequestError('Failed to authenticate.');
    const starter = require(`${__hooks}/lib/starter-book.js`);
    e.record.set('signupPending', false);
    e.record.setPassword($security.randomString(40));
    e.app.runInTransaction((txApp) => {
      txApp.save(e.record);
      starter.ensureStarterBook(txApp, e.record.id);
    });
    // a new password also renews the token key: issue the token again
    e.token = e.record.newAuthToken();
  }
  e.next();
}, 'users');

// no reset mail for a pending account: a reset would only lock its own sign-up out
onRecordRequestPasswordResetRequest((e) => {
  if (e.record && e.record.getBool('signupPending')) return e.noContent(204);
  e.next();
}, 'users');

routerAdd('POST', '/api/pocamarket/email-available', (e) => {
  const signup = require(`${__hooks}/lib/signup.js`);
  const email = signup.normalizeEmail((e.requestInfo().body || {}).email);
  if (!signup.EMAIL.test(email)) {
    throw new BadRequestError('Invalid email.', {
      email: new ValidationError('validation_invalid_email', '이메일 형식으로 입력해주세요'),
    });
  }
  return e.json(200, { available: signup.emailAvailable(e.app, email) });
});

routerAdd('POST', '/api/pocamarket/start-signup', (e) => {
  const signup = require(`${__hooks}/lib/signup.js`);
  const status = signup.startSignup(e.app, (e.requestInfo().body || {}).email);
  return e.json(200, { status: status });
});

routerAdd('POST', '/api/pocamarket/complete-signup', (e) => {
  const signup = require(`${__hooks}/lib/signup.js`);
  const status = signup.completeSignup(e.app, e.requestInfo().body || {});
  return e.json(200, { status: status });
});

// for operators and tests: run the cleanup now, optionally with another age limit
routerAdd(
  'POST',
  '/api/pocamarket/signup-cleanup',
  (e) => {
    const signup = require(`${__hooks}/lib/signup.js`);
    const body = e.requestInfo().body || {};
    return e.json(200, { deleted: signup.deleteStalePending(e.app, body.maxAgeSeconds) });
  },
  $apis.requireSuperuserAuth(),
);

cronAdd('signupPendingCleanup', '17 * * * *', () => {
  const signup = require(`${__hooks}/lib/signup.js`);
  const n = signup.deleteStalePending($app);
  if (n) console.log(`[signup] deleted ${n} sign-up(s) never completed`);
});
