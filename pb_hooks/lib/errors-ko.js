/**
 * Korean wording for PocketBase's own error answers (used by pb_hooks/api.pb.js).
 *
 * Only `message` texts change: the status, the top-level shape, each field's `code` and `params`
 * stay as PocketBase made them, because the app (and any API caller) keys on codes and statuses.
 * A message that already has Hangul in it (our hooks' own messages) is left exactly as it is.
 *
 * Field messages are chosen by `code` (with PocketBase's `params`, e.g. the text `max`), top-level
 * messages by their English text. An English text we don't know gets a plain Korean sentence for
 * its status, except for superusers (the dashboard), who keep PocketBase's detail.
 */

const HANGUL = /[\u1100-\u11FF\u3131-\u318E\uAC00-\uD7A3]/;

function hasHangul(s) {
  return HANGUL.test(String(s == null ? '' : s));
}

/** "5242880" bytes as "5MB", "1536" as "1.5KB". */
function formatBytes(value) {
  const n = Number(value);
  if (!isFinite(n) || n <= 0) return String(value);
  /** @type {Array<[string, number]>} */
  const units = [
    ['GB', 1024 * 1024 * 1024],
    ['MB', 1024 * 1024],
    ['KB', 1024],
  ];
  for (const [unit, size] of units) {
    if (n >= size) return `${Math.round((n / size) * 10) / 10}${unit}`;
  }
  return `${n}바이트`;
}

function param(params, name) {
  if (!params) return undefined;
  const v = params[name];
  return v === undefined || v === null ? undefined : v;
}

/** The allowed types PocketBase lists in "... mime type must be one of: a, b." */
function mimeList(english) {
  const m = /must be one of:\s*(.+?)\.?$/.exec(String(english || ''));
  return m ? m[1] : '';
}

const REQUIRED = () => '값을 입력해주세요.';
const BAD_FORMAT = () => '형식이 올바르지 않습니다.';
const NOT_ALLOWED_VALUE = () => '허용되지 않는 값입니다.';
const TOO_LONG = (p) =>
  param(p, 'max') !== undefined ? `${param(p, 'max')}자 이하로 입력해주세요.` : '너무 깁니다.';
const TOO_SHORT = (p) =>
  param(p, 'min') !== undefined ? `${param(p, 'min')}자 이상 입력해주세요.` : '너무 짧습니다.';

