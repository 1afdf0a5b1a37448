/// <reference path="../pb_data/types.d.ts" />
/**
 * Email sign-up without a fixed placeholder password (spec §4 "Sign-up email", "Final submit").
 *
 *  1. '인증하기': the client creates the account with a random per-sign-up secret as its password
 *     and asks for the verification mail. Every self sign-up is marked `signupPending`.
 *  2. A pending account cannot log in (any auth method), so nobody — not even the holder of the
 *     secret — gets a token for it before it is completed.
 *  3. '가입하기': POST /api/pocamarket/complete-signup {email, secret, password, name,
 *     phoneNumber, birth}. Only the holder of the secret can complete it, only once the email is
 *     verified; the server checks every field with the client's rules and picks a free username.
 *  4. Pending accounts never completed are deleted after 24 h (hourly cron), freeing the email.
 *
 * Email availability is answered by POST /api/pocamarket/email-available {email} → {available}
 * (rate-limited), never by listing users.
 */

// every self sign-up starts pending (OAuth2 sign-ups too; see the auth hook below)
onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth()) e.record.set('signupPending', true);
  e.next();
}, 'users');

// signupPending is hidden, so PocketBase already drops it from clients' bodies; this keeps it so
// should the field ever become visible. (phoneNumber and birth are hidden too: only the
// complete-signup route below, which checks them, sets them.)
onRecordUpdateRequest((e) => {
  if (!e.hasSuperuserAuth()) {
    const lib = require(`${__hooks}/lib/common.js`);
    if (lib.changedFields(e.record, ['signupPending']).length) {
      throw lib.badRequest(lib.MSG_PROTECTED, ['signupPending'], 'validation_protected_field');
    }
  }
  e.next();
}, 'users');

// A pending account gets no token: the same answer as a wrong password. OAuth2 is the exception:
// the provider vouches for the person (PocketBase creates the account in the same request, or
// links a provider email to an existing account), so the account is theirs from now on. Its
// password is replaced, so a secret chosen by whoever started a pending sign-up for that email
// can't open it afterwards. Completing it gives it the starter collect book (lib/starter-book.js).
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
  return e.json(200, { available: !signup.findUserByEmail(e.app, email) });
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
