/**
 * The bulk catalogue import (docs/operators.md, Bulk import): the operator's catalogue as a CSV
 * (`key,group,group_latin,member,member_latin,release,label,title,image,back_image`, one card a
 * row, images beside it), written into `groups` and `photoCards` by the card's `key`.
 *
 * Used by pb_hooks/catalogue-import.pb.js's routes: the console's (an admin, a CSV and its images
 * in one request, at most ADMIN_MAX_ROWS rows) and the command line's (server/catalogue-import/, a
 * superuser, the rows already read, in chunks). This module reads the requests (the caller, the
 * multipart form, the CSV) and writes the audit entries; checking and writing the rows is
 * lib/catalogue-import-rows.js. The rules (the CSV reading, the row checks and the content hash)
 * are lib/catalogue-rules.js, which the command line loads too, so both report a row the same way.
 *
 * An admin's import (not a dry run) writes one `auditLog` entry in the transaction of its rows
 * (lib/audit.js); the command line's run writes one when it is done (importDone).
 */

const {
  COLUMNS,
  ADMIN_MAX_ROWS,
  ADMIN_MAX_CSV_BYTES,
  ADMIN_MAX_BODY,
  CHUNK_MAX_ROWS,
  CHECK_MAX_KEYS,
  clean,
  parseCsv,
} = require(`${__hooks}/lib/catalogue-rules.js`);
const { readBytes, cardsByKey, importRows } = require(`${__hooks}/lib/catalogue-import-rows.js`);

/** Whether the request's caller is an admin (`users.role = "admin"`). */
function isAdmin(e) {
  const auth = e.auth;
  return !!auth && auth.collection().name === 'users' && auth.getString('role') === 'admin';
}

/** The caller may import from the console: an admin or a superuser; else a 401 or a 403. */
function requireImporter(e) {
  if (!e.auth) throw new UnauthorizedError('로그인이 필요해요.', {});
  if (!e.hasSuperuserAuth() && !isAdmin(e)) {
    throw new ForbiddenError('관리자만 카탈로그를 가져올 수 있어요.', {});
  }
}

/** A plain array of a JS array or a Go slice; null for anything else. */
function listOf(v) {
  if (v == null || typeof v !== 'object' || typeof v.length !== 'number') return null;
  const out = [];
  for (let i = 0; i < v.length; i++) out.push(v[i]);
  return out;
}

/** A form value of a multipart request ('' when absent; the last one when sent twice). */
function formValue(e, name) {
  const body = e.requestInfo().body || {};
  const v = body[name];
  if (v == null) return '';
  if (typeof v === 'string') return v;
  const list = listOf(v);
  return list ? String(list.length ? list[list.length - 1] : '') : String(v);
}

const isTrue = (v) => ['true', '1', 'on', 'yes'].indexOf(String(v).toLowerCase()) >= 0;

/** The files uploaded under `key` (none: []). */
function uploadedFiles(e, key) {
  try {
    const files = e.findUploadedFiles(key) || [];
    const out = [];
    for (let i = 0; i < files.length; i++) out.push(files[i]);
    return out;
  } catch {
    return [];
  }
}

function requireMultipart(e, message) {
  const type = String(e.request.header.get('Content-Type') || '').toLowerCase();
  if (type.indexOf('multipart/form-data') !== 0) {
    throw require(`${__hooks}/lib/errors.js`).badRequest(message, []);
  }
}

/**
 * POST /api/pocamarket/admin/catalogue-import (docs/operators.md, Bulk import): multipart with
 * `csv` (the file), the images (each under its path as written in the CSV, or under `files`
 * with its file name) and `dryRun`. Answers the report.
 */
function adminImport(e) {
  requireImporter(e);
  const { badRequest } = require(`${__hooks}/lib/errors.js`);
  requireMultipart(e, 'CSV 파일과 이미지를 multipart/form-data로 보내주세요.');
  const csv = uploadedFiles(e, 'csv')[0];
  if (!csv) throw badRequest('가져올 CSV 파일(csv)을 함께 보내주세요.', ['csv']);
  if (csv.size > ADMIN_MAX_CSV_BYTES) {
    throw badRequest(
      'CSV 파일은 1MB까지 올릴 수 있어요. 더 큰 카탈로그는 npm run catalogue:import로 가져와주세요.',
      ['csv'],
    );
  }
  const bytes = readBytes(csv, ADMIN_MAX_CSV_BYTES + 1);
  const text = bytes ? toString(bytes) : '';
  if (text.indexOf('\uFFFD') >= 0) {
    throw badRequest('CSV 파일은 UTF-8로 저장해주세요.', ['csv']);
  }
  const Papa = require(`${__hooks}/lib/vendor/papaparse.js`);
  const parsed = parseCsv(text, Papa);
  if (parsed.problem) throw badRequest(parsed.problem, ['csv']);
  if (parsed.rows.length > ADMIN_MAX_ROWS) {
    throw badRequest(
      `한 번에 ${ADMIN_MAX_ROWS}행까지 가져올 수 있어요. 더 큰 카탈로그는 npm run catalogue:import로 가져와주세요.`,
      ['csv'],
    );
  }
  // each path's file: a part named by the path, else one under `files` with its base name
  const named = uploadedFiles(e, 'files');
  const byPath = new Map();
  const fileFor = (path) => {
    if (!path) return null;
    if (byPath.has(path)) return byPath.get(path);
    let file = uploadedFiles(e, path)[0] || null;
    if (!file) {
      const base = path.split('/').pop();
      const hits = named.filter((f) => f.originalName === base || f.originalName === path);
      if (hits.length === 1) file = hits[0];
    }
    byPath.set(path, file);
    return file;
  };
  for (const row of parsed.rows) {
    row.front = fileFor(row.image);
    row.back = fileFor(row.back_image);
  }
  const dryRun = isTrue(formValue(e, 'dryRun'));
  const admin = isAdmin(e) ? e.auth : null;
  return importRows(e.app, parsed.rows, {
    dryRun: dryRun,
    after: (tx, report) => {
      if (!admin) return;
      require(`${__hooks}/lib/audit.js`).audit(tx, {
        actor: admin,
        action: 'catalogue.import',
        collection: 'photoCards',
        id: '',
        reason: summary(csv.originalName, report, report.bad.length),
        before: null,
        after: {
          file: csv.originalName,
          rows: report.rows,
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
          bad: report.bad.map((b) => ({ line: b.line, key: b.key })),
          groupsCreated: report.groupsCreated,
          cards: report.cards.map((c) => ({ key: c.key, id: c.id, action: c.action })),
        },
      });
    },
  });
}

