/**
 * Naver login. PocketBase has no Naver provider, so the code is exchanged here:
 *
 *   POST /api/pocamarket/naver  { code, state }  →  the same body as a PocketBase auth
 *   ({ token, record, meta }), so the app stores it like any other login.
 *
 * The app sent the browser to Naver's authorize URL (from /api/pocamarket/auth-providers) with
 * its own `state` and the redirect URL `<origin>/authNaver`; it checks the state against
 * sessionStorage before posting the code. Naver wants the state again in the token request.
 *
 * The Naver account is linked with an `_externalAuths` row (provider 'naver', providerId = Naver's
 * id), the table PocketBase uses for its own providers, so the link shows in the dashboard, goes
 * with the user on delete, and a second login finds the same user. The row is saved without
 * validation: PocketBase only accepts the names of its built-in providers there. A new user gets
 * the starter collect book (lib/starter-book.js) in the same transaction.
 *
 * New users: random password (they sign in through Naver), a unique username from the nickname,
 * the profile name, Naver's email, and `verified` set the way PocketBase does for its own
 * OAuth2 sign-ups (the email came from the provider). That also matters for the link: PocketBase
 * drops every external auth of a user who goes from unverified to verified.
 * An email already used by another account is NOT linked to it: Naver does not say whether it
 * verified the address, so linking would let a Naver account with someone's address take over
 * their account. Such a login fails instead (and so does one without an email: users need one).
 *
 * Settings: NAVER_CLIENT_ID, NAVER_CLIENT_SECRET; NAVER_TOKEN_URL, NAVER_USERINFO_URL and
 * NAVER_AUTH_URL override Naver's endpoints (tests point them at a mock on 127.0.0.1).
 */

routerAdd('POST', '/api/pocamarket/naver', (e) => {
  const lib = require(`${__hooks}/lib/social.js`);
  const naver = lib.naverEnv();
  if (!naver) throw new BadRequestError('Naver login is not configured.');

  const body = e.requestInfo().body || {};
  const code = String(body.code || '');
  const state = String(body.state || '');
  if (!code || !state) throw new BadRequestError('Missing code or state.');

  const form = [
    'grant_type=authorization_code',
    `client_id=${encodeURIComponent(naver.clientId)}`,
    `client_secret=${encodeURIComponent(naver.clientSecret)}`,
    `code=${encodeURIComponent(code)}`,
    `state=${encodeURIComponent(state)}`,
  ].join('&');

  let accessToken = '';
  try {
    const res = $http.send({
      url: naver.tokenURL,
      method: 'POST',
      body: form,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      timeout: 15,
    });
    // Naver answers 200 with { error, error_description } when the code is refused
    if (res.statusCode === 200 && res.json && res.json.access_token) {
      accessToken = String(res.json.access_token);
    }
  } catch (err) {
    e.app.logger().warn('Naver token request failed', 'error', String(err));
  }
  if (!accessToken) throw new BadRequestError('Failed to fetch the Naver token.');

  let profile = null;
  try {
    const res = $http.send({
      url: naver.userInfoURL,
      method: 'GET',
      headers: { Authorization: `Bearer ${accessToken}` },
      timeout: 15,
    });
    if (res.statusCode === 200 && res.json && res.json.resultcode === '00' && res.json.response) {
      profile = res.json.response;
    }
  } catch (err) {
    e.app.logger().warn('Naver profile request failed', 'error', String(err));
  }
  const naverId = profile ? String(profile.id || '') : '';
  if (!naverId) throw new BadRequestError('Failed to fetch the Naver profile.');

  const users = e.app.findCollectionByNameOrId('users');
  let record;
  try {
    const link = e.app.findFirstExternalAuthByExpr(
      $dbx.hashExp({ collectionRef: users.id, provider: 'naver', providerId: naverId }),
    );
    record = e.app.findRecordById(users, link.recordRef());
  } catch {
    record = null; // not linked yet (or the linked user is gone): a new user
  }

  const isNew = !record;
  if (isNew) {
    const email = String(profile.email || '')
      .trim()
      .toLowerCase();
    if (!email) throw new BadRequestError('Naver did not share an email address.');
    let taken;
    try {
      e.app.findAuthRecordByEmail(users, email);
      taken = true;
    } catch {
      taken = false;
    }
    if (taken) throw new BadRequestError('The email is already used by another account.');

    const nickname = String(profile.nickname || profile.name || '');
    const created = new Record(users);
    created.set('username', lib.uniqueUsername(e.app, nickname));
    created.set('name', lib.displayName(profile.name, profile.nickname));
    created.setEmail(email);
    created.setRandomPassword();
    created.setVerified(true);
    e.app.runInTransaction((txApp) => {
      txApp.save(created);
      const link = new Record(txApp.findCollectionByNameOrId('_externalAuths'));
      link.set('collectionRef', users.id);
      link.set('recordRef', created.id);
      link.set('provider', 'naver');
      link.set('providerId', naverId);
      txApp.saveNoValidate(link);
      require(`${__hooks}/lib/starter-book.js`).ensureStarterBook(txApp, created.id);
    });
    record = created;
  }

  return $apis.recordAuthResponse(e, record, 'oauth2', { provider: 'naver', isNew: isNew });
});
