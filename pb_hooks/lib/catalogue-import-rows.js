/**
 * The bulk catalogue import's rows (docs/operators.md, Bulk import): each row checked, its images
 * too, and the good ones written into `groups` and `photoCards` by the card's `key`. Used by
 * lib/catalogue-import.js, which reads the console's and the command line's requests; the rules
 * (the row checks and the content hash) are lib/catalogue-rules.js.
 *
 * - A row's text fields are checked (required ones, lengths, the label one of LABELS) and so are
 *   its images, by their bytes as every upload is (lib/uploads.js, lib/image-size.js): a bad row
 *   is reported with its line and reasons (Korean) and nothing of it is written; the good rows of
 *   the same request still are.
 * - A row's content hash (rowHash: its text fields and the bytes of its images) is kept on the card
 *   (`importHash`, hidden): a row whose hash is the card's is unchanged and not written, so a
 *   second run of the same file moves no record's `updated`. A changed row updates its card, and
 *   replaces an image only when that image's bytes changed.
 * - Groups are found by name (findGroup) or created; an existing group is never edited.
 * - One request's writes are one transaction (with the caller's audit entry, when there is one).
 */

const {
  COLUMNS,
  MAX_IMAGE_BYTES,
  MSG,
  clean,
  checkRow,
  duplicateOf,
  rowHash,
  imageDigest,
  hashParts,
  newReport,
} = require(`${__hooks}/lib/catalogue-rules.js`);

/** The first `n` bytes of an uploaded file (its whole, with n large enough), or null. */
function readBytes(file, n) {
  try {
    const reader = file.reader.open();
    try {
      return toBytes(reader, n);
    } finally {
      reader.close();
    }
  } catch {
    return null;
  }
}

/**
 * Checks an uploaded image as every upload is checked (lib/uploads.js): its type by its bytes,
 * its size in pixels by its header, its bytes within MAX_IMAGE_BYTES. Renames it to its type's
 * extension. Returns '' or the Korean reason (naming `path`, the CSV's).
 */
function checkImage(file, path) {
  const uploads = require(`${__hooks}/lib/uploads.js`);
  const images = require(`${__hooks}/lib/image-size.js`);
  if (file.size > MAX_IMAGE_BYTES) return MSG.tooBig(path);
  if (file.size <= 0) return MSG.empty(path);
  const head = readBytes(file, images.HEAD_BYTES);
  if (!head) return MSG.unreadable(path);
  const mime = uploads.sniffImage(head);
  if (!mime) return MSG.notImage(path);
  const size = images.imageSize(head, mime);
  if (!size) return MSG.image(path, uploads.MSG_IMAGE_UNREADABLE);
  if (!images.withinBound(size)) return MSG.image(path, uploads.MSG_IMAGE_TOO_LARGE);
  file.name = uploads.storedName(file.name, mime);
  return '';
}

/** The digest of an uploaded image (imageDigest), or '' when it can't be read. */
function fileDigest(file) {
  const bytes = readBytes(file, MAX_IMAGE_BYTES + 1);
  if (!bytes) return '';
  return imageDigest(bytes, (s) => $security.sha256(s));
}

/** Rows of a query as plain objects, `shape` naming the columns and their zero values. */
function query(app, sql, params, shape) {
  const rows = arrayOf(new DynamicModel(shape));
  app.db().newQuery(sql).bind(params).all(rows);
  const out = [];
  for (let i = 0; i < rows.length; i++) {
    const r = {};
    for (const k of Object.keys(shape)) r[k] = rows[i][k];
    out.push(r);
  }
  return out;
}

/**
 * The cards that have one of `keys`: Map key → { id, hash, merged } (`merged`: the survivor's id
 * when the card was merged into another, else '').
 */