/** Field error code -> Korean message (params, the English message). */
const FIELD_MESSAGES = {
  validation_required: REQUIRED,
  validation_nil_or_not_empty_required: REQUIRED,
  validation_missing_rel_records: () =>
    '연결할 항목을 찾을 수 없습니다. 존재하는 항목의 ID인지 확인해주세요.',
  validation_missing_rel_collection: () => '연결할 컬렉션을 찾을 수 없습니다.',
  validation_invalid_mime_type: (_, english) => {
    const list = mimeList(english);
    return list
      ? `지원하지 않는 파일 형식입니다. (허용: ${list})`
      : '지원하지 않는 파일 형식입니다.';
  },
  validation_file_size_limit: (p) =>
    param(p, 'maxSize') !== undefined
      ? `파일이 너무 큽니다. ${formatBytes(param(p, 'maxSize'))} 이하의 파일만 올릴 수 있습니다.`
      : '파일이 너무 큽니다.',
  validation_too_many_files: (p) =>
    param(p, 'maxSelect') !== undefined
      ? `파일은 최대 ${param(p, 'maxSelect')}개까지 올릴 수 있습니다.`
      : '파일이 너무 많습니다.',
  validation_invalid_file: () => '올바르지 않은 파일입니다.',
  validation_max_text_constraint: TOO_LONG,
  validation_min_text_constraint: TOO_SHORT,
  validation_length_too_long: TOO_LONG,
  validation_length_too_short: TOO_SHORT,
  validation_length_out_of_range: (p) =>
    param(p, 'min') !== undefined && param(p, 'max') !== undefined
      ? `${param(p, 'min')}자 이상 ${param(p, 'max')}자 이하로 입력해주세요.`
      : '길이가 올바르지 않습니다.',
  validation_length_invalid: (p) =>
    param(p, 'min') !== undefined
      ? `${param(p, 'min')}자로 입력해주세요.`
      : '길이가 올바르지 않습니다.',
  validation_is_email: () => '이메일 형식으로 입력해주세요.',
  validation_invalid_email: () => '이메일 형식으로 입력해주세요.',
  validation_email_domain_not_allowed: () => '사용할 수 없는 이메일 도메인입니다.',
  validation_is_url: () => '올바른 URL 형식으로 입력해주세요.',
  validation_invalid_url: () => '올바른 URL 형식으로 입력해주세요.',
  validation_url_domain_not_allowed: () => '사용할 수 없는 URL 도메인입니다.',
  validation_not_a_number: () => '숫자 형식으로 입력해주세요.',
  validation_only_int_constraint: () => '정수만 입력할 수 있습니다.',
  validation_min_number_constraint: (p) =>
    param(p, 'min') !== undefined ? `${param(p, 'min')} 이상이어야 합니다.` : '값이 너무 작습니다.',
  validation_max_number_constraint: (p) =>
    param(p, 'max') !== undefined ? `${param(p, 'max')} 이하여야 합니다.` : '값이 너무 큽니다.',
  validation_min_greater_equal_than_required: (p) =>
    param(p, 'threshold') !== undefined
      ? `${param(p, 'threshold')} 이상이어야 합니다.`
      : '값이 너무 작습니다.',
  validation_max_less_equal_than_required: (p) =>
    param(p, 'threshold') !== undefined
      ? `${param(p, 'threshold')} 이하여야 합니다.`
      : '값이 너무 큽니다.',
  validation_invalid_value: (p) =>
    param(p, 'value') !== undefined
      ? `'${param(p, 'value')}'은(는) 선택할 수 없는 값입니다.`
      : '올바르지 않은 값입니다.',
  validation_in_invalid: NOT_ALLOWED_VALUE,
  validation_not_in_invalid: NOT_ALLOWED_VALUE,
  validation_not_in: NOT_ALLOWED_VALUE,
  validation_too_many_values: (p) =>
    param(p, 'maxSelect') !== undefined
      ? `최대 ${param(p, 'maxSelect')}개까지 선택할 수 있습니다.`
      : '너무 많이 선택했습니다.',
  validation_not_enough_values: (p) =>
    param(p, 'minSelect') !== undefined
      ? `최소 ${param(p, 'minSelect')}개를 선택해주세요.`
      : '더 선택해주세요.',
  validation_not_unique: () => '이미 사용 중인 값입니다.',
  validation_invalid_new_email: () => '이미 사용 중이거나 올바르지 않은 이메일입니다.',
  validation_invalid_or_existing_id: () => '올바르지 않거나 이미 사용 중인 ID입니다.',
  validation_pk_invalid: () => '올바르지 않거나 이미 사용 중인 ID입니다.',
  validation_pk_change: () => 'ID는 바꿀 수 없습니다.',
  validation_forbidden_pk_character: () => 'ID에 사용할 수 없는 문자가 있습니다.',
  validation_reserved_pk: () => '사용할 수 없는 ID입니다.',
  validation_invalid_json: () => '올바른 JSON 형식이 아닙니다.',
  validation_json_size_limit: () => 'JSON 값이 너무 큽니다.',
  validation_match_invalid: BAD_FORMAT,
  validation_invalid_format: BAD_FORMAT,
  validation_date_invalid: () => '올바른 날짜 형식이 아닙니다.',
  validation_invalid_date: () => '올바른 날짜 형식이 아닙니다.',
  validation_values_mismatch: () => '값이 일치하지 않습니다.',
  validation_invalid_password: () => '비밀번호가 올바르지 않습니다.',
  validation_invalid_token: () => '토큰이 올바르지 않거나 만료되었습니다.',
  validation_unknown_field: () => '알 수 없는 항목입니다.',
  validation_unsupported_value_type: () => '지원하지 않는 값 형식입니다.',
  validation_invalid_field_value: () => '올바르지 않은 값입니다.',
  validation_invalid_record: () => '항목을 찾을 수 없거나 올바르지 않습니다.',
  validation_invalid_collection: () => '컬렉션을 찾을 수 없거나 올바르지 않습니다.',
  validation_invalid_latitude: () => '위도는 -90에서 90 사이여야 합니다.',
  validation_invalid_longitude: () => '경도는 -180에서 180 사이여야 합니다.',
  batch_request_failed: () => '이 요청을 처리하지 못했습니다.',
  // exchange posts' terms (lib/post-terms.js): its messages are Korean already; these are for a
  // field error that reaches a caller without one
  validation_post_type: () => '글 종류는 교환, 양도, 구함 중에서 골라주세요.',
  validation_post_price: () => '가격을 확인해주세요.',
  validation_post_shipping: () => '거래 방법을 확인해주세요.',
  validation_post_cvs: () => '반값택배 편의점을 확인해주세요.',
  validation_post_meet_place: () => '직거래 장소를 확인해주세요.',
  validation_post_photos: () => '사진은 3장까지 올릴 수 있어요.',
  validation_post_writer_only: () => '거래 조건과 사진은 글쓴이만 바꿀 수 있어요.',
};

