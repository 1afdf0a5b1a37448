/**
 * Realtime events of a fan's own rows go to that fan's connections only (docs/scaling.md,
 * Realtime; zz-owner-events.pb.js binds it).
 *
 * PocketBase sends a record event by walking every realtime connection: six topic lookups per
 * connection, and for each one subscribed to the collection a database query for its access rule,
 * all before the write that caused it returns. For a collection only its owner can read (a like, a
 * book, a have/want entry, an alert) every other connection is walked and checked for nothing: with
 * 2,000 connections open a like took four times as long, and with 2,000 fans subscribed to their
 * likes it would be 2,000 queries per like.
 *
 * For the collections in OWNER_FIELDS, whose list rule is exactly "signed in and the owner field is
 * me", a create or update is sent here instead: to the connections the owner's account holds
 * (lib/realtime.js keeps them per account when they subscribe), each still checked to be signed in
 * as the owner and subscribed to `<collection>/*`, so the cost is that of the owner's few
 * connections whatever the number open. The topics of these collections are only taken in that
 * form (lib/realtime.js leaves out a record's topic, the older bare name and options, none of which
 * the app uses), so nobody else was ever sent these events. Deletes still go through PocketBase's
 * walk (they are rarer: an unlike, a removed entry). Should a rule be changed from the owner-only
 * form, its events go through PocketBase again.
 *
 * A send waits for the connection to take the message; a connection whose reader stopped reading
 * would hold the write that sends to it. At most MAX_SENDING sends wait on one connection; more
 * are skipped (that connection's app pulls what it missed when it reconnects).
 */

/** The collections whose rows only their owner can list, and the owner field of each. */
const OWNER_FIELDS = {
  likes: 'user',
  collectBook: 'users',
  tradeItems: 'user',
  blocks: 'user',
  encounters: 'user',
  notifications: 'user',
  pushSubscriptions: 'user',
};

const MAX_SENDING = 2;
const SENDING_PREFIX = 'pocamarket.realtimeSending|';

/** The owner-only rule's exact text for an owner field (as the migrations write it). */
const ownRule = (field) => `@request.auth.id != "" && ${field} = @request.auth.id`;

/** The owner field of a collection whose events are sent to their owner only; '' for the rest. */
function ownerField(collection) {
  const field = OWNER_FIELDS[collection.name];
  if (!field) return '';
  // the rule is a Go string pointer: compared by its text (null: superusers only)
  const rule = collection.listRule;
  return rule !== null && rule !== undefined && String(rule) === ownRule(field) ? field : '';
}

/** Whether a topic is taken: any topic of another collection; of an owner-only one (named by
 * name or id), `<name>/*` alone, with no options. */
function topicTaken(app, topic) {
  const collectionName = String(topic).split('?')[0].split('/')[0];
  let collection;
  try {
    collection = app.findCachedCollectionByNameOrId(collectionName);
  } catch {
    collection = null;
  }
  if (!collection || !OWNER_FIELDS[collection.name]) return true;
  return String(topic) === `${collection.name}/*`;
}

/** Sends `msg` to `client` unless MAX_SENDING sends already wait on it. */
function sendBounded(app, client, msg) {
  const key = SENDING_PREFIX + client.id();
  const store = app.store();
  let mine = false;
  store.setFunc(key, (old) => {
    const n = old || 0;
    mine = n < MAX_SENDING;
    return mine ? n + 1 : n;
  });
  if (!mine) return;
  try {
    client.send(msg);
  } finally {
    store.setFunc(key, (old) => Math.max(0, (old || 1) - 1));
    if (!store.get(key)) store.remove(key);
  }
}

/**
 * The after-success hook of a create or update (`action`) in an owner-only collection: sends the
 * event to the owner's connections and ends the hook chain there, so PocketBase's walk of every
 * connection is skipped. It must be the last handler of the chain: zz-owner-events.pb.js binds it,
 * the hook file loaded last (PocketBase loads them in name order). Other collections, or a rule
 * no longer owner-only: on to PocketBase.
 */
function afterSave(e, action) {
  const record = e.record;
  const field = ownerField(record.collection());
  if (!field) return e.next();
  try {
    const owner = record.getString(field);
    if (!owner) return;
    const ids = require(`${__hooks}/lib/realtime.js`).accountClients(e.app, owner);
    if (!ids.length) return;
    const topic = `${record.collection().name}/*`;
    const broker = e.app.subscriptionsBroker();
    let data = '';
    for (let i = 0; i < ids.length; i++) {
      let client = null;
      try {
        client = broker.clientById(ids[i]);
      } catch {
        client = null;
      }
      if (!client || client.isDiscarded()) continue;
      const auth = client.get('auth');
      if (!auth || auth.id !== owner) continue;
      const subs = client.subscriptions(`${topic}?`);
      if (!subs || !Object.prototype.hasOwnProperty.call(subs, topic)) continue;
      if (!data) data = JSON.stringify({ action, record: record.fresh() });
      sendBounded(e.app, client, new SubscriptionMessage({ name: topic, data }));
    }
  } catch (err) {
    // the write is stored: a failed send must not turn its answer into an error
    e.app.logger().warn('owner realtime event not sent', 'error', String(err));
  }
}

module.exports = { OWNER_FIELDS, topicTaken, afterSave };
