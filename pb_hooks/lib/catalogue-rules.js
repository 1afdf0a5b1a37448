/**
 * The bulk catalogue import's rules (docs/operators.md, Bulk import): the CSV's columns and their
 * bounds, the CSV reading (Papa Parse, passed in), the row checks with their Korean reasons, the
 * content hash and the report's shape. Pure: it touches no PocketBase global when loaded, so the
 * command line (server/catalogue-import/rules.ts) loads this very file and reports a row, and
 * hashes it, exactly as the server does (lib/catalogue-import.js and lib/catalogue-import-rows.js,
 * the routes' side).
 */

const COLUMNS = [
  'key',
  'group',
  'group_latin',
  'member',
  'member_latin',
  'release',
  'label',
  'title',
  'image',
  'back_image',
];
const REQUIRED = ['key', 'group', 'member', 'label', 'title', 'image'];
/** The fields' bounds (photoCards, groups: pb_migrations). */
const MAX_LENGTH = {
  key: 100,
  group: 100,
  group_latin: 100,
  member: 100,
  member_latin: 100,
  release: 200,
  label: 100,
  title: 200,
  image: 500,
  back_image: 500,
};
/** The kinds of card, as a fan's 제보 names them (informUs.phocaType). */
const LABELS = ['앨범', '특전', '팬싸', '시즌그리팅', '기타'];

const MB = 1024 * 1024;
/** cardImg's and cardBackImg's maxSize. */
const MAX_IMAGE_BYTES = 5 * MB;
/** The console's route: rows, CSV bytes and the whole request at most. */
const ADMIN_MAX_ROWS = 500;
const ADMIN_MAX_CSV_BYTES = 1 * MB;
const ADMIN_MAX_BODY = 100 * MB;
/** The command line's routes: rows in one chunk, keys in one check. */
const CHUNK_MAX_ROWS = 500;
const CHECK_MAX_KEYS = 1000;
/** Changes when what the hash covers changes: every row is then written once more. */
const HASH_VERSION = 'v1';

const MSG = {
  missing: (cols) => `필수 항목이 비어 있어요: ${cols.join(', ')}`,
  tooLong: (col, max) => `${col} 항목은 ${max}자까지 쓸 수 있어요.`,
  label: (value) => `label은 ${LABELS.join(', ')} 중 하나여야 해요. (받은 값: '${value}')`,
  columns: (n) => `열이 ${n}개예요. 머리글처럼 ${COLUMNS.length}개여야 해요.`,
  quotes:
    '따옴표가 맞지 않아요. 따옴표로 감싼 값은 따옴표로 닫고, 값 안의 따옴표는 두 번 써주세요.',
  duplicate: (line) => `같은 key가 ${line}번째 줄에 먼저 있어요.`,
  noFile: (path) => `이미지 파일을 찾을 수 없어요: ${path}`,
  unreadable: (path) => `이미지 파일을 읽을 수 없어요: ${path}`,
  empty: (path) => `이미지 파일이 비어 있어요: ${path}`,
  tooBig: (path) => `이미지 파일이 너무 커요: ${path} (한 장에 5MB까지 올릴 수 있어요)`,
  notImage: (path) => `이미지 파일이 아니에요: ${path} (PNG, JPEG, WEBP, GIF만 올릴 수 있어요)`,
  image: (path, why) => `${path}: ${why}`,
  saveFailed: (why) => `저장하지 못했어요: ${why}`,
  noHeader: 'CSV 첫 줄에 머리글이 없어요.',
  headerMissing: (cols) =>
    `CSV 머리글에 빠진 열이 있어요: ${cols.join(', ')} (열: ${COLUMNS.join(', ')})`,
  headerUnknown: (cols) =>
    `CSV 머리글에 모르는 열이 있어요: ${cols.join(', ')} (열: ${COLUMNS.join(', ')})`,
  headerTwice: (cols) => `CSV 머리글에 같은 열이 두 번 있어요: ${cols.join(', ')}`,
};

/** Trimmed text ('' for null). */
const clean = (v) => String(v == null ? '' : v).trim();

/** How many line breaks `text` holds between `from` and `to` (`nl`: '\n', or '\r' alone). */
function breaksIn(text, from, to, nl) {
  let n = 0;
  for (let i = text.indexOf(nl, from); i >= 0 && i < to; i = text.indexOf(nl, i + 1)) n++;
  return n;
}

/**
 * Reads the CSV `text` with Papa Parse (`Papa`: the library, passed in: the hooks load the vendored
 * copy, the command line the installed one). Returns `{ problem, rows }`: `problem`, a Korean
 * message, when the header is not the ten columns (in any order); else `rows`, one a data row
 * (blank lines skipped): `{ line, <column>: trimmed value, problems: [...] }`, `line` the file's
 * line the row starts on (the header is line 1; a quoted value may span lines).
 */
