/**
 * Storing the search keys that lib/search-key.js makes (docs/data-model.md, Search keys): a card's
 * hidden `searchKey` with its row of the search index (`photoCardsSearch`, the FTS5 table, and
 * `photoCardsSearchIds`, its row numbers), kept together by storeCardKeys; the record hooks'
 * helpers (pb_hooks/search.pb.js sets the key on every save of a card or a group, and rewrites a
 * renamed group's cards' keys in its transaction); and the backfill of empty keys, a bounded step
 * at start-up and one each minute, each batch its own short transaction.
 */

const { cardKey, groupKey, indexText } = require(`${__hooks}/lib/search-key.js`);

/** Writes a card's key and its index row (inside the caller's transaction, if any). */
function storeCardKey(app, id, key, alsoRow) {
  storeCardKeys(app, [{ id, key }], alsoRow);
}

/**
 * Writes the keys ({ id, key } each) and index rows of many cards in a few statements (one per
 * card took most of the backfill's time); `alsoRow`: the key into the card's row too (the record
 * hooks set it on the record they save).
 */
function storeCardKeys(app, batch, alsoRow, memo) {
  const db = app.db();
  const json = JSON.stringify(
    batch.map((c) => ({ id: c.id, key: c.key, t: indexText(c.key, memo) })),
  );
  const rows =
    "SELECT value ->> '$.id' AS id, value ->> '$.key' AS key, value ->> '$.t' AS t " +
    'FROM json_each({:json})';
  if (alsoRow) {
    db.newQuery(
      `UPDATE {{photoCards}} SET [[searchKey]] = j.key FROM (${rows}) j
       WHERE {{photoCards}}.[[id]] = j.id`,
    )
      .bind({ json })
      .execute();
  }
  db.newQuery(`INSERT OR IGNORE INTO photoCardsSearchIds (id) SELECT id FROM (${rows})`)
    .bind({ json })
    .execute();
  db.newQuery(
    `DELETE FROM photoCardsSearch WHERE rowid IN
       (SELECT m.rid FROM photoCardsSearchIds m JOIN (${rows}) j ON j.id = m.id)`,
  )
    .bind({ json })
    .execute();
  db.newQuery(
    `INSERT INTO photoCardsSearch (rowid, t)
       SELECT m.rid, j.t FROM (${rows}) j JOIN photoCardsSearchIds m ON m.id = j.id`,
  )
    .bind({ json })
    .execute();
}

/** Drops a deleted card's index row. */
function dropCardKey(app, id) {
  const db = app.db();
  const row = new DynamicModel({ rid: 0 });
  try {
    db.newQuery('SELECT rid FROM photoCardsSearchIds WHERE id = {:id}').bind({ id }).one(row);
  } catch {
    return; // never indexed
  }
  db.newQuery('DELETE FROM photoCardsSearch WHERE rowid = {:rid}').bind({ rid: row.rid }).execute();
  db.newQuery('DELETE FROM photoCardsSearchIds WHERE rid = {:rid}')
    .bind({ rid: row.rid })
    .execute();
}

// ---------------------------------------------------------------- record hooks' helpers

const CARD_FIELDS = ['groupName', 'memberName', 'memberNameEn', 'title', 'label'];
const GROUP_FIELDS = ['groupName', 'groupNameKo'];

/** A record's fields as a plain object. */
function fieldsOf(record, names) {
  const out = {};
  for (const n of names) out[n] = record.getString(n);
  return out;
}

/** The group record `id` of `app`, or null. */
function findGroup(app, id) {
  if (!id) return null;
  try {
    return app.findRecordById('groups', id);
  } catch {
    return null;
  }
}

/** Sets a card record's key (before it is saved); its index row follows with storeCardKey. */
function setCardKey(app, record) {
  const group = findGroup(app, record.getString('group'));
  record.set(
    'searchKey',
    cardKey(fieldsOf(record, CARD_FIELDS), group ? fieldsOf(group, GROUP_FIELDS) : null),
  );
}

/**
 * Whether a card's update may change its key: one of its fields or its group changed, or the
 * stored key is empty or was sent by the caller (it is replaced).
 */
function cardKeyChanged(record) {
  const before = record.original();
  if (
    !before.getString('searchKey') ||
    record.getString('searchKey') !== before.getString('searchKey')
  ) {
    return true;
  }
  for (const f of CARD_FIELDS.concat(['group'])) {
    if (record.getString(f) !== before.getString(f)) return true;
  }
  return false;
}

/** Sets a group record's key (before it is saved). */
function setGroupKey(record) {
  record.set('searchKey', groupKey(fieldsOf(record, GROUP_FIELDS)));
}

// ---------------------------------------------------------------- the backfill

/** Folded fields the backfill keeps at most before starting its memo again. */
const MEMO_MAX = 50000;

/** Rows read and written per transaction by a group's rename. */
const BATCH = 2000;
/**
 * Rows per transaction of the background backfill: short transactions (about 0.2 s here), so the
 * fans' writes, which wait for SQLite's one writer, never wait long behind it.
 */
const BACKFILL_BATCH = 500;

