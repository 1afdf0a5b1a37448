/**
 * Shared helpers of the social login hooks (oauth.pb.js, naver.pb.js): which providers are
 * configured from the environment, and the profile fields a new social user starts with.
 *
 * PocketBase runs each handler in a pooled VM, so the hooks `require` this module inside their
 * handlers instead of sharing top-level variables.
 */

/**
 * The PocketBase providers we offer, by the environment prefix of their credentials. `app` is
 * the name the client uses ('instagram', not PocketBase's 'instagram2').
 */
const PB_PROVIDERS = [
  { name: 'kakao', app: 'kakao', env: 'KAKAO' },
  { name: 'instagram2', app: 'instagram', env: 'INSTAGRAM' },
];

/** Marks the `state` of our redirect flow (PocketBase's popup flow uses realtime client ids). */
const STATE_PREFIX = 'pm_';

function env(name) {
  return String($os.getenv(name) || '').trim();
}

/** Credentials and endpoint overrides of one provider, or null when it is not configured. */
function providerEnv(prefix) {
  const clientId = env(`${prefix}_CLIENT_ID`);
  const clientSecret = env(`${prefix}_CLIENT_SECRET`);
  if (!clientId || !clientSecret) return null;
  return {
    clientId,
    clientSecret,
    authURL: env(`${prefix}_AUTH_URL`),
    tokenURL: env(`${prefix}_TOKEN_URL`),
    userInfoURL: env(`${prefix}_USERINFO_URL`),
  };
}

/** Naver's settings; endpoints default to Naver's own. Null when not configured. */
function naverEnv() {
  const cfg = providerEnv('NAVER');
  if (!cfg) return null;
  return {
    clientId: cfg.clientId,
    clientSecret: cfg.clientSecret,
    authURL: cfg.authURL || 'https://nid.naver.com/oauth2.0/authorize',
    tokenURL: cfg.tokenURL || 'https://nid.naver.com/oauth2.0/token',
    userInfoURL: cfg.userInfoURL || 'https://openapi.naver.com/v1/nid/me',
  };
}

const USERNAME_MAX = 20; // users.username: 2-20 of [0-9A-Za-z가-힣_.], unique (case-insensitive)
const SUFFIX_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

function usernameTaken(app, username) {
  try {
    app.findFirstRecordByFilter('users', 'username = {:u}', { u: username });
    return true;
  } catch {
    return false;
  }
}

/**
 * A free username made from the provider nickname: its allowed characters, cut to leave room
 * for a random suffix (`minji_4k2p`). The suffix also keeps nicknames from being guessable
 * handles of someone else's account.
 */
function uniqueUsername(app, nickname) {
  let base = String(nickname || '')
    .replace(/[^0-9A-Za-z가-힣_.]/g, '')
    .slice(0, USERNAME_MAX - 6);
  const reserved = require(`${__hooks}/lib/reserved-names.js`);
  if (base.length < 2 || reserved.isReservedName(base)) base = 'user';
  for (let i = 0; i < 10; i++) {
    const candidate = `${base}_${$security.randomStringWithAlphabet(5, SUFFIX_ALPHABET)}`;
    if (!usernameTaken(app, candidate)) return candidate;
  }
  return `user_${$security.randomStringWithAlphabet(12, SUFFIX_ALPHABET)}`;
}

/**
 * The name of a new user: the profile name, else the nickname, when it follows the sign-up name
 * rule (2-4 Hangul syllables or two Latin words; lib/signup.js checks it on every users create
 * request, OAuth2 ones included); otherwise none, and the app shows the username.
 */
function displayName(name, nickname) {
  let nameError;
  try {
    nameError = require(`${__hooks}/lib/signup.js`).nameError;
  } catch {
    nameError = null;
  }
  for (const candidate of [name, nickname]) {
    const value = String(candidate || '').trim();
    if (!value || value.length > 40) continue;
    if (typeof nameError !== 'function' || !nameError(value)) return value;
  }
  return '';
}

/**
 * Our redirect flow's return (GET /api/oauth2-redirect with our state): on to the app's screen,
 * with the query. Undefined for any other request (PocketBase's own flow). Called by api.pb.js's
 * router middleware.
 */
function redirectBack(e) {
  const state = String(e.request.url.query().get('state') || '');
  if (state.indexOf(STATE_PREFIX) !== 0) return undefined;
  const query = e.request.url.rawQuery;
  return e.redirect(303, '/oauth2-redirect' + (query ? '?' + query : ''));
}

module.exports = {
  redirectBack,
  PB_PROVIDERS,
  STATE_PREFIX,
  providerEnv,
  naverEnv,
  uniqueUsername,
  displayName,
};