function parseCsv(text, Papa) {
  let input = String(text);
  if (input.charCodeAt(0) === 0xfeff) input = input.slice(1);
  const out = { problem: '', rows: [] };
  let header = null;
  let line = 1;
  let from = 0;
  Papa.parse(input, {
    delimiter: ',',
    header: false,
    skipEmptyLines: false,
    step: (res) => {
      const cells = res.data || [];
      const start = line;
      const to = res.meta.cursor;
      line += breaksIn(input, from, to, res.meta.linebreak === '\r' ? '\r' : '\n');
      from = to;
      if (out.problem) return;
      const blank = cells.every((c) => clean(c) === '');
      if (!header) {
        if (blank) {
          out.problem = MSG.noHeader;
          return;
        }
        header = cells.map((c) => clean(c).toLowerCase());
        out.problem = headerProblem(header);
        return;
      }
      if (blank) return;
      const row = { line: start, problems: [] };
      for (let i = 0; i < header.length; i++) row[header[i]] = clean(cells[i]);
      if ((res.errors || []).length) row.problems.push(MSG.quotes);
      else if (cells.length !== header.length) row.problems.push(MSG.columns(cells.length));
      out.rows.push(row);
    },
  });
  if (!header && !out.problem) out.problem = MSG.noHeader;
  return out;
}

/** What is wrong with a header (its names lower-cased), or ''. */
function headerProblem(names) {
  const missing = COLUMNS.filter((c) => names.indexOf(c) < 0);
  if (missing.length) return MSG.headerMissing(missing);
  const unknown = names.filter((c) => COLUMNS.indexOf(c) < 0);
  if (unknown.length) return MSG.headerUnknown(unknown);
  const twice = names.filter((c, i) => names.indexOf(c) !== i);
  if (twice.length) return MSG.headerTwice(twice);
  return '';
}

/** The reasons a row's text fields are refused (its CSV problems first); [] when they are fine. */
function checkRow(row) {
  const reasons = (row.problems || []).slice();
  if (reasons.length) return reasons;
  const missing = REQUIRED.filter((c) => !clean(row[c]));
  if (missing.length) reasons.push(MSG.missing(missing));
  for (const c of COLUMNS) {
    if (clean(row[c]).length > MAX_LENGTH[c]) reasons.push(MSG.tooLong(c, MAX_LENGTH[c]));
  }
  const label = clean(row.label);
  if (label && LABELS.indexOf(label) < 0) reasons.push(MSG.label(label));
  return reasons;
}

/**
 * Marks rows whose key an earlier row has: `seen` (a Map key → line) carries over between calls
 * (the command line's chunks). Returns the duplicate's reason, or ''.
 */
function duplicateOf(row, seen) {
  const key = clean(row.key);
  if (!key) return '';
  const first = seen.get(key);
  if (first !== undefined) return MSG.duplicate(first);
  seen.set(key, row.line);
  return '';
}

/**
 * The content hash of a row: its text fields and its images' digests (imageDigest), as
 * `<row>:<front>:<back>` (32 hex digits each; `back` empty without a back image). `sha256`
 * hashes a string's UTF-8 bytes to hex ($security.sha256 in the hooks).
 */
function rowHash(row, frontDigest, backDigest, sha256) {
  const text = JSON.stringify([
    HASH_VERSION,
    clean(row.key),
    clean(row.group),
    clean(row.group_latin),
    clean(row.member),
    clean(row.member_latin),
    clean(row.release),
    clean(row.label),
    clean(row.title),
    frontDigest,
    backDigest || '',
  ]);
  return `${sha256(text).slice(0, 32)}:${frontDigest}:${backDigest || ''}`;
}

/**
 * An image's digest: SHA-256 (32 hex digits) of its bytes read as Latin-1 and encoded as UTF-8
 * (one string the hooks can hash with $security.sha256; the command line hashes the same).
 * `bytes`: an array-like of byte values.
 */
function imageDigest(bytes, sha256) {
  const parts = [];
  const step = 4096;
  for (let i = 0; i < bytes.length; i += step) {
    const codes = [];
    const end = Math.min(bytes.length, i + step);
    for (let j = i; j < end; j++) codes.push(bytes[j] & 0xff);
    parts.push(String.fromCharCode.apply(null, codes));
  }
  return sha256(parts.join('')).slice(0, 32);
}

/** The parts of a stored hash: { row, front, back } ('' for a card the import never wrote). */
function hashParts(hash) {
  const p = String(hash || '').split(':');
  return { row: p[0] || '', front: p[1] || '', back: p[2] || '' };
}

/** An empty report. */
function newReport(dryRun) {
  return {
    dryRun: !!dryRun,
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    bad: [],
    groupsCreated: [],
    cards: [],
    merged: [],
  };
}

module.exports = {
  COLUMNS,
  REQUIRED,
  MAX_LENGTH,
  LABELS,
  MAX_IMAGE_BYTES,
  ADMIN_MAX_ROWS,
  ADMIN_MAX_CSV_BYTES,
  ADMIN_MAX_BODY,
  CHUNK_MAX_ROWS,
  CHECK_MAX_KEYS,
  MSG,
  clean,
  parseCsv,
  checkRow,
  duplicateOf,
  rowHash,
  imageDigest,
  hashParts,
  newReport,
};
