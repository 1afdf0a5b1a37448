/**
 * The rules of collect books beyond the API rules (docs/data-model.md, Hooks; used by
 * pb_hooks/books.pb.js): the cover is one of the book's own cards, the shelf place is 0–9999, a
 * fan keeps at most 100 books; and the public book read (docs/product-rules.md, 자랑하기 page).
 * The client checks the same with the same Korean messages (src/data/writes/collect-books.ts).
 */

const { badRequest } = require(`${__hooks}/lib/errors.js`);
const { toArray } = require(`${__hooks}/lib/records.js`);
const common = require(`${__hooks}/lib/trade-common.js`);

/** Books one fan may keep. */
const BOOKS_MAX = 100;

const MSG_MAX =
  '콜렉트북은 100권까지 만들 수 있어요. 쓰지 않는 콜렉트북을 지운 뒤 다시 시도해주세요.';
const MSG_COVER = '표지는 이 콜렉트북에 담긴 포토카드 중에서 골라주세요.';
const { MSG_NOT_PUBLIC } = require(`${__hooks}/lib/public-book.js`);

/** The cover must be empty or one of the book's cards. */
function checkCover(record) {
  const cover = record.getString('cover');
  if (cover && toArray(record.get('cardInfo')).indexOf(cover) < 0) {
    throw badRequest(MSG_COVER, ['cover'], 'validation_invalid_value');
  }
}

/**
 * A change of a book: a new cover must be one of its cards; a cover whose card was just taken
 * out of the book (a tick undone) is cleared rather than refusing the untick.
 */
function fixCover(record) {
  const { changedFields } = require(`${__hooks}/lib/records.js`);
  if (changedFields(record, ['cover']).length) return checkCover(record);
  const cover = record.getString('cover');
  if (cover && toArray(record.get('cardInfo')).indexOf(cover) < 0) record.set('cover', '');
}

function checkRoom(app, record) {
  const n = common.countOf(app, 'SELECT COUNT(*) AS n FROM `collectBook` WHERE `users` = {:u}', {
    u: record.getString('users'),
  });
  if (n >= BOOKS_MAX) throw badRequest(MSG_MAX, ['users'], 'validation_max_items');
}

/**
 * GET /api/pocamarket/books/{id}: a public book for anyone (signed in or not), or the owner's own
 * one (`found: true`), or `found: false` for a private or missing book alike. The answer is made
 * by lib/public-book.js, which the page's server-rendered HTML and its share preview read too.
 */
function publicBook(e, id) {
  return require(`${__hooks}/lib/public-book.js`).read(e.app, id, e.auth ? e.auth.id : '');
}

module.exports = {
  BOOKS_MAX,
  MSG_COVER,
  MSG_MAX,
  MSG_NOT_PUBLIC,
  checkCover,
  fixCover,
  checkRoom,
  publicBook,
};
