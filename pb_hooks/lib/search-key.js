/**
 * Search keys (docs/data-model.md, Search keys; docs/product-rules.md, Search): the hidden text
 * `searchKey` of `photoCards` and `groups`, and the index the search route (lib/search.js) finds
 * cards by.
 *
 * A key is the record's searchable fields, each folded (NFKC, lower case, every blank removed, so
 * '원 빈' and 'le sserafim' match '원빈' and 'lesserafim'), then the initial consonants (choseong,
 * es-hangul's getChoseong) of each name and title that has Hangul ('원빈' → 'ㅇㅂ', '라이즈' →
 * 'ㄹㅇㅈ'; not of a label), folded the same way, all joined by a line break. A query is folded the same way, so it holds no
 * line break and a match never spans two fields. A query made only of choseong letters finds them
 * in the choseong parts; a query with a syllable or a Latin letter cannot match there.
 *
 * A card's key has its own fields (group name, member name and its Latin form, title, label) and
 * its group's names (`groupName`, `groupNameKo`), so 라이즈 and ㄹㅇㅈ find RIIZE's cards.
 *
 * The substring search runs on an index, not on a scan of the keys (a scan of 200,000 keys took
 * about 100 ms): `photoCardsSearch`, an FTS5 table with the trigram tokenizer over each key with
 * every character tripled (indexText), and `photoCardsSearchIds`, which gives each card its row
 * number there. Every key write goes through storeCardKeys, which keeps both.
 *
 * The same folding runs on devices over the cards they hold (src/lib/card-search.ts);
 * tests/unit/search-key.test.ts checks that both agree.
 */

const { getChoseong } = require(`${__hooks}/lib/vendor/es-hangul.js`);

const SEPARATOR = '\n';
const BLANKS = /\s+/g;
const HANGUL_SYLLABLE = /[가-힣]/;

/** NFKC, lower case, no blanks: how keys and queries are compared. */
function fold(text) {
  return String(text == null ? '' : text)
    .normalize('NFKC')
    .toLowerCase()
    .replace(BLANKS, '');
}

/** A field's folded text and its folded choseong ('' without Hangul). */
function foldField(value, memo) {
  const raw = String(value == null ? '' : value);
  const fields = memo ? memo.fields || (memo.fields = new Map()) : null;
  const hit = fields ? fields.get(raw) : undefined;
  if (hit) return hit;
  const folded = fold(raw);
  const cho = HANGUL_SYLLABLE.test(folded) ? fold(getChoseong(folded)) : '';
  const out = [folded, cho];
  if (fields) fields.set(raw, out);
  return out;
}

/**
 * The key of field values: the folded `fields`, then the choseong of `named` (names and titles:
 * a label such as 앨범 would make ㅇㅂ find a fifth of the catalogue), once each. `memo` (an
 * object) keeps folded fields across calls: the backfill meets the same names again and again.
 */
function keyOf(fields, named, memo) {
  const parts = [];
  const seen = {};
  const add = (part) => {
    if (part && !seen[part]) {
      seen[part] = true;
      parts.push(part);
    }
  };
  for (const v of fields) add(foldField(v, memo)[0]);
  for (const v of named) add(foldField(v, memo)[1]);
  return parts.join(SEPARATOR);
}

/** A group's key from its names. */
function groupKey(group) {
  const names = [group.groupName, group.groupNameKo];
  return keyOf(names, names);
}

/**
 * A card's key from its fields and its group's names (`group` may be null). With `memo`, the
 * parts of the group's and the member's names are kept per group and member (the backfill's cards
 * share them), so a card costs its title and label only.
 */
function cardKey(card, group, memo) {
  const head = [
    card.groupName,
    group ? group.groupName : '',
    group ? group.groupNameKo : '',
    card.memberName,
    card.memberNameEn,
  ];
  const headKey = head.join('\u0001');
  let parts = memo && memo.heads ? memo.heads.get(headKey) : undefined;
  if (!parts) {
    const fields = head.map((v) => foldField(v, memo));
    parts = { folded: unique(fields.map((f) => f[0])), cho: unique(fields.map((f) => f[1])) };
    if (memo) (memo.heads || (memo.heads = new Map())).set(headKey, parts);
  }
  const title = foldField(card.title, memo);
  const label = foldField(card.label, memo)[0];
  const out = parts.folded.slice();
  if (title[0] && out.indexOf(title[0]) < 0) out.push(title[0]);
  if (label && out.indexOf(label) < 0) out.push(label);
  for (const c of parts.cho) if (out.indexOf(c) < 0) out.push(c);
  if (title[1] && out.indexOf(title[1]) < 0) out.push(title[1]);
  return out.join(SEPARATOR);
}

/** The non-empty values, once each, in order. */
function unique(values) {
  const out = [];
  for (const v of values) if (v && out.indexOf(v) < 0) out.push(v);
  return out;
}

// ---------------------------------------------------------------- the index

/**
 * The text the index holds for a key: every character three times ('원빈' → '원원원빈빈빈'), so
 * that FTS5's trigram tokenizer, which finds strings of three or more characters, holds each
 * character ('원원원') and each pair of neighbours ('원원빈', '원빈빈') as a token.
 */
function indexText(text, memo) {
  const triples = memo ? memo.triples || (memo.triples = new Map()) : null;
  const parts = String(text).split(SEPARATOR);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    let t = triples ? triples.get(part) : undefined;
    if (t === undefined) {
      t = '';
      for (const ch of part) t += ch + ch + ch;
      if (triples) triples.set(part, t);
    }
    parts[i] = t;
  }
  return parts.join(SEPARATOR + SEPARATOR + SEPARATOR);
}

/**
 * The FTS5 query that narrows the cards down for a folded query: every pair of neighbouring
 * different characters of the query, tripled ('원빈' → '원원빈'), must be in the key, or, for a
 * query without such a pair ('ㅋ', 'ㅋㅋ'), its character three times. Those trigrams are rare
 * enough to narrow fast, where a phrase of all the query's trigrams would also walk the very
 * common ones ('ㅇㅇㅇ', 'nnn'). The caller checks each card found holds the query itself
 * (`instr` over its key): the trigrams say only that its pairs are somewhere in the key.
 */
function matchQuery(q) {
  const chars = Array.from(q);
  const terms = {};
  for (let i = 0; i + 1 < chars.length; i++) {
    if (chars[i] !== chars[i + 1]) terms[chars[i] + chars[i] + chars[i + 1]] = true;
  }
  const list = Object.keys(terms);
  if (!list.length) list.push(chars[0] + chars[0] + chars[0]);
  return list.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ');
}

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
  SEPARATOR,
  fold,
  keyOf,
  groupKey,
  cardKey,
  indexText,
  matchQuery,
  storeCardKey,
  dropCardKey,
  setCardKey,
  cardKeyChanged,
  setGroupKey,
  writeGroupCardKeys,
  backfill,
  backfillStep,
};
