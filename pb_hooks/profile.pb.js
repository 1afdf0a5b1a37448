/**
 * The fan's own profile (docs/accounts.md, Editing the profile):
 *
 * - POST /api/pocamarket/profile {name?, username?, phoneNumber?, birth?}: 회원정보 수정. Checks
 *   each field with the sign-up's rules and the nickname rule (lib/profile.js) and saves them
 *   together, or refuses with each field's Korean message and saves nothing. Signed-in fans only,
 *   for their own account; rate-limited (pb_migrations/1764800000_profile.js).
 * - POST /api/pocamarket/nickname-available {username} → {available, message}: the live check
 *   under the nickname field (sign-up and 회원정보 수정), never a list of users. Rate-limited.
 * - A direct `users` update that changes the nickname keeps the same rule (profanity, taken in
 *   any case), so the outbox's queued nickname change (a PATCH) is checked like the route.
 */

routerAdd(
  'POST',
  '/api/pocamarket/profile',
  (e) => {
    // a suspended or banned fan changes nothing (docs/operators.md, Moderation)
    require(`${__hooks}/lib/suspension.js`).assertMayWrite(e.auth);
    const profile = require(`${__hooks}/lib/profile.js`);
    const body = e.requestInfo().body || {};
    return e.json(200, profile.updateOwnProfile(e.app, e.auth.id, body));
  },
  $apis.requireAuth('users'),
  $apis.bodyLimit(4096),
);

routerAdd(
  'POST',
  '/api/pocamarket/nickname-available',
  (e) => {
    const profile = require(`${__hooks}/lib/profile.js`);
    const body = e.requestInfo().body || {};
    const me = e.auth && e.auth.collection().name === 'users' ? e.auth : null;
    const current = me ? me.getString('username') : '';
    const value = String(body.username == null ? '' : body.username).trim();
    if (me && value === current) return e.json(200, { available: true, message: '' });
    const message = profile.nicknameError(e.app, value, me ? me.id : '', current);
    return e.json(200, { available: !message, message: message || '' });
  },
  $apis.bodyLimit(1024),
);

onRecordUpdateRequest((e) => {
  if (!e.hasSuperuserAuth()) {
    const original = e.record.original();
    const username = e.record.getString('username');
    if (username !== original.getString('username')) {
      const profile = require(`${__hooks}/lib/profile.js`);
      const input = require(`${__hooks}/lib/input-rules.js`);
      if (input.findProfanity(username)) {
        throw profile.fieldErrors({ username: profile.MSG.nicknameProfanity });
      }
      if (profile.nicknameTaken(e.app, username, e.record.id)) {
        throw profile.fieldErrors({ username: profile.MSG.nicknameTaken }, 'validation_not_unique');
      }
    }
  }
  e.next();
}, 'users');