/** The card rows of a SELECT (see writeCardKeys) as plain objects. */
function cardRows(app, sql, params) {
  const rows = arrayOf(
    new DynamicModel({
      id: '',
      groupName: '',
      memberName: '',
      memberNameEn: '',
      title: '',
      label: '',
      gName: '',
      gNameKo: '',
    }),
  );
  app.db().newQuery(sql).bind(params).all(rows);
  return rows.map((r) => ({
    id: r.id,
    groupName: r.groupName,
    memberName: r.memberName,
    memberNameEn: r.memberNameEn,
    title: r.title,
    label: r.label,
    gName: r.gName,
    gNameKo: r.gNameKo,
  }));
}

/**
 * Writes the keys (and index rows) of the cards matching `where` (SQL over `p`, the photoCards
 * row, with `params`), `batch` at a time, straight in SQL: the key is a hidden field, so no hook,
 * no `updated` change and no re-download by devices. Stops after the batch that passes
 * `deadline` (ms since the epoch; 0: none). Returns how many it wrote and whether it got to the end.
 */
function writeCardKeys(app, where, params, batch, deadline) {
  let memo = {};
  let written = 0;
  let after = '';
  for (;;) {
    const rows = cardRows(
      app,
      `SELECT p.[[id]] AS id, p.[[groupName]] AS groupName, p.[[memberName]] AS memberName,
         p.[[memberNameEn]] AS memberNameEn, p.[[title]] AS title, p.[[label]] AS label,
         COALESCE(g.[[groupName]], '') AS gName, COALESCE(g.[[groupNameKo]], '') AS gNameKo
       FROM {{photoCards}} p LEFT JOIN {{groups}} g ON g.[[id]] = p.[[group]]
       WHERE (${where}) AND p.[[id]] > {:after} ORDER BY p.[[id]] LIMIT ${batch}`,
      Object.assign({ after }, params),
    );
    if (!rows.length) return { written, done: true };
    const keys = rows.map((r) => {
      const group = r.gName ? { groupName: r.gName, groupNameKo: r.gNameKo } : null;
      return { id: r.id, key: cardKey(r, group, memo) };
    });
    app.runInTransaction((tx) => storeCardKeys(tx, keys, true, memo));
    written += rows.length;
    if (rows.length < batch) return { written, done: true };
    if (deadline && Date.now() >= deadline) return { written, done: false };
    // bounded: a catalogue of distinct titles would otherwise keep every one
    if (memo.fields && memo.fields.size > MEMO_MAX) memo = {};
    after = rows[rows.length - 1].id;
  }
}

/** Writes the keys of a group's cards (after its names changed). */
function writeGroupCardKeys(app, groupId) {
  return writeCardKeys(app, 'p.[[group]] = {:g}', { g: groupId }, BATCH, 0).written;
}

/**
 * Writes the empty keys, groups and cards (rows there before the keys existed, rows inserted by
 * SQL), until `deadline` (ms since the epoch; 0: all of them). Returns the counts and whether
 * none is left.
 */
function backfill(app, deadline) {
  // before the migrations have run (a fresh data dir, `migrate up`) there is nothing to fill
  for (const name of ['groups', 'photoCards']) {
    let collection;
    try {
      collection = app.findCollectionByNameOrId(name);
    } catch {
      return { groups: 0, cards: 0, done: true };
    }
    if (!collection.fields.getByName('searchKey')) return { groups: 0, cards: 0, done: true };
  }
  const groups = app.findRecordsByFilter('groups', "searchKey = ''", 'id', 0, 0);
  for (const g of groups) {
    app
      .db()
      .newQuery('UPDATE {{groups}} SET [[searchKey]] = {:key} WHERE [[id]] = {:id}')
      .bind({ key: groupKey(fieldsOf(g, GROUP_FIELDS)), id: g.id })
      .execute();
  }
  const cards = writeCardKeys(app, "p.[[searchKey]] = ''", {}, BACKFILL_BATCH, deadline || 0);
  return { groups: groups.length, cards: cards.written, done: cards.done };
}

/** How long a backfill step may write, ms: at start-up, and in each minute's run. */
const BACKFILL_MS = { boot: 1500, run: 40000 };

/** One bounded step of the backfill, logged when it wrote anything. */
function backfillStep(app, when) {
  const env = $os.getenv(when === 'boot' ? 'SEARCH_BACKFILL_BOOT_MS' : 'SEARCH_BACKFILL_RUN_MS');
  const ms = env !== '' && !isNaN(Number(env)) ? Number(env) : BACKFILL_MS[when];
  const started = Date.now();
  const done = backfill(app, started + Math.max(ms, 1));
  if (done.cards || done.groups) {
    app
      .logger()
      .info(
        'search keys backfilled',
        'cards',
        done.cards,
        'groups',
        done.groups,
        'complete',
        done.done,
        'ms',
        Date.now() - started,
      );
  }
  return done;
}

module.exports = {
  storeCardKey,
  dropCardKey,
  setCardKey,
  cardKeyChanged,
  setGroupKey,
  writeGroupCardKeys,
  backfill,
  backfillStep,
};
