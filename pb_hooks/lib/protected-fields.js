/**
 * Fields clients may not write: hook-kept ones, the users fields only superusers set, and owner
 * fields that never change after creation (pb_hooks/guards.pb.js enforces them).
 */

/**
 * Fields kept by hooks. Request updates that don't submit them get the current stored value
 * (read inside the write transaction), so a stale copy loaded before a concurrent like cannot
 * overwrite the hook's work.
 */
const DERIVED = {
  users: ['collectBook', 'exchangeStatus', 'tradesCompleted'],
  // importHash: written by the bulk import only (lib/catalogue-import-rows.js), hidden besides
  // mergedInto: written by the card merge only (lib/card-merge.js)
  photoCards: ['likeCount', 'exchangeList', 'importHash', 'mergedInto'],
  groups: ['cardCount'],
  meetUps: ['comments'],
};

/**
 * Fields of users that only superusers (and hooks) may set. (`likeList` is not stored,
 * lib/like-list.js: guards.pb.js refuses it in a request body.)
 */
const USER_PROTECTED = [
  'role',
  'collectBook',
  'exchangeStatus',
  'tradesCompleted',
  'verified',
  'emailVisibility',
  // a fan's standing: only the admins' moderation routes set it (pb_hooks/moderation.pb.js)
  'suspendedUntil',
  'suspendReason',
  'banned',
  'banReason',
];

/** Fields that never change after creation (for non-superusers). */
const IMMUTABLE = {
  exchangeList: ['writer', 'photoCard'],
  comments: ['name', 'meetUp'],
  collectBook: ['users'],
  likes: ['user', 'photoCard'],
  informUs: ['user'],
  pushSubscriptions: ['user'],
  tradeItems: ['user', 'photoCard'],
  conversations: ['a', 'b', 'starter'],
  trades: ['proposer', 'receiver', 'counterOf', 'conversation'],
};

const MSG_PROTECTED = '변경할 수 없는 항목이 포함되어 있습니다.';

/**
 * users.name is a hidden field (private: pb_migrations/1764920000_users_name_private.js): PocketBase
 * drops it from a client's body (and from the request info the hooks get), so a sign-up's or the
 * fan's own value is read from the request itself (`body`: lib/request-body.js's submittedBody,
 * which the caller reads once) and set here, to be checked like every other field (guards.pb.js).
 */
function takeName(e, body) {
  if (!Object.prototype.hasOwnProperty.call(body, 'name') || body.name == null) return;
  const value = Array.isArray(body.name) ? body.name[body.name.length - 1] : body.name;
  e.record.set('name', String(value));
}

module.exports = { DERIVED, USER_PROTECTED, IMMUTABLE, MSG_PROTECTED, takeName };