const GENERIC_FIELD = '올바르지 않은 값입니다.';

/** Top-level English message (without the closing full stop) -> Korean. */
const TOP_MESSAGES = {
  'Failed to create record': '등록하지 못했습니다. 입력한 내용을 확인해주세요.',
  'Failed to update record': '수정하지 못했습니다. 입력한 내용을 확인해주세요.',
  'Failed to delete record. Make sure that the record is not part of a required relation reference':
    '삭제하지 못했습니다. 다른 항목이 참조하고 있지 않은지 확인해주세요.',
  "The requested resource wasn't found": '요청한 항목을 찾을 수 없습니다.',
  'Not Found': '요청한 항목을 찾을 수 없습니다.',
  'File not found': '요청한 항목을 찾을 수 없습니다.',
  'Only superusers can perform this action': '관리자만 할 수 있는 작업입니다.',
  'The authorized record is not allowed to perform this action':
    '이 계정으로는 할 수 없는 작업입니다.',
  'You are not allowed to perform this request': '이 요청을 수행할 권한이 없습니다.',
  'Something went wrong while processing your request': '요청을 처리하는 중 문제가 발생했습니다.',
  'Missing or invalid authentication': '로그인이 필요하거나 인증 정보가 올바르지 않습니다.',
  'The request requires valid record authorization token': '로그인이 필요합니다.',
  'The request requires valid auth record': '로그인이 필요합니다.',
  'The request requires superuser or record authorization token': '로그인이 필요합니다.',
  'Missing auth context': '로그인이 필요합니다.',
  'Too Many Requests': '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  'Too many attempts, please try again later with a new OTP':
    '시도 횟수가 너무 많습니다. 잠시 후 새 인증 코드로 다시 시도해주세요.',
  'Request Entity Too Large': '보낸 데이터가 너무 큽니다.',
  'Failed to authenticate': '로그인하지 못했습니다. 입력한 정보를 확인해주세요.',
  'Batch transaction failed': '일괄 요청을 처리하지 못했습니다.',
  'Batch requests are not allowed': '일괄 요청은 허용되지 않습니다.',
  'Invalid batch request data': '일괄 요청 데이터가 올바르지 않습니다.',
  'Failed to read the submitted batch data': '일괄 요청 데이터를 읽지 못했습니다.',
  'Failed to read the submitted batch files data': '일괄 요청의 파일을 읽지 못했습니다.',
  'An error occurred while loading the submitted data':
    '보낸 데이터를 읽는 중 오류가 발생했습니다.',
  'An error occurred while validating the submitted data':
    '보낸 데이터를 확인하는 중 오류가 발생했습니다.',
  'Failed to load the submitted data due to invalid formatting':
    '보낸 데이터의 형식이 올바르지 않습니다.',
  'Failed to read the submitted data': '보낸 데이터를 읽지 못했습니다.',
  'Missing collection context': '요청한 컬렉션을 찾을 수 없습니다.',
  'Missing or invalid collection context': '요청한 컬렉션을 찾을 수 없습니다.',
  'Missing or invalid auth collection context': '요청한 컬렉션을 찾을 수 없습니다.',
  'Missing auth record context': '계정을 찾을 수 없습니다.',
  'Unsupported collection type': '지원하지 않는 컬렉션 유형입니다.',
  'Invalid or expired token': '토큰이 올바르지 않거나 만료되었습니다.',
  'Invalid or expired verification token': '인증 링크가 올바르지 않거나 만료되었습니다.',
  'Invalid or expired password reset token':
    '비밀번호 재설정 링크가 올바르지 않거나 만료되었습니다.',
  'Invalid or expired OTP': '인증 코드가 올바르지 않거나 만료되었습니다.',
  'Invalid or expired MFA session': '추가 인증 세션이 올바르지 않거나 만료되었습니다.',
  'Invalid MFA session': '추가 인증 세션이 올바르지 않습니다.',
  'A different authentication method is required': '다른 방법으로 인증해야 합니다.',
  'Failed to set new password': '새 비밀번호를 설정하지 못했습니다.',
  'Failed to request email change': '이메일 변경을 요청하지 못했습니다.',
  'Failed to confirm email change': '이메일 변경을 확인하지 못했습니다.',
  'Failed to fetch OAuth2 token': '소셜 로그인 토큰을 받아오지 못했습니다.',
  'Failed to fetch OAuth2 user': '소셜 로그인 사용자 정보를 받아오지 못했습니다.',
  'The collection is not configured to allow password authentication':
    '비밀번호 로그인을 사용할 수 없습니다.',
  'The collection is not configured to allow OAuth2 authentication':
    '소셜 로그인을 사용할 수 없습니다.',
  'The collection is not configured to allow OTP authentication':
    '인증 코드 로그인을 사용할 수 없습니다.',
  "The request doesn't satisfy the collection requirements to authenticate":
    '로그인 조건을 만족하지 않습니다.',
  "The current and the previous request authorization don't match":
    '이전 요청과 로그인 정보가 일치하지 않습니다.',
  'All superusers are verified by default': '관리자 계정은 이미 인증되어 있습니다.',
  'All superusers can change their emails directly':
    '관리자 계정은 이메일을 직접 바꿀 수 있습니다.',
  'Missing or invalid client id': '실시간 연결을 찾을 수 없습니다.',
  'Failed to initialize SSE connection': '실시간 연결을 시작하지 못했습니다.',
  // our own hooks' English messages (pb_hooks/naver.pb.js, privacy.pb.js, lib/signup.js)
  'Naver login is not configured': '네이버 로그인이 설정되어 있지 않습니다.',
  'Missing code or state': '로그인 응답에 code 또는 state가 없습니다.',
  'Failed to fetch the Naver token': '네이버 토큰을 받아오지 못했습니다.',
  'Failed to fetch the Naver profile': '네이버 프로필을 받아오지 못했습니다.',
  'Naver did not share an email address': '네이버에서 이메일 주소를 받지 못했습니다.',
  'The email is already used by another account': '이미 다른 계정에서 사용 중인 이메일입니다.',
  'Sorting by email is not allowed': '이메일로 정렬할 수 없습니다.',
  'Could not find a free username': '사용할 수 있는 사용자 이름을 찾지 못했습니다.',
  'Invalid email': '이메일 형식으로 입력해주세요.',
};

