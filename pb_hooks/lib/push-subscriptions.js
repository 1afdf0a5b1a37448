/**
 * Push subscriptions, server half (docs/push.md, Subscriptions; used by pb_hooks/push.pb.js): the
 * topics a device may opt into, what a `pushSubscriptions` record may contain (an https endpoint
 * on a public-looking host, known topics, well-formed keys) and how many devices one account may
 * have, and the public-key route's answer when the server has no key (MSG_UNAVAILABLE). Who gets
 * an alert is lib/push.js.
 *
 * A record that breaks a rule is refused with a 400 and a Korean message, before it is saved.
 */

// `wanted`: a card on the fan's 구함 list appeared (lib/wanted.js; docs/trades.md, Wantlist alerts)
const TOPICS = ['comment', 'exchange', 'meetup', 'chat', 'trade', 'wanted'];

const MSG_UNAVAILABLE = '푸시 알림을 사용할 수 없습니다. 서버에 알림 키가 설정되지 않았습니다.';
const MSG_BAD_TOPICS = '알림 종류가 올바르지 않습니다.';
const MSG_BAD_KEYS = '푸시 구독 키가 올바르지 않습니다.';
const MSG_BAD_ENDPOINT = '푸시 구독 주소는 https 주소여야 합니다.';
const MSG_LOCAL_ENDPOINT = '푸시 구독 주소로 쓸 수 없는 주소입니다.';
const MSG_TOO_MANY_DEVICES =
  '알림은 한 계정에 기기 10대까지 받을 수 있어요. 다른 기기에서 알림을 끈 뒤 다시 시도해 주세요.';

/** Push subscriptions (devices) one account may have. */
const MAX_DEVICES = 10;

/**
 * Whether an endpoint's host is an address, a localhost or intranet name rather than a public
 * name. Browsers' push services (FCM, Mozilla, Apple, Windows) are always public names; an
 * address, a number a URL parser would read as one (2130706433, 0x7f.1), a one-label name
 * (`metadata`) or a private-use suffix (.local, .internal...) could aim the push dispatcher at the
 * server's own network. This only catches spellings: a public-looking name that resolves inside
 * is refused by the dispatcher, which checks every resolved address right before connecting.
 * PUSH_ALLOW_PRIVATE_ENDPOINTS=1 lets tests use their local push service.
 */
function isAddressHost(endpoint) {
  const m = /^https:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/:?#]+)/i.exec(endpoint);
  if (!m) return true;
  const host = m[1].toLowerCase().replace(/\.$/, '');
  if (host.charAt(0) === '[') return true; // IPv6 literal
  if (host.indexOf('.') < 0) return true; // one label: localhost, metadata, an intranet host
  if (/\.(localhost|local|localdomain|internal|lan|home\.arpa)$/.test(host)) return true;
  // every label numeric (decimal, octal or hex): an IPv4 address in some spelling
  return host.split('.').every((label) => /^(0x[0-9a-f]*|[0-9]+)$/.test(label));
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function badRequest(message, field, code) {
  return new BadRequestError(message, {
    [field]: new ValidationError(code || 'validation_invalid_value', message),
  });
}

/** A JSON field's value as plain JS (PocketBase hands JSON fields over as raw bytes). */
function jsonValue(record, field) {
  const raw = record.get(field);
  if (raw == null) return null;
  const text = typeof raw === 'string' ? raw : toString(raw);
  if (text === '' || text === 'null') return null;
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // not JSON: invalid
  }
}

/**
 * Checks a subscription before it is saved: an https endpoint, `topics` a list of known topics
 * (stored without duplicates), `keys` {p256dh, auth} base64url strings when given.
 */
function checkSubscription(record) {
  const endpoint = record.getString('endpoint');
  if (endpoint && endpoint.indexOf('https://') !== 0) {
    throw badRequest(MSG_BAD_ENDPOINT, 'endpoint');
  }
  if (
    endpoint &&
    isAddressHost(endpoint) &&
    String($os.getenv('PUSH_ALLOW_PRIVATE_ENDPOINTS') || '').trim() !== '1'
  ) {
    throw badRequest(MSG_LOCAL_ENDPOINT, 'endpoint');
  }

  const topics = jsonValue(record, 'topics');
  if (topics !== null) {
    if (!Array.isArray(topics) || topics.some((t) => TOPICS.indexOf(t) < 0)) {
      throw badRequest(MSG_BAD_TOPICS, 'topics');
    }
    // duplicates dropped, the client's order kept
    record.set(
      'topics',
      topics.filter((t, i) => topics.indexOf(t) === i),
    );
  }

  const keys = jsonValue(record, 'keys');
  if (keys !== null) {
    const ok =
      keys &&
      typeof keys === 'object' &&
      !Array.isArray(keys) &&
      ['p256dh', 'auth'].every(
        (k) => typeof keys[k] === 'string' && keys[k].length <= 200 && BASE64URL.test(keys[k]),
      );
    if (!ok) throw badRequest(MSG_BAD_KEYS, 'keys');
    record.set('keys', { p256dh: keys.p256dh, auth: keys.auth });
  }
}

/**
 * At most MAX_DEVICES subscriptions per account: a new one past that is refused (400, nothing
 * stored) with a message telling the fan to turn alerts off on another device. Refusing rather
 * than dropping the oldest keeps a device the fan still uses from going quiet unnoticed; records
 * of devices that are gone are deleted by the dispatcher when their push service answers 404/410.
 * Runs inside the create's transaction (writes are serialized there), so parallel creates cannot
 * both take the last place.
 */
function checkDeviceLimit(app, record) {
  const user = record.getString('user');
  if (!user) return;
  const count = app.countRecords('pushSubscriptions', $dbx.hashExp({ user: user }));
  if (count >= MAX_DEVICES)
    throw badRequest(MSG_TOO_MANY_DEVICES, 'user', 'validation_max_devices');
}

module.exports = {
  TOPICS,
  MSG_UNAVAILABLE,
  MAX_DEVICES,
  MSG_TOO_MANY_DEVICES,
  checkSubscription,
  checkDeviceLimit,
};
