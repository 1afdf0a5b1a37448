/**
 * Server rules of reports (informUs): what each report type must carry, and who may delete one
 * (its author or an admin). The report forms check the same before they queue
 * (src/features/reports/report-rules.ts); this is the boundary for any other client. File types and sizes are field options (5 MB PNG/JPEG/WEBP/GIF,
 * pb_migrations/1763700000_init_collections.js); the bytes, stored names and daily quotas of the
 * images are pb_hooks/lib/uploads.js's.
 *
 * `reportProblems` and `mayDeleteReport` are pure, so unit tests can run them outside PocketBase.
 */

const PHOCA_TYPES = ['앨범', '특전', '팬싸', '시즌그리팅', '기타'];

/** Korean message per field, shown when the field is missing or invalid. */
const MESSAGES = {
  phocaImg: '포토카드 이미지를 올려주세요.',
  meetUpImg: '밋업 이미지를 올려주세요.',
  group: '그룹을 입력해주세요.',
  artistName: '멤버 이름을 입력해주세요.',
  phocaType: '포토카드 종류를 골라주세요. (앨범, 특전, 팬싸, 시즌그리팅, 기타)',
  phocaTitle: '포토카드 이름을 입력해주세요.',
  cafeName: '카페 이름을 입력해주세요.',
  cafeAddress: '카페 주소를 입력해주세요.',
  meetUpDuration: '운영 기간을 입력해주세요.',
  SourceURL_: 'http:// 또는 https://로 시작하는 올바른 출처 링크를 입력해주세요.',
};
const MSG_REPORT_INVALID = '제보 내용을 확인해주세요.';

/**
 * Whitespace and zero-width characters: an answer of only these is missing (lib/input-rules.js's list;
 * kept here so this module stays pure, run by the client's unit tests too).
 */
const INVISIBLE = /[\s\u00AD\u115F\u1160\u180E\u200B-\u200D\u2060\u3164\uFEFF\uFFA0]/g;

/** Fields each report type requires, in the order the form asks them. */
const REQUIRED = {
  phoca: ['phocaImg', 'group', 'artistName', 'phocaType', 'phocaTitle'],
  meetup: [
    'meetUpImg',
    'artistName',
    'group',
    'cafeName',
    'cafeAddress',
    'meetUpDuration',
    'SourceURL_',
  ],
};

const FILE_FIELDS = ['phocaImg', 'meetUpImg'];

/** An absolute http(s) link with a host. */
function isHttpUrl(value) {
  return /^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i.test(value);
}

/**
 * The fields of a report that break the rules, as `[{ field, message }]` (empty when fine).
 * `get(field)` answers a text field's value, or for a file field whether a file is attached.
 */
function reportProblems(type, get) {
  const fields = REQUIRED[type];
  if (!fields) return []; // `type` itself is a required select field: PocketBase refuses it
  const problems = [];
  for (const f of fields) {
    const value = get(f);
    let ok;
    if (FILE_FIELDS.indexOf(f) >= 0) ok = !!value;
    else {
      const text = String(value == null ? '' : value).trim();
      if (f === 'phocaType') ok = PHOCA_TYPES.indexOf(text) >= 0;
      else if (f === 'SourceURL_') ok = isHttpUrl(text);
      else ok = text.replace(INVISIBLE, '') !== '';
    }
    if (!ok) problems.push({ field: f, message: MESSAGES[f] });
  }
  return problems;
}

/** Whether the record has a file in `field`, uploaded with this request or already stored. */
function hasFile(record, field) {
  try {
    const unsaved = record.getUnsavedFiles(field);
    if (unsaved && unsaved.length) return true;
  } catch {
    // older bindings: fall through to the stored name
  }
  return record.getString(field) !== '';
}

/** Throws a 400 naming every missing or invalid field, with the first field's Korean message. */
function checkReport(record) {
  const problems = reportProblems(record.getString('type'), (f) =>
    FILE_FIELDS.indexOf(f) >= 0 ? hasFile(record, f) : record.getString(f),
  );
  if (!problems.length) return;
  const data = {};
  for (const p of problems) data[p.field] = new ValidationError('validation_required', p.message);
  throw new BadRequestError(problems[0].message || MSG_REPORT_INVALID, data);
}

const MSG_DELETE_FORBIDDEN = '제보는 보낸 사람이나 운영진만 삭제할 수 있습니다.';

/** Whether a user (`authId`, '' when anonymous) may delete a report of `reportUser`. */
function mayDeleteReport(authId, authRole, reportUser) {
  return !!authId && (authId === reportUser || authRole === 'admin');
}

/** Throws a 403 unless `auth` may delete the report. */
function checkReportDelete(auth, record) {
  const id = auth ? auth.id : '';
  const role = auth ? auth.getString('role') : '';
  if (!mayDeleteReport(id, role, record.getString('user'))) {
    throw new ForbiddenError(MSG_DELETE_FORBIDDEN);
  }
}

module.exports = {
  PHOCA_TYPES,
  REQUIRED,
  MESSAGES,
  isHttpUrl,
  reportProblems,
  checkReport,
  mayDeleteReport,
  checkReportDelete,
};
