/**
 * Writes that name a merged card (docs/operators.md, Catalogue management): a card merged into
 * another (lib/card-merge.js) stays as a hidden redirect (`hidden`, `mergedInto` = the survivor),
 * so writes queued on devices before they learnt of the merge still land on the survivor.
 * `redirectMerged` is a request hook on the collections that name cards (REDIRECTED, set up by
 * pb_hooks/admin-catalogue.pb.js); for likes, a trigger.
 *
 * Until a card is merged, the app store's flag (FLAG: noted at start by noteMerges, set by a
 * merge before it commits) lets every write skip the lookup.
 */

const { toArray } = require(`${__hooks}/lib/records.js`);

/** A record id as PocketBase makes them: anything else names no card. */
const RECORD_ID = /^[a-z0-9]{15}$/;
/** The app store's flag: whether any card was ever merged (the redirect hook's fast path). */
const FLAG = 'pocamarket:cardMerges';

/**
 * Per collection, the fields of a queued write that may name a merged card. Likes are not here:
 * a like enters no hook (docs/scaling.md, Like storms), so a trigger moves a like of a merged card
 * (pb_migrations/1765110000_report_queue.js).
 */
const REDIRECT_FIELDS = {
  tradeItems: ['photoCard'],
  collectBook: ['cardInfo', 'cover'],
  exchangeList: ['photoCard'],
  trades: ['give', 'get'],
  encounters: ['theyHave', 'theyWant'],
  conversations: ['photoCard'],
};

/** The collections whose writes are redirected. */
const REDIRECTED = Object.keys(REDIRECT_FIELDS);

/** The survivors of those of `ids` that were merged: `{ loser: survivor }`. */
function survivorsOf(app, ids) {
  const out = {};
  const wanted = ids.filter((id, i) => id && ids.indexOf(id) === i && RECORD_ID.test(id));
  if (!wanted.length) return out;
  const params = {};
  const names = wanted.map((id, i) => {
    params[`i${i}`] = id;
    return `{:i${i}}`;
  });
  const rows = arrayOf(new DynamicModel({ id: '', mergedInto: '' }));
  app
    .db()
    .newQuery(
      `SELECT [[id]], [[mergedInto]] FROM {{photoCards}} WHERE [[id]] IN (${names.join(', ')}) ` +
        "AND [[mergedInto]] != ''",
    )
    .bind(params)
    .all(rows);
  for (const r of rows) out[r.id] = r.mergedInto;
  return out;
}

/** Whether a merge ever happened (false only once a check found none). */
function mergesMayExist(app) {
  const known = app.store().get(FLAG);
  if (known === true || known === false) return known;
  noteMerges(app);
  return app.store().get(FLAG) !== false;
}

/** Start-up: notes whether any card is merged, so writes skip the lookup until one is. */
function noteMerges(app) {
  try {
    const row = new DynamicModel({ n: 0 });
    app
      .db()
      .newQuery(
        "SELECT COUNT(*) AS n FROM (SELECT 1 FROM {{photoCards}} WHERE [[mergedInto]] != '' LIMIT 1)",
      )
      .one(row);
    app.store().set(FLAG, row.n > 0);
  } catch {
    // before the migration: leave it unknown (every write looks)
  }
}

/**
 * A create or update request naming a merged card (a write queued offline before the merge): the
 * loser's id becomes the survivor's, once per list; a `field-` removal naming the loser removes
 * the survivor.
 */
function redirectMerged(e) {
  const fields = REDIRECT_FIELDS[e.collection.name];
  if (!fields || !mergesMayExist(e.app)) return;
  const r = e.record;
  let removals = null;
  const named = [];
  for (const f of fields) named.push(...toArray(r.get(f)));
  const multi = fields.filter((f) => e.collection.fields.getByName(f).maxSelect > 1);
  if (multi.length) {
    // the body as sent: PocketBase has resolved the `field-` modifiers out of the request info
    const body = require(`${__hooks}/lib/request-body.js`).submittedBody(e);
    removals = {};
    for (const f of multi) {
      const gone = toArray(body[`${f}-`]).map(String);
      if (gone.length) {
        removals[f] = gone;
        named.push(...gone);
      }
    }
  }
  if (!named.length) return;
  const map = survivorsOf(e.app, named);
  if (!Object.keys(map).length) return;
  for (const f of fields) {
    if (multi.indexOf(f) < 0) {
      const v = r.getString(f);
      if (map[v]) r.set(f, map[v]);
      continue;
    }
    const drop = (removals && removals[f] ? removals[f] : [])
      .filter((id) => map[id])
      .map((id) => map[id]);
    const out = [];
    for (const id of toArray(r.get(f))) {
      const to = map[id] || id;
      if (out.indexOf(to) < 0 && drop.indexOf(to) < 0) out.push(to);
    }
    r.set(f, out);
  }
}

module.exports = {
  RECORD_ID,
  REDIRECT_FIELDS,
  REDIRECTED,
  FLAG,
  survivorsOf,
  noteMerges,
  redirectMerged,
};
