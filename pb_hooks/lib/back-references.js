/**
 * Back-reference lists kept by hooks (clients never write them): a parent record lists the ids
 * of its children, updated when a child is created or deleted (pb_hooks/relations.pb.js); the
 * child's link to its parent never changes for clients (pb_hooks/guards.pb.js).
 */

const { setMembership } = require(`${__hooks}/lib/records.js`);

/**
 * Per child collection: the child's `via` field names the parent record in `parent` whose `field`
 * lists the child ids.
 */
const BACK_REFERENCES = {
  exchangeList: [
    { via: 'photoCard', parent: 'photoCards', field: 'exchangeList' },
    { via: 'writer', parent: 'users', field: 'exchangeStatus' },
  ],
  collectBook: [{ via: 'users', parent: 'users', field: 'collectBook' }],
  comments: [{ via: 'meetUp', parent: 'meetUps', field: 'comments' }],
};

/** Adds (present) or removes the child record in every back-reference list that names it. */
function syncBackReferences(app, child, present) {
  const refs = BACK_REFERENCES[child.collection().name] || [];
  for (const ref of refs) {
    setMembership(app, ref.parent, child.getString(ref.via), ref.field, child.id, present);
  }
}

module.exports = { BACK_REFERENCES, syncBackReferences };