function statusMessage(status) {
  if (status === 401) return '로그인이 필요합니다.';
  if (status === 403) return '이 작업을 할 권한이 없습니다.';
  if (status === 404) return '요청한 항목을 찾을 수 없습니다.';
  if (status === 413) return '보낸 데이터가 너무 큽니다.';
  if (status === 429) return '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.';
  if (status >= 500) return '서버에서 문제가 발생했습니다. 잠시 후 다시 시도해주세요.';
  return '요청을 처리하지 못했습니다. 입력한 내용을 확인해주세요.';
}

/** The Korean top-level message, or '' to leave it (already Korean, or unknown for a superuser). */
function topMessage(message, status, keepUnknown) {
  if (hasHangul(message)) return '';
  const key = String(message || '')
    .trim()
    .replace(/\.$/, '');
  if (Object.prototype.hasOwnProperty.call(TOP_MESSAGES, key)) return TOP_MESSAGES[key];
  return keepUnknown ? '' : statusMessage(status);
}

function fieldMessage(code, params, english, keepUnknown) {
  if (hasHangul(english)) return '';
  const make = Object.prototype.hasOwnProperty.call(FIELD_MESSAGES, code)
    ? FIELD_MESSAGES[code]
    : null;
  if (make) return make(params, english);
  return keepUnknown ? '' : GENERIC_FIELD;
}

function isObject(v) {
  return v !== null && typeof v === 'object';
}

/**
 * Rewrites the messages inside an ApiError's `data` in place: field items ({code, message,
 * params}), nested field maps, and batch items whose `response` is another ApiError.
 */
