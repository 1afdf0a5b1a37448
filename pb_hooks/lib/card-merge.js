/**
 * Merging two catalogue cards (docs/operators.md, Catalogue management): every reference to the
 * loser moves to the survivor in one transaction, and the loser stays as a hidden redirect
 * (`hidden`, `mergedInto` = the survivor), so writes queued on devices before they learnt of the
 * merge still land on the survivor (lib/card-redirects.js, a request hook on the collections that
 * name cards; for likes, a trigger).
 *
 * What moves, found by walking the schema (every relation field to `photoCards`, so a collection
 * added later is covered too):
 *
 * - `likes` (unique per fan and card): a fan who liked both keeps the survivor's like and loses
 *   the loser's (deleted: a tombstone tells their devices); the others are pointed at the
 *   survivor. `likeCount` is kept by triggers on insert and delete only, so the moved likes are
 *   added to the survivor's count and taken from the loser's here.
 * - `tradeItems` (unique per fan and card): a fan with items on both keeps one, on the survivor:
 *   have + have adds the spare copies (at most 99), have + want keeps the have (the fan has the
 *   card), want + want keeps one; the item's book is the survivor item's, or else the loser's.
 * - Every other relation (a post's card, a book's cards and cover, a proposal's give and get, a
 *   conversation's card, an encounter's lists, a report's published card, and a card merged into
 *   the loser earlier): the loser's id is replaced by the survivor's, once per list.
 * - The cards' back-reference lists of posts (`exchangeList`) follow their posts.
 *
 * Moved rows are written in SQL with a new `updated`, so each fan's next pull brings them (the
 * pull reads by `updated`, docs/sync.md); no realtime message goes out for them. The audit entry
 * (`card.merge`) keeps the moved rows' ids (at most AUDIT_IDS_MAX per kind, with the counts).
 */

const { findRecord } = require(`${__hooks}/lib/records.js`);
const { RECORD_ID, FLAG } = require(`${__hooks}/lib/card-redirects.js`);

const STAMP = "strftime('%Y-%m-%d %H:%M:%fZ', 'now')";
const AUDIT_IDS_MAX = 500;

const MSG_BODY = '합칠 두 카드(survivor, loser)를 골라주세요.';
const MSG_SAME = '같은 카드끼리는 합칠 수 없어요.';
const MSG_NOT_FOUND = '카드를 찾을 수 없어요.';
const MSG_LOSER_MERGED = '이미 다른 카드에 합쳐진 카드예요.';
const MSG_SURVIVOR_MERGED =
  '다른 카드에 합쳐진 카드로는 합칠 수 없어요. 그 카드가 합쳐진 카드를 골라주세요.';

function queryIds(app, sql, params) {
  const rows = arrayOf(new DynamicModel({ id: '' }));
  app.db().newQuery(sql).bind(params).all(rows);
  return rows.map((r) => r.id);
}

function exec(app, sql, params) {
  app
    .db()
    .newQuery(sql)
    .bind(params || {})
    .execute();
}

/** Likes: duplicates deleted (tombstones), the rest moved; the counts follow. */
function moveLikes(tx, loser, survivor) {
  const p = { l: loser, s: survivor };
  const dropped = queryIds(
    tx,
    'SELECT a.[[id]] FROM {{likes}} a WHERE a.[[photoCard]] = {:l} AND EXISTS ' +
      '(SELECT 1 FROM {{likes}} b WHERE b.[[user]] = a.[[user]] AND b.[[photoCard]] = {:s})',
    p,
  );
  for (const id of dropped) {
    const like = findRecord(tx, 'likes', id);
    if (like) tx.delete(like); // the trigger takes one from the loser's count
  }
  const moved = queryIds(tx, 'SELECT [[id]] FROM {{likes}} WHERE [[photoCard]] = {:l}', p);
  if (moved.length) {
    exec(
      tx,
      `UPDATE {{likes}} SET [[photoCard]] = {:s}, [[updated]] = ${STAMP} WHERE [[photoCard]] = {:l}`,
      p,
    );
    // the triggers count inserts and deletes only: a moved like is counted here
    exec(
      tx,
      `UPDATE {{photoCards}} SET [[likeCount]] = [[likeCount]] + {:n}, [[updated]] = ${STAMP} WHERE [[id]] = {:s}`,
      { n: moved.length, s: survivor },
    );
    exec(
      tx,
      `UPDATE {{photoCards}} SET [[likeCount]] = MAX(0, [[likeCount]] - {:n}), [[updated]] = ${STAMP} WHERE [[id]] = {:l}`,
      { n: moved.length, l: loser },
    );
  }
  return { moved, dropped };
}

/** A fan's two items of one card as one (see the module's comment). */
function mergedItem(s, l) {
  const sHave = s.kind === 'have';
  const lHave = l.kind === 'have';
  let kind = s.kind;
  let spare = s.spare;
  if (sHave && lHave) spare = Math.min(99, s.spare + l.spare);
  else if (!sHave && lHave) {
    kind = 'have';
    spare = l.spare;
  }
  return { kind, spare, book: s.book || l.book };
}

