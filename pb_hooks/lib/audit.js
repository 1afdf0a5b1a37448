/**
 * The audit log (docs/operators.md, The audit log): one `auditLog` row for every action an admin
 * takes, written in the action's own transaction (pass the transaction's app), so an action that
 * fails leaves no entry and an entry never lacks its action. Nobody edits or deletes the rows
 * through the API (the collection's rules); only this module writes them.
 *
 * `before` and `after` are the record's fields as plain values (snapshot(), hidden and file fields
 * included as names), or anything JSON-able the action wants kept (a merge's moved rows, a
 * suspension's end).
 */

/** A record's fields as plain values, for `before` / `after`; null for no record. */
function snapshot(record) {
  if (!record) return null;
  const out = { id: record.id };
  const fields = record.collection().fields;
  for (let i = 0; i < fields.length; i++) {
    const name = fields[i].getName();
    if (name === 'password' || name === 'tokenKey') continue;
    const value = record.get(name);
    try {
      out[name] = JSON.parse(JSON.stringify(value === undefined ? null : value));
    } catch {
      out[name] = String(value);
    }
  }
  return out;
}

/**
 * Writes one entry. `entry`: { actor (a users record or id), action (e.g. 'report.publish'),
 * collection, id, reason, before, after }.
 */
function audit(app, entry) {
  const actorId =
    entry.actor && typeof entry.actor === 'object' ? entry.actor.id : String(entry.actor || '');
  let actorName = '';
  if (entry.actor && typeof entry.actor === 'object' && entry.actor.getString) {
    actorName = entry.actor.getString('username');
  } else if (actorId) {
    try {
      actorName = app.findRecordById('users', actorId).getString('username');
    } catch {
      actorName = '';
    }
  }
  const r = new Record(app.findCollectionByNameOrId('auditLog'));
  r.set('actor', actorId);
  r.set('actorName', actorName);
  r.set('action', entry.action);
  r.set('targetCollection', entry.collection || '');
  r.set('targetId', entry.id || '');
  r.set('reason', String(entry.reason || '').slice(0, 1000));
  r.set('before', entry.before === undefined ? null : entry.before);
  r.set('after', entry.after === undefined ? null : entry.after);
  app.save(r);
  return r;
}

/**
 * One inbox alert (topic `report`, never pushed: `sentAt` set) telling `user` what the operators
 * decided. `note`: { title, body, url }. Written with the app given (the action's transaction).
 */
function tellFan(app, user, note) {
  if (!user) return null;
  const r = new Record(app.findCollectionByNameOrId('notifications'));
  const now = new DateTime();
  r.set('user', user);
  r.set('topic', 'report');
  r.set('title', note.title);
  r.set('body', note.body || '');
  r.set('url', note.url || '/alerts');
  r.set('read', false);
  r.set('count', 1);
  r.set('at', now);
  r.set('sentAt', now);
  app.save(r);
  return r;
}

/**
 * Who a request's audit entry names, as audit()'s `actor`: the signed-in admin (a `users`
 * record), or for a superuser (PocketBase's dashboard, scripts) a stand-in with no id whose name
 * is the superuser's email, so the entry says who it was though `actor` stays empty; null for a
 * guest.
 */
function requestActor(e) {
  if (!e.auth) return null;
  if (!e.hasSuperuserAuth()) return e.auth;
  const email = e.auth.getString('email');
  return { id: '', getString: () => email.slice(0, 100) };
}

module.exports = { audit, snapshot, tellFan, requestActor };
