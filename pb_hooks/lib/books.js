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
/** Cards a public book page lists (a book holds at most a group's catalogue). */
const PUBLIC_CARDS_MAX = 500;
const RECORD_ID = /^[a-z0-9]{15}$/;

const MSG_MAX =
  '콜렉트북은 100권까지 만들 수 있어요. 쓰지 않는 콜렉트북을 지운 뒤 다시 시도해주세요.';
const MSG_COVER = '표지는 이 콜렉트북에 담긴 포토카드 중에서 골라주세요.';
const MSG_NOT_PUBLIC = '공개된 콜렉트북을 찾을 수 없어요.';

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
 * one (`found: true`); for a private or missing book `found: false` with a Korean message, the
 * same answer for both so the route tells nobody which private ids exist. A 200 either way: the
 * page's not-found card is an answer, not a failed load (a 404 is a console error in every
 * visitor's browser). Only public fields: title, the owner's nickname, the group's name, the cover
 * and the cards (catalogue rows, public anyway).
 */
function publicBook(e, id) {
  const notFound = { found: false, message: MSG_NOT_PUBLIC };
  if (!RECORD_ID.test(id || '')) return notFound;
  let book;
  try {
    book = e.app.findRecordById('collectBook', id);
  } catch {
    return notFound;
  }
  const me = e.auth ? e.auth.id : '';
  if (!book.getBool('isPublic') && book.getString('users') !== me) return notFound;
  let owner;
  try {
    owner = e.app.findRecordById('users', book.getString('users')).getString('username');
  } catch {
    owner = '';
  }
  let groupName = '';
  if (book.getString('group')) {
    try {
      groupName = e.app.findRecordById('groups', book.getString('group')).getString('groupName');
    } catch {
      groupName = '';
    }
  }
  const ids = toArray(book.get('cardInfo')).slice(0, PUBLIC_CARDS_MAX);
  const found = ids.length ? e.app.findRecordsByIds('photoCards', ids) : [];
  const byId = {};
  for (const c of found) byId[c.id] = c;
  const cards = [];
  for (const cid of ids) {
    const c = byId[cid];
    if (!c) continue;
    cards.push({
      id: c.id,
      collectionId: c.collection().id,
      title: c.getString('title'),
      memberName: c.getString('memberName'),
      groupName: c.getString('groupName'),
      cardImg: c.getString('cardImg'),
    });
  }
  return {
    found: true,
    id: book.id,
    title: book.getString('title'),
    owner,
    group: groupName,
    cover: book.getString('cover'),
    isPublic: book.getBool('isPublic'),
    cards,
  };
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