function translateData(data, keepUnknown, depth) {
  if (!isObject(data) || depth > 8) return;
  for (const key of Object.keys(data)) {
    const item = data[key];
    if (!isObject(item)) continue;
    if (typeof item.code === 'string' && typeof item.message === 'string') {
      const ko =
        key === 'email' && item.code === 'validation_not_unique' && !hasHangul(item.message)
          ? '이미 가입된 이메일입니다.'
          : fieldMessage(item.code, item.params, item.message, keepUnknown);
      if (ko) item.message = ko;
      if (isObject(item.response)) translateApiError(item.response, keepUnknown, depth + 1);
    } else {
      translateData(item, keepUnknown, depth + 1);
    }
  }
}

/** Rewrites an ApiError's (Go *router.ApiError or its JSON-like form) messages in place. */
function translateApiError(apiErr, keepUnknown, depth) {
  if (!isObject(apiErr) || typeof apiErr.status !== 'number') return false;
  const ko = topMessage(apiErr.message, apiErr.status, keepUnknown);
  if (ko) apiErr.message = ko;
  translateData(apiErr.data, keepUnknown, (depth || 0) + 1);
  return true;
}

/**
 * The Go error behind a value caught in JS: a Go error thrown through goja arrives as an object
 * whose `value` is the error itself.
 */
function goError(caught) {
  if (!isObject(caught)) return null;
  if (typeof caught.status === 'number') return caught;
  const v = caught.value;
  return isObject(v) ? v : null;
}

function errorText(err) {
  try {
    if (typeof err.error === 'function') return String(err.error());
  } catch {
    // fall through
  }
  return String(err && err.message ? err.message : err);
}

/**
 * SQLite's answer when another process (Litestream) held the database at the wrong moment, and
 * PocketBase's when a batch's transaction ran past the batch timeout (a loaded server): either
 * way the transaction was rolled back and nothing of it was written.
 */
const BUSY = /database is locked|database table is locked|SQLITE_BUSY|batch transaction timeout/;

function rawDataOf(err) {
  try {
    return typeof err.rawData === 'function' ? err.rawData() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether `err` (a Go error, an ApiError whose raw cause is one, or a batch error whose failed
 * request's answer is one) is SQLite's busy answer: a write refused only because another process
 * held the database for a moment (docs/scaling.md, Checkpoints). Nothing of it was written, and
 * the same request succeeds when sent again.
 */
function isBusy(err, depth) {
  if (!isObject(err) || (depth || 0) > 6) return false;
  if (BUSY.test(errorText(err))) return true;
  const raw = rawDataOf(err);
  if (raw != null && BUSY.test(isObject(raw) ? errorText(raw) : String(raw))) return true;
  // a batch: data.requests[i].response is the failed request's own ApiError
  const requests = isObject(err.data) ? err.data.requests : null;
  if (!isObject(requests)) return false;
  for (const key of Object.keys(requests)) {
    const item = requests[key];
    if (isObject(item) && isBusy(item.response, (depth || 0) + 1)) return true;
  }
  return false;
}

/** The answer to a busy database: a 503, which the app's outbox sends again (a 400 is final). */
const BUSY_MESSAGE = '서버가 잠시 바빠 저장하지 못했습니다. 잠시 후 다시 시도해주세요.';

/**
 * What to throw instead of `caught`: a 503 for a write refused only because the database was
 * busy, the same Go ApiError with Korean messages, a new Korean
 * ApiError for a plain Go error (as PocketBase would turn it into one: "no rows" -> 404, else
 * 400), or `caught` itself when it can't be read.
 */
function koreanError(caught, keepUnknown) {
  const err = goError(caught);
  if (!err) return caught;
  if (isBusy(err)) return new ApiError(503, BUSY_MESSAGE, {});
  if (translateApiError(err, keepUnknown, 0)) return caught;
  if (keepUnknown) return caught;
  const text = errorText(err);
  if (/no rows in result set|file does not exist/.test(text)) {
    return new NotFoundError(TOP_MESSAGES["The requested resource wasn't found"], err);
  }
  return new BadRequestError(
    TOP_MESSAGES['Something went wrong while processing your request'],
    err,
  );
}

module.exports = {
  hasHangul,
  formatBytes,
  topMessage,
  fieldMessage,
  translateApiError,
  koreanError,
  isBusy,
  BUSY_MESSAGE,
  FIELD_MESSAGES,
  TOP_MESSAGES,
};
