/// <reference path="../../pb_data/types.d.ts" />
/**
 * Tombstones: which collections leave one when a record is deleted, who owns it, and whether an
 * id was used and deleted (pb_hooks/tombstones.pb.js writes them; docs/sync.md).
 */

/** Owner field of the owner-private collections (their tombstones are private too). */
const OWNER_FIELD = {
  likes: 'user',
  collectBook: 'users',
  informUs: 'user',
  notifications: 'user',
  pushSubscriptions: 'user',
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
];

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

function writeTombstone(app, record) {
  const name = record.collection().name;
  const ownerField = OWNER_FIELD[name];
  const tombstone = new Record(app.findCollectionByNameOrId('tombstones'));
  tombstone.set('recordCollection', name);
  tombstone.set('recordId', record.id);
  tombstone.set('owner', ownerField ? record.getString(ownerField) : '');
  app.save(tombstone);
}

module.exports = { OWNER_FIELD, TOMBSTONED, wasDeleted, writeTombstone };
