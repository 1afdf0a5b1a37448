/**
 * Tombstones: which collections leave one when a record is deleted, who owns it, and whether an
 * id was used and deleted (pb_hooks/tombstones.pb.js writes them; docs/sync.md).
 */

/**
 * Owner fields of the private collections (their tombstones are private too). A record of two
 * fans (a conversation, a trade, a review) leaves one tombstone for each, so both devices learn
 * of the delete and nobody else does.
 */
const OWNER_FIELDS = {
  likes: ['user'],
  collectBook: ['users'],
  informUs: ['user'],
  notifications: ['user'],
  pushSubscriptions: ['user'],
  tradeItems: ['user'],
  blocks: ['user'],
  chatReports: ['reporter'],
  conversations: ['a', 'b'],
  trades: ['proposer', 'receiver'],
  reviews: ['author', 'subject'],
  encounters: ['user'],
};

const TOMBSTONED = [
  'groups',
  'photoCards',
  'users',
  'collectBook',
  'exchangeList',
  'meetUps',
  'comments',
  'informUs',
  'likes',
  'pushSubscriptions',
  'notifications',
  'tradeItems',
  'conversations',
  'trades',
  'reviews',
  'blocks',
  'chatReports',
  'encounters',
  'notices',
];

/**
 * Collections whose creates are checked against taken and deleted ids by a record hook
 * (guards.pb.js): the tombstoned ones plus messages, which are only ever deleted with their
 * conversation (whose tombstones tell both devices that its messages are gone). Likes are checked
 * the same way but per request, so that a like row enters no hook VM at all (the busiest write,
 * docs/scaling.md, Like storms): a batch's like creates in one query before it runs
 * (limits.pb.js), a direct like create in the router middleware (api.pb.js).
 */
const REPLAY_CHECKED = TOMBSTONED.filter((c) => c !== 'likes').concat(['messages', 'tombstones']);

/** The path of a direct like create, checked for replays outside the record hooks. */
const LIKE_CREATE_PATH = '/api/collections/likes/records';

/**
 * Whether a create with this id must be refused as a replay: a record of this collection has the
 * id, or had it and was deleted. One indexed query (the primary key and the tombstones' record
 * index), no record loaded: it runs for every create, likes included, on the busiest write path.
 * `collectionName` comes from the hook's own collection, never from the request.
 */
function idTaken(app, collectionName, id) {
  if (!id) return false;
  const table = '`' + String(collectionName).replace(/`/g, '') + '`';
  const tomb =
    collectionName === 'tombstones'
      ? ''
      : ' OR EXISTS (SELECT 1 FROM tombstones WHERE recordCollection = {:c} AND recordId = {:id})';
  const row = new DynamicModel({ taken: 0 });
  app
    .db()
    .newQuery(`SELECT (EXISTS (SELECT 1 FROM ${table} WHERE id = {:id})${tomb}) AS taken`)
    .bind({ c: collectionName, id: id })
    .one(row);
  return !!row.taken;
}

/** Which of `ids` a like create must be refused for as a replay (taken, or used and deleted). */
function takenLikeIds(app, ids) {
  const clean = ids.filter((id) => typeof id === 'string' && id !== '');
  if (!clean.length) return [];
  const params = {};
  const marks = clean.map((id, i) => {
    params[`i${i}`] = id;
    return `{:i${i}}`;
  });
  const list = marks.join(', ');
  const rows = arrayOf(new DynamicModel({ id: '' }));
  app
    .db()
    .newQuery(
      `SELECT id FROM likes WHERE id IN (${list})
       UNION SELECT recordId AS id FROM tombstones
       WHERE recordCollection = 'likes' AND recordId IN (${list})`,
    )
    .bind(params)
    .all(rows);
  const out = [];
  for (let i = 0; i < rows.length; i++) out.push(rows[i].id);
  return out;
}

/** The answer to a replayed create: what the record hook check answers (docs/sync.md, Replays). */
function replayRefusal() {
  return require(`${__hooks}/lib/errors.js`).badRequest(
    'Failed to create record.',
    ['id'],
    'validation_not_unique',
    'Value must be unique.',
  );
}

/**
 * A direct like create whose client id is taken or was used and deleted is a replay: refused as
 * the record hooks refuse one for other collections (lib/tombstones.js, REPLAY_CHECKED). The app
 * sends JSON; the body is read once here (PocketBase keeps it re-readable) and only up to 16 KB
 * (a like is about 100 bytes; anything else is left to PocketBase's own checks).
 */
function checkLikeReplay(e) {
  const type = String(e.request.header.get('Content-Type') || '').toLowerCase();
  if (type.indexOf('application/json') !== 0) return;
  let id;
  try {
    const body = JSON.parse(toString(e.request.body, 16 * 1024) || '{}');
    id = body && typeof body.id === 'string' ? body.id : '';
  } catch {
    return; // unreadable or too long: PocketBase answers it
  }
  if (id && takenLikeIds(e.app, [id]).length) throw replayRefusal();
}

function writeTombstone(app, record) {
  const name = record.collection().name;
  const owners = [];
  for (const f of OWNER_FIELDS[name] || []) {
    const owner = record.getString(f);
    if (owner && owners.indexOf(owner) < 0) owners.push(owner);
  }
  if (!owners.length) owners.push('');
  const collection = app.findCollectionByNameOrId('tombstones');
  for (const owner of owners) {
    const tombstone = new Record(collection);
    tombstone.set('recordCollection', name);
    tombstone.set('recordId', record.id);
    tombstone.set('owner', owner);
    app.save(tombstone);
  }
}

module.exports = {
  OWNER_FIELDS,
  TOMBSTONED,
  REPLAY_CHECKED,
  LIKE_CREATE_PATH,
  idTaken,
  takenLikeIds,
  replayRefusal,
  checkLikeReplay,
  writeTombstone,
};