/** One line for the audit log: the file and the counts (`bad`: how many rows were bad). */
function summary(file, report, bad) {
  return (
    `카탈로그 가져오기 ${file}: ${report.rows}행 중 새 카드 ${report.created}, ` +
    `바뀐 카드 ${report.updated}, 그대로 ${report.unchanged}, 오류 ${bad}` +
    (report.groupsCreated.length ? `, 새 그룹 ${report.groupsCreated.join(', ')}` : '')
  );
}

/**
 * POST /api/pocamarket/catalogue-import/done (superusers): the command line's run, summed up,
 * `{ file, rows, created, updated, unchanged, bad, badLines, groupsCreated, seconds }`, written as
 * one audit entry (the actor: the superuser, by email; not a dry run's). Answers `{ id }`.
 */
function importDone(e) {
  const body = e.requestInfo().body || {};
  const count = (v) => Math.max(0, Math.floor(Number(v) || 0));
  const strings = (v, max) => (listOf(v) || []).slice(0, max).map((x) => clean(x).slice(0, 200));
  const file = clean(body.file).slice(0, 200);
  const report = {
    rows: count(body.rows),
    created: count(body.created),
    updated: count(body.updated),
    unchanged: count(body.unchanged),
    groupsCreated: strings(body.groupsCreated, 500),
  };
  const bad = count(body.bad);
  const email = e.auth ? e.auth.getString('email') : '';
  // not a users record: the entry names the superuser (actorName) and has no actor relation
  const actor = { id: '', getString: () => `superuser ${email}`.slice(0, 100) };
  const entry = require(`${__hooks}/lib/audit.js`).audit(e.app, {
    actor: actor,
    action: 'catalogue.import',
    collection: 'photoCards',
    id: '',
    reason: summary(file, report, bad),
    before: null,
    after: {
      file: file,
      via: 'npm run catalogue:import',
      rows: report.rows,
      created: report.created,
      updated: report.updated,
      unchanged: report.unchanged,
      bad: bad,
      badLines: (listOf(body.badLines) || []).slice(0, 1000).map(count),
      groupsCreated: report.groupsCreated,
      seconds: Math.round(Number(body.seconds) || 0),
    },
  });
  return { id: entry.id };
}

/**
 * POST /api/pocamarket/catalogue-import/check (superusers): `{ rows: [{ key, hash }] }` (at most
 * CHECK_MAX_KEYS) → `{ unchanged: [key] }`, the keys whose card has that hash already.
 */
function checkKeys(e) {
  const { badRequest } = require(`${__hooks}/lib/errors.js`);
  const rows = listOf((e.requestInfo().body || {}).rows);
  if (!rows || rows.length > CHECK_MAX_KEYS) {
    throw badRequest(`rows는 ${CHECK_MAX_KEYS}개까지의 { key, hash } 목록이어야 해요.`, ['rows']);
  }
  const asked = rows.map((r) => ({ key: clean(r && r.key), hash: String((r && r.hash) || '') }));
  const found = cardsByKey(
    e.app,
    asked.map((r) => r.key).filter((k) => k),
  );
  const unchanged = [];
  for (const r of asked) {
    const have = found.get(r.key);
    if (have && r.hash && have.hash === r.hash) unchanged.push(r.key);
  }
  return { unchanged: unchanged };
}

/**
 * POST /api/pocamarket/catalogue-import/rows (superusers): multipart with `rows` (JSON: at most
 * CHUNK_MAX_ROWS of `{ line, <columns>, hash }`), each row's images as `image.<i>` and
 * `back_image.<i>` (i its index there) and `dryRun`. Answers the chunk's report.
 */
function importChunk(e) {
  const { badRequest } = require(`${__hooks}/lib/errors.js`);
  requireMultipart(e, 'rows와 이미지를 multipart/form-data로 보내주세요.');
  let rows;
  try {
    rows = JSON.parse(formValue(e, 'rows') || 'null');
  } catch {
    rows = null;
  }
  if (!Array.isArray(rows) || rows.length > CHUNK_MAX_ROWS) {
    throw badRequest(`rows는 ${CHUNK_MAX_ROWS}행까지의 JSON 목록이어야 해요.`, ['rows']);
  }
  const list = rows.map((r, i) => {
    const row = { line: Number((r && r.line) || 0), problems: [], hash: '' };
    for (const c of COLUMNS) row[c] = clean(r && r[c]);
    row.hash = String((r && r.hash) || '').slice(0, 200);
    row.front = uploadedFiles(e, `image.${i}`)[0] || null;
    row.back = row.back_image ? uploadedFiles(e, `back_image.${i}`)[0] || null : null;
    return row;
  });
  return importRows(e.app, list, { dryRun: isTrue(formValue(e, 'dryRun')) });
}

module.exports = {
  ADMIN_MAX_BODY,
  adminImport,
  checkKeys,
  importChunk,
  importDone,
};