function cardsByKey(app, keys) {
  const found = new Map();
  for (let i = 0; i < keys.length; i += 200) {
    const part = keys.slice(i, i + 200);
    const params = {};
    const names = part.map((k, j) => {
      params[`k${j}`] = k;
      return `{:k${j}}`;
    });
    const rows = query(
      app,
      'SELECT [[id]] AS id, [[key]] AS k, [[importHash]] AS h, [[mergedInto]] AS m ' +
        `FROM {{photoCards}} WHERE [[key]] != '' AND [[key]] IN (${names.join(', ')})`,
      params,
      { id: '', k: '', h: '', m: '' },
    );
    for (const r of rows) found.set(r.k, { id: r.id, hash: r.h, merged: r.m });
  }
  return found;
}

/**
 * The group a row names (docs/operators.md, Bulk import): `group` is its Korean name, `group_latin`
 * (optional) its Latin one, which the app shows (`groups.groupName`) when given. Found, in order,
 * by `groupName` = the Latin name (or `group` without one; any case), by `groupNameKo` = `group`
 * (one group only), by `groupName` = `group`. Returns { id, groupName } or null. `cache` (a Map)
 * keeps a request's answers.
 */
function findGroup(app, row, cache) {
  const ko = clean(row.group);
  const latin = clean(row.group_latin);
  const cacheKey = `${ko}\u0000${latin}`;
  if (cache.has(cacheKey)) return cache.get(cacheKey);
  const shape = { id: '', groupName: '' };
  const byName = (name) =>
    query(
      app,
      'SELECT [[id]] AS id, [[groupName]] AS groupName FROM {{groups}} ' +
        'WHERE [[groupName]] = {:n} COLLATE NOCASE ORDER BY ([[groupName]] = {:n}) DESC LIMIT 1',
      { n: name },
      shape,
    )[0];
  let hit = byName(latin || ko);
  if (!hit) {
    const byKo = query(
      app,
      'SELECT [[id]] AS id, [[groupName]] AS groupName FROM {{groups}} WHERE [[groupNameKo]] = {:ko} LIMIT 2',
      { ko: ko },
      shape,
    );
    if (byKo.length === 1) hit = byKo[0];
  }
  if (!hit && latin) hit = byName(ko);
  const found = hit ? { id: hit.id, groupName: hit.groupName } : null;
  if (found) cache.set(cacheKey, found);
  return found;
}

/** The names a new group of `row` gets: { groupName, groupNameKo }. */
function newGroupNames(row) {
  const ko = clean(row.group);
  const latin = clean(row.group_latin);
  if (latin) return { groupName: latin, groupNameKo: ko };
  return { groupName: ko, groupNameKo: /[가-힣]/.test(ko) ? ko : '' };
}

/** The group of `row`, created with `app` when there is none yet (dry run: a stand-in). */
function groupOf(app, row, cache, report, dryRun) {
  const found = findGroup(app, row, cache);
  if (found) return found;
  const names = newGroupNames(row);
  const cacheKey = `${clean(row.group)}\u0000${clean(row.group_latin)}`;
  let made;
  if (dryRun) {
    made = { id: '', groupName: names.groupName };
  } else {
    const g = new Record(app.findCollectionByNameOrId('groups'));
    g.set('groupName', names.groupName);
    g.set('groupNameKo', names.groupNameKo);
    app.save(g);
    made = { id: g.id, groupName: names.groupName };
  }
  cache.set(cacheKey, made);
  if (report.groupsCreated.indexOf(names.groupName) < 0) report.groupsCreated.push(names.groupName);
  return made;
}