/** Have/want items: a fan's pair merged into the survivor's item, the rest moved. */
function moveTradeItems(tx, loser, survivor) {
  const rows = arrayOf(new DynamicModel({ id: '', user: '', kind: '', spare: 0, book: '' }));
  tx.db()
    .newQuery(
      'SELECT [[id]], [[user]], [[kind]], [[spare]], [[book]] FROM {{tradeItems}} WHERE [[photoCard]] = {:l}',
    )
    .bind({ l: loser })
    .all(rows);
  const merged = [];
  const dropped = [];
  for (const l of rows) {
    const mine = arrayOf(new DynamicModel({ id: '', user: '', kind: '', spare: 0, book: '' }));
    tx.db()
      .newQuery(
        'SELECT [[id]], [[user]], [[kind]], [[spare]], [[book]] FROM {{tradeItems}} ' +
          'WHERE [[user]] = {:u} AND [[photoCard]] = {:s}',
      )
      .bind({ u: l.user, s: survivor })
      .all(mine);
    if (!mine.length) continue;
    const s = mine[0];
    const m = mergedItem(s, l);
    exec(
      tx,
      `UPDATE {{tradeItems}} SET [[kind]] = {:k}, [[spare]] = {:n}, [[book]] = {:b}, [[updated]] = ${STAMP} WHERE [[id]] = {:id}`,
      { k: m.kind, n: m.spare, b: m.book, id: s.id },
    );
    merged.push(s.id);
    const item = findRecord(tx, 'tradeItems', l.id);
    if (item) tx.delete(item);
    dropped.push(l.id);
  }
  const moved = queryIds(tx, 'SELECT [[id]] FROM {{tradeItems}} WHERE [[photoCard]] = {:l}', {
    l: loser,
  });
  if (moved.length) {
    exec(
      tx,
      `UPDATE {{tradeItems}} SET [[photoCard]] = {:s}, [[updated]] = ${STAMP} WHERE [[photoCard]] = {:l}`,
      { s: survivor, l: loser },
    );
  }
  return { moved, merged, dropped };
}

/** Every relation field to photoCards but the three handled apart: [{ collection, field, multi }]. */
function cardRelations(tx) {
  const cardsId = tx.findCollectionByNameOrId('photoCards').id;
  const skip = ['likes.photoCard', 'tradeItems.photoCard', 'photoCards.mergedInto'];
  const out = [];
  for (const c of tx.findAllCollections()) {
    if (c.type === 'view') continue;
    const fields = c.fields;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      if (f.type() !== 'relation' || f.collectionId !== cardsId) continue;
      const name = f.getName();
      if (skip.indexOf(`${c.name}.${name}`) >= 0) continue;
      out.push({
        collection: c.name,
        field: name,
        multi: f.maxSelect > 1,
        stamped: !!c.fields.getByName('updated'),
      });
    }
  }
  return out;
}

/** One relation field's references to the loser, pointed at the survivor: the rows' ids. */
function moveRelation(tx, rel, loser, survivor) {
  const stamp = rel.stamped ? `, [[updated]] = ${STAMP}` : '';
  const table = `{{${rel.collection}}}`;
  const col = `[[${rel.field}]]`;
  if (!rel.multi) {
    const moved = queryIds(tx, `SELECT [[id]] FROM ${table} WHERE ${col} = {:l}`, { l: loser });
    if (moved.length) {
      exec(tx, `UPDATE ${table} SET ${col} = {:s}${stamp} WHERE ${col} = {:l}`, {
        s: survivor,
        l: loser,
      });
    }
    return moved;
  }
  const rows = arrayOf(new DynamicModel({ id: '', v: '' }));
  tx.db()
    .newQuery(`SELECT [[id]], ${col} AS v FROM ${table} WHERE ${col} LIKE {:pattern}`)
    .bind({ pattern: `%"${loser}"%` })
    .all(rows);
  const moved = [];
  for (const row of rows) {
    let list;
    try {
      list = JSON.parse(row.v || '[]');
    } catch {
      continue;
    }
    if (!Array.isArray(list) || list.indexOf(loser) < 0) continue;
    const out = [];
    for (const id of list) {
      const to = id === loser ? survivor : id;
      if (out.indexOf(to) < 0) out.push(to);
    }
    exec(tx, `UPDATE ${table} SET ${col} = {:v}${stamp} WHERE [[id]] = {:id}`, {
      v: JSON.stringify(out),
      id: row.id,
    });
    moved.push(row.id);
  }
  return moved;
}

