/**
 * Record helpers for the hooks: field values compared as plain values, records looked up without
 * throwing, multi-relation membership, and the hook's write transaction.
 *
 * PocketBase runs each hook handler in a pooled, isolated VM, so handlers load this module with
 * `require(`${__hooks}/lib/records.js`)` instead of sharing top-level variables. It is loaded on
 * the hot paths (likes, posts): keep it small and free of other requires.
 */

/** A Go slice (or JS array) as a plain JS array. */
function toArray(value) {
  if (value == null || value === '') return [];
  if (typeof value === 'string') return [value];
  const out = [];
  for (let i = 0; i < value.length; i++) out.push(value[i]);
  return out;
}

/** A comparable key for a field value (multi values compared as sets). */
function valueKey(value) {
  if (value == null) return '';
  if (typeof value === 'object' && typeof value.length === 'number') {
    return JSON.stringify(toArray(value).map(String).sort());
  }
  if (typeof value === 'boolean') return value ? 'true' : '';
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }
  return String(value);
}

/** Names of `fields` whose value differs from the stored original. */
function changedFields(record, fields) {
  const original = record.original();
  return fields.filter((f) => valueKey(record.get(f)) !== valueKey(original.get(f)));
}

function findRecord(app, collection, id) {
  if (!id) return null;
  try {
    return app.findRecordById(collection, id);
  } catch {
    return null; // missing (e.g. deleted earlier in the same cascade)
  }
}

/** Adds or removes `childId` in the multi relation `field` of `collection`/`parentId`. */
function setMembership(app, collection, parentId, field, childId, present) {
  const parent = findRecord(app, collection, parentId);
  if (!parent) return;
  const ids = toArray(parent.getStringSlice(field));
  const has = ids.indexOf(childId) >= 0;
  if (has === present) return;
  parent.set(field, present ? ids.concat([childId]) : ids.filter((id) => id !== childId));
  app.saveNoValidate(parent);
}

/**
 * Runs `before(txApp)`, the rest of the hook chain (the actual insert/update/delete) and then
 * `after(txApp)` in one database transaction, so all of it commits or rolls back together.
 * PocketBase has a single write connection, so reads made through `txApp` see no concurrent
 * writer: a read-modify-write here is atomic. Nested calls (batch requests, cascades) join the
 * outer transaction.
 */
function inTransaction(e, after, before) {
  e.app.runInTransaction((txApp) => {
    const outer = e.app;
    e.app = txApp;
    try {
      if (before) before(txApp);
      e.next();
      if (after) after(txApp);
    } finally {
      e.app = outer;
    }
  });
}

module.exports = {
  toArray,
  valueKey,
  changedFields,
  findRecord,
  setMembership,
  inTransaction,
};