/** A thrown error's message, for a row's reason. */
function errorText(err) {
  const text = String((err && err.message) || err);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * Writes (or, dry, only classifies) rows whose fields and images were checked: each
 * `{ line, <columns>, hash, front, back }` (`front`/`back`: the uploaded files, `back` null
 * without one). Adds to `report`. Runs in `app`, the caller's transaction.
 */
function writeRows(app, rows, report, dryRun) {
  const existing = cardsByKey(
    app,
    rows.map((r) => r.key),
  );
  const groups = new Map();
  const collection = app.findCollectionByNameOrId('photoCards');
  for (const row of rows) {
    const have = existing.get(row.key);
    if (have && have.hash === row.hash) {
      report.unchanged++;
      continue;
    }
    // a card an admin merged into another stays a hidden redirect: its row writes nothing (the
    // survivor is the card now, and an import must not bring the duplicate back)
    if (have && have.merged) {
      report.unchanged++;
      report.merged.push({ line: row.line, key: row.key, id: have.id, into: have.merged });
      continue;
    }
    try {
      const group = groupOf(app, row, groups, report, dryRun);
      const action = have ? 'updated' : 'created';
      let id = have ? have.id : '';
      if (!dryRun) {
        const card = have ? app.findRecordById('photoCards', have.id) : new Record(collection);
        const before = hashParts(have ? have.hash : '');
        const after = hashParts(row.hash);
        card.set('key', row.key);
        card.set('group', group.id);
        card.set('groupName', group.groupName);
        card.set('memberName', row.member);
        card.set('memberNameEn', row.member_latin);
        card.set('title', row.title);
        card.set('label', row.label);
        card.set('release', row.release);
        card.set('importHash', row.hash);
        if (!have || before.front !== after.front || !card.getString('cardImg')) {
          card.set('cardImg', row.front);
        }
        if (!row.back) {
          if (card.getString('cardBackImg')) card.set('cardBackImg', []);
        } else if (!have || before.back !== after.back || !card.getString('cardBackImg')) {
          card.set('cardBackImg', row.back);
        }
        app.save(card);
        id = card.id;
      }
      report[action]++;
      report.cards.push({ line: row.line, key: row.key, id: id, action: action });
    } catch (err) {
      report.bad.push({ line: row.line, key: row.key, reasons: [MSG.saveFailed(errorText(err))] });
    }
  }
}

/**
 * Checks rows (text fields, duplicate keys, images) and writes the good ones in one transaction
 * (`dryRun`: none), adding to and returning `report`. Each row: `{ line, <columns>, problems,
 * front, back, frontProblem, backProblem, hash }`: `front`/`back` the uploaded files (null when
 * not sent), `*Problem` a reason found before (the command line's), `hash` the row's content hash
 * when the caller computed it (the command line, a superuser), else computed here from the bytes.
 * `after(txApp, report)` runs last in the transaction (the audit entry).
 */
function importRows(app, rows, opts) {
  const report = opts.report || newReport(opts.dryRun);
  const seen = new Map();
  const good = [];
  const digests = new Map();
  const digestOf = (file) => {
    if (!digests.has(file)) digests.set(file, fileDigest(file));
    return digests.get(file);
  };
  for (const row of rows) {
    report.rows++;
    const reasons = checkRow(row);
    const dup = duplicateOf(row, seen);
    if (dup) reasons.push(dup);
    if (!reasons.length) {
      if (row.frontProblem) reasons.push(row.frontProblem);
      else if (!row.front) reasons.push(MSG.noFile(row.image));
      else {
        const why = checkImage(row.front, row.image);
        if (why) reasons.push(why);
      }
      if (row.back_image) {
        if (row.backProblem) reasons.push(row.backProblem);
        else if (!row.back) reasons.push(MSG.noFile(row.back_image));
        else {
          const why = checkImage(row.back, row.back_image);
          if (why) reasons.push(why);
        }
      }
    }
    let hash = row.hash ? String(row.hash) : '';
    if (!reasons.length && !hash) {
      const front = digestOf(row.front);
      const back = row.back_image ? digestOf(row.back) : '';
      if (!front) reasons.push(MSG.unreadable(row.image));
      else if (row.back_image && !back) reasons.push(MSG.unreadable(row.back_image));
      else hash = rowHash(row, front, back, (s) => $security.sha256(s));
    }
    if (reasons.length) {
      report.bad.push({ line: row.line, key: clean(row.key), reasons: reasons });
      continue;
    }
    const out = { line: row.line, hash: hash, front: row.front, back: row.back || null };
    for (const c of COLUMNS) out[c] = clean(row[c]);
    good.push(out);
  }
  if (opts.dryRun) {
    writeRows(app, good, report, true);
    return report;
  }
  app.runInTransaction((tx) => {
    writeRows(tx, good, report, false);
    if (opts.after) opts.after(tx, report);
  });
  return report;
}

module.exports = {
  readBytes,
  cardsByKey,
  importRows,
};
