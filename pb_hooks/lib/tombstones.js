/// <reference path="../../pb_data/types.d.ts" />
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
 * Collections whose creates are checked against taken and deleted ids (guards.pb.js): the
 * tombstoned ones plus messages, which are only ever deleted with their conversation (whose
 * tombstones tell both devices that its messages are gone).
 */
const REPLAY_CHECKED = TOMBSTONED.concat(['messages', 'tombstones']);

/** Whether a record of this collection with this id existed and was deleted. */
function wasDeleted(app, collectionName, id) {
  if (collectionName === 'tombstones') return false;
  try {
    app.findFirstRecordByFilter('tombstones', 'recordCollection = {:c} && recordId = {:id}', {
      c: collectionName,
      id: id,
    });
    return true;
  } catch (_) {
    return false;
  }
}

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

module.exports = { OWNER_FIELDS, TOMBSTONED, REPLAY_CHECKED, wasDeleted, idTaken, writeTombstone };