function listOf(tx, id, field) {
  const row = new DynamicModel({ v: '' });
  tx.db()
    .newQuery(`SELECT [[${field}]] AS v FROM {{photoCards}} WHERE [[id]] = {:id}`)
    .bind({ id })
    .one(row);
  try {
    const list = JSON.parse(row.v || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** At most AUDIT_IDS_MAX ids, with the count. */
function capped(list) {
  return { count: list.length, ids: list.slice(0, AUDIT_IDS_MAX) };
}

/**
 * POST /api/pocamarket/admin/cards/merge `{ survivor, loser }`: answers `{ survivor, loser,
 * moved }` (the two cards as the record API shows them, the moved rows' counts per kind).
 */
function mergeCards(e) {
  const { requireAdmin, bodyOf, conflict, auditSnapshot } = require(
    `${__hooks}/lib/admin-catalogue.js`,
  );
  const { audit } = require(`${__hooks}/lib/audit.js`);
  const admin = requireAdmin(e);
  const body = bodyOf(e);
  const survivorId = body.survivor;
  const loserId = body.loser;
  if (
    typeof survivorId !== 'string' ||
    typeof loserId !== 'string' ||
    !RECORD_ID.test(survivorId) ||
    !RECORD_ID.test(loserId)
  ) {
    throw require(`${__hooks}/lib/errors.js`).badRequest(MSG_BODY, ['survivor', 'loser']);
  }
  if (survivorId === loserId) {
    throw require(`${__hooks}/lib/errors.js`).badRequest(MSG_SAME, ['loser']);
  }
  const counts = {};
  // before the merge commits: from now on every write naming a card looks for redirects
  e.app.store().set(FLAG, true);
  e.app.runInTransaction((tx) => {
    const survivor = findRecord(tx, 'photoCards', survivorId);
    const loser = findRecord(tx, 'photoCards', loserId);
    if (!survivor || !loser) throw new NotFoundError(MSG_NOT_FOUND);
    if (loser.getString('mergedInto')) throw conflict(MSG_LOSER_MERGED);
    if (survivor.getString('mergedInto')) throw conflict(MSG_SURVIVOR_MERGED);
    const before = { survivor: auditSnapshot(survivor), loser: auditSnapshot(loser) };
    const moved = {};
    const likes = moveLikes(tx, loserId, survivorId);
    moved['likes'] = likes.moved;
    moved['likesDropped'] = likes.dropped;
    const items = moveTradeItems(tx, loserId, survivorId);
    moved['tradeItems'] = items.moved;
    moved['tradeItemsMerged'] = items.merged;
    moved['tradeItemsDropped'] = items.dropped;
    for (const rel of cardRelations(tx)) {
      const ids = moveRelation(tx, rel, loserId, survivorId);
      if (ids.length) moved[`${rel.collection}.${rel.field}`] = ids;
    }
    // cards merged into the loser before now redirect to the survivor
    const chained = queryIds(tx, 'SELECT [[id]] FROM {{photoCards}} WHERE [[mergedInto]] = {:l}', {
      l: loserId,
    });
    if (chained.length) {
      exec(
        tx,
        `UPDATE {{photoCards}} SET [[mergedInto]] = {:s}, [[updated]] = ${STAMP} WHERE [[mergedInto]] = {:l}`,
        {
          s: survivorId,
          l: loserId,
        },
      );
      moved['photoCards.mergedInto'] = chained;
    }
    // the posts' back-references follow the posts
    const posts = listOf(tx, survivorId, 'exchangeList');
    for (const id of listOf(tx, loserId, 'exchangeList')) if (posts.indexOf(id) < 0) posts.push(id);
    exec(
      tx,
      `UPDATE {{photoCards}} SET [[exchangeList]] = {:v}, [[updated]] = ${STAMP} WHERE [[id]] = {:id}`,
      {
        v: JSON.stringify(posts),
        id: survivorId,
      },
    );
    exec(
      tx,
      `UPDATE {{photoCards}} SET [[hidden]] = TRUE, [[mergedInto]] = {:s}, [[exchangeList]] = '[]', ` +
        `[[updated]] = ${STAMP} WHERE [[id]] = {:l}`,
      { s: survivorId, l: loserId },
    );
    const after = {
      survivor: auditSnapshot(findRecord(tx, 'photoCards', survivorId)),
      loser: auditSnapshot(findRecord(tx, 'photoCards', loserId)),
      moved: {},
    };
    for (const k of Object.keys(moved)) {
      after.moved[k] = capped(moved[k]);
      counts[k] = moved[k].length;
    }
    audit(tx, {
      actor: admin,
      action: 'card.merge',
      collection: 'photoCards',
      id: loserId,
      reason: `${loserId} → ${survivorId}`,
      before,
      after,
    });
  });
  const cards = e.app.findRecordsByIds('photoCards', [survivorId, loserId]);
  $apis.enrichRecords(e, cards);
  const byId = {};
  for (const c of cards) byId[c.id] = c;
  return { survivor: byId[survivorId], loser: byId[loserId], moved: counts };
}

module.exports = {
  mergedItem,
  mergeCards,
};
