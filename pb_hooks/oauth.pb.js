/**
 * Kakao and Instagram login through PocketBase's own OAuth2 providers (`kakao`, `instagram2`) on
 * the `users` collection, in a redirect flow (popups fail in an installed app):
 *
 *  1. the app reads GET /api/pocamarket/auth-providers (which providers are configured), then
 *     listAuthMethods, and sends the browser to the provider with our `state` (prefixed `pm_`)
 *     and the redirect URL `<origin>/api/oauth2-redirect`;
 *  2. the provider sends the browser back to /api/oauth2-redirect?code&state. PocketBase owns
 *     that route (its popup flow hands the code to a realtime client whose id is the state), and
 *     a second routerAdd of "GET /api/oauth2-redirect" stops the server from starting (Go's
 *     ServeMux refuses the duplicate pattern; tried on 0.40.4), so a middleware sends our states
 *     on to the app's /oauth2-redirect screen, query kept; other states still reach PocketBase;
 *  3. the screen checks the state and calls authWithOAuth2Code with the same redirect URL.
 *
 * Credentials come from the environment at boot (KAKAO_CLIENT_ID/_SECRET,
 * INSTAGRAM_CLIENT_ID/_SECRET; *_AUTH_URL, *_TOKEN_URL, *_USERINFO_URL override the endpoints,
 * which tests point at a mock on 127.0.0.1). A provider without both credentials is left out, so
 * removing them disables it on the next start. Naver has no PocketBase provider: naver.pb.js.
 */

onBootstrap((e) => {
  e.next();
  const lib = require(`${__hooks}/lib/social.js`);
  const providers = [];
  for (const p of lib.PB_PROVIDERS) {
    const cfg = lib.providerEnv(p.env);
    if (!cfg) continue;
    const conf = { name: p.name, clientId: cfg.clientId, clientSecret: cfg.clientSecret };
    if (cfg.authURL) conf.authURL = cfg.authURL;
    if (cfg.tokenURL) conf.tokenURL = cfg.tokenURL;
    if (cfg.userInfoURL) conf.userInfoURL = cfg.userInfoURL;
    providers.push(conf);
  }
  const users = e.app.findCollectionByNameOrId('users');
  unmarshal({ oauth2: { enabled: providers.length > 0, providers: providers } }, users);
  e.app.save(users);
});

// Our redirect flow's return goes on to the app screen (see 2. above): lib/social.js,
// redirectBack, called by api.pb.js's router middleware.

/**
 * A first social login creates the user: the app cannot know the profile before the code
 * exchange, so the username (unique, from the nickname) and name are filled in here. Values the
 * client sent in createData are kept (and checked by the users rules and guards as usual). The
 * new account starts pending; signup.pb.js completes it in this same request and gives it the
 * starter collect book (lib/starter-book.js).
 */
onRecordAuthWithOAuth2Request((e) => {
  let name = '';
  if (e.isNewRecord) {
    const lib = require(`${__hooks}/lib/social.js`);
    const user = e.oAuth2User;
    const data = {};
    const given = e.createData || {};
    for (const key of Object.keys(given)) data[key] = given[key];
    const nickname = (user && (user.username || user.name)) || '';
    if (!data.username) data.username = lib.uniqueUsername(e.app, nickname);
    name = data.name ? String(data.name) : lib.displayName(user && user.name, nickname);
    delete data.name;
    e.createData = data;
  }
  e.next();
  // The name is a hidden field (private: pb_migrations/1764920000_users_name_private.js), which
  // PocketBase drops from createData like any client value: stored here, checked as a sign-up's.
  if (name && e.record && !e.record.getString('name')) {
    if (require(`${__hooks}/lib/signup.js`).nameError(name)) return;
    const fresh = e.app.findRecordById('users', e.record.id);
    fresh.set('name', name);
    e.app.save(fresh);
  }
}, 'users');

/**
 * Which social logins this server offers. Kakao and Instagram: those set up on `users` at boot;
 * Naver: configured from the environment, with the start of its authorize URL (the app adds
 * `state` and `redirect_uri`), since no PocketBase endpoint describes it.
 */
routerAdd('GET', '/api/pocamarket/auth-providers', (e) => {
  const lib = require(`${__hooks}/lib/social.js`);
  const users = e.app.findCollectionByNameOrId('users');
  const names = {};
  if (users.oauth2.enabled) {
    for (const p of users.oauth2.providers) names[p.name] = true;
  }
  const naver = lib.naverEnv();
  return e.json(200, {
    kakao: !!names.kakao,
    instagram: !!names.instagram2,
    naver: !!naver,
    naverAuthURL: naver
      ? `${naver.authURL}?response_type=code&client_id=${encodeURIComponent(naver.clientId)}`
      : '',
  });
});

// users.email is optional only for OAuth2 sign-ups (Instagram shares no email; see
// pb_migrations/1764106000_users_email_optional_for_oauth.js): any other create needs one.
onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth() && e.requestInfo().context !== 'oauth2' && !e.record.email()) {
    throw new BadRequestError('Failed to create record.', {
      email: new ValidationError('validation_required', 'Cannot be blank.'),
    });
  }
  e.next();
}, 'users');
