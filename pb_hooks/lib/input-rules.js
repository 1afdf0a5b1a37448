/**
 * Input rules the server keeps for what users write (the same as the client's): text
 * normalisation and the profanity list, and the checks of exchange posts, comments, collect-book
 * titles and profile edits, each refusing with the client's Korean message (lib/errors.js). The
 * trade and chat hooks (lib/trades.js, lib/trade-changes.js, lib/chat.js) use the same
 * normalisation and word list.
 */

const { badRequest } = require(`${__hooks}/lib/errors.js`);

// ---------------------------------------------------------------- text normalisation

/** Zero-width and invisible filler characters that can hide a word. */
const INVISIBLE = /[\u00AD\u115F\u1160\u180E\u200B-\u200D\u2060\u3164\uFEFF\uFFA0]/g;

let nfkcSupported;
function hasNfkc() {
  if (nfkcSupported === undefined) {
    try {
      nfkcSupported = typeof ''.normalize === 'function' && '\uFF21'.normalize('NFKC') === 'A';
    } catch {
      nfkcSupported = false;
    }
  }
  return nfkcSupported;
}

/** Full-width ASCII (U+FF01-U+FF5E) to ASCII and the ideographic space to a space. */
function foldFullWidth(s) {
  return s.replace(/[\uFF01-\uFF5E\u3000]/g, (ch) =>
    ch === '\u3000' ? ' ' : String.fromCharCode(ch.charCodeAt(0) - 0xfee0),
  );
}

/**
 * The form profanity is checked in: NFKC, lower case, no whitespace, no zero-width characters.
 * The client applies the same steps to the same word list (pb_hooks/profanity-words.json).
 */
function normalizeText(value) {
  let s = value == null ? '' : String(value);
  s = hasNfkc() ? s.normalize('NFKC') : foldFullWidth(s);
  return s.toLowerCase().replace(/\s+/g, '').replace(INVISIBLE, '');
}

let profanityWords;
function loadProfanityWords() {
  if (!profanityWords) {
    const path = `${__hooks}/profanity-words.json`;
    let list;
    try {
      list = require(path);
    } catch {
      list = JSON.parse(toString($os.readFile(path)));
    }
    const words = [];
    for (const lang of ['en', 'ko']) {
      for (const w of list[lang] || []) {
        const n = normalizeText(w);
        if (n) words.push(n);
      }
    }
    profanityWords = words;
  }
  return profanityWords;
}

/** The first listed word hidden in the text (after normalisation), or ''. */
function findProfanity(text) {
  const n = normalizeText(text);
  for (const w of loadProfanityWords()) {
    if (n.indexOf(w) >= 0) return w;
  }
  return '';
}

/** Length in Unicode code points (what PocketBase's text `max` counts). */
function codePointLength(s) {
  return Array.from(s).length;
}

// ---------------------------------------------------------------- exchange posts

const POST_MAX = 150;
const MSG_POST_EMPTY = '교환 글 내용을 입력해주세요.';
const MSG_POST_TOO_LONG = '교환 글은 150자 이하로 작성해주세요.';
const MSG_PROFANITY = '비속어가 포함된 글은 작성할 수 없습니다.';
const MSG_POST_STATUS = "새 교환 글의 상태는 '교환대기중'이어야 합니다.";
const INITIAL_STATUS = '교환대기중';

/**
 * Checks a text field as the client does and stores it trimmed: refused when blank (whitespace and
 * zero-width characters count as blank) or longer than `max` characters. Returns the trimmed text.
 */
function checkText(record, field, rule) {
  const raw = record.getString(field);
  if (normalizeText(raw) === '') throw badRequest(rule.empty, [field], 'validation_required');
  const trimmed = raw.trim();
  if (codePointLength(trimmed) > rule.max) {
    throw badRequest(rule.tooLong, [field], rule.tooLongCode || 'validation_max_text_constraint');
  }
  if (trimmed !== raw) record.set(field, trimmed);
  return trimmed;
}

/** Validates and trims an exchange post description; throws a 400 with the Korean message. */
function checkPostDescription(record) {
  const text = checkText(record, 'description', {
    max: POST_MAX,
    empty: MSG_POST_EMPTY,
    tooLong: MSG_POST_TOO_LONG,
  });
  if (findProfanity(text)) {
    throw badRequest(MSG_PROFANITY, ['description'], 'validation_profanity');
  }
}

// ---------------------------------------------------------------- comments and profiles

const COMMENT_MAX = 500;
const MSG_COMMENT_EMPTY = '댓글 내용을 입력해주세요.';
const MSG_COMMENT_TOO_LONG = '댓글은 500자까지 쓸 수 있습니다.';

/** Validates and trims a meetup comment (the client's rules, src/data/writes/comments.ts). */
function checkCommentText(record) {
  checkText(record, 'ment', {
    max: COMMENT_MAX,
    empty: MSG_COMMENT_EMPTY,
    tooLong: MSG_COMMENT_TOO_LONG,
  });
}

// ---------------------------------------------------------------- collect books

const BOOK_TITLE_MAX = 50;
const MSG_BOOK_TITLE = '콜렉트북 제목을 1~50자로 입력해주세요.';

/**
 * A collect book's title, as the client checks it: 1-50 characters after trimming, and not only
 * invisible characters (the schema's `required` takes a zero-width space as a title).
 */
function checkBookTitle(record) {
  checkText(record, 'title', {
    max: BOOK_TITLE_MAX,
    empty: MSG_BOOK_TITLE,
    tooLong: MSG_BOOK_TITLE,
    tooLongCode: 'validation_required',
  });
}

const NAME_MAX = 40;
const MSG_NAME_REQUIRED = '이름을 입력해주세요';
const USERNAME = /^[0-9A-Za-z가-힣_.]{2,20}$/;
const MSG_USERNAME_INVALID = '닉네임은 한글, 영문, 숫자, _ . 로 2~20자까지 쓸 수 있습니다.';

/**
 * A user's edit of their own profile: the name and nickname it changes follow the client's rules
 * (src/data/writes/profile.ts). The phone number and birth date are hidden fields: PocketBase drops
 * them from a user's request body, so only the sign-up (lib/signup.js, same rules) sets them.
 * `changed` lists the fields this request changes (lib/records.js changedFields).
 */
function checkProfileEdit(record, changed) {
  if (changed.indexOf('name') >= 0) {
    const name = record.getString('name').trim();
    if (name === '' || codePointLength(name) > NAME_MAX) {
      throw badRequest(MSG_NAME_REQUIRED, ['name'], 'validation_invalid_value');
    }
    record.set('name', name);
  }
  if (changed.indexOf('username') >= 0) {
    const username = record.getString('username').trim();
    if (!USERNAME.test(username)) {
      throw badRequest(MSG_USERNAME_INVALID, ['username'], 'validation_invalid_value');
    }
    record.set('username', username);
  }
}

module.exports = {
  normalizeText,
  findProfanity,
  loadProfanityWords,
  codePointLength,
  checkText,
  checkPostDescription,
  checkCommentText,
  checkBookTitle,
  checkProfileEdit,
  INITIAL_STATUS,
  MSG_POST_STATUS,
  MSG_PROFANITY,
};
