/**
 * The starter collect book of a new account (a preset collect book is attached at sign-up:
 * docs/product-rules.md, Profile and settings; docs/accounts.md, Sign-up): '나의 첫 콜렉트북' for the
 * user's bias group, else RIIZE (the app's default bias), else no group; no thumbnail (the shelf shows the group logo or '미정').
 *
 * Made where an account becomes the person's own: the email sign-up's complete-signup route
 * (lib/signup.js), the first Kakao/Instagram login (signup.pb.js, oauth.pb.js) and the first
 * Naver login (naver.pb.js). Only accounts completed through those get one; accounts made by a
 * superuser (the demo seed) do not.
 *
 * Idempotent per user: nothing is made when the user owns a book already, so a retried or
 * repeated completion cannot add a second one. Callers run it in the transaction that completes
 * the account, so the account and its book are saved together (and the hook that keeps
 * users.collectBook adds the book to the shelf in the same transaction).
 *
 * The book follows the bias while it is untouched: an email sign-up makes it before the fan
 * answers the 최애 step (docs/accounts.md, First login), so it starts as RIIZE's; choosing a group
 * then moves a starter book with no ticked card, cover or picture to that group (followBias). A
 * book the fan has used stays as it is.
 */

const STARTER_TITLE = '나의 첫 콜렉트북';
const DEFAULT_GROUP_NAME = 'RIIZE';

function groupExists(app, id) {
  try {
    app.findRecordById('groups', id);
    return true;
  } catch {
    return false;
  }
}

/** The bias group when it still exists, else RIIZE's id, else '' (a book with no group). */
function starterGroupId(app, user) {
  const bias = user.getString('biasGroup');
  if (bias && groupExists(app, bias)) return bias;
  try {
    return app.findFirstRecordByFilter('groups', 'groupName = {:g}', { g: DEFAULT_GROUP_NAME }).id;
  } catch {
    return '';
  }
}

function ownsABook(app, userId) {
  const books = app.findRecordsByFilter('collectBook', 'users = {:u}', '', 1, 0, { u: userId });
  return books.length > 0;
}

/** Makes the user's starter book unless they own a book already; returns it, or null. */
function ensureStarterBook(app, userId) {
  if (!userId || ownsABook(app, userId)) return null;
  const user = app.findRecordById('users', userId);
  const book = new Record(app.findCollectionByNameOrId('collectBook'));
  book.set('users', user.id);
  book.set('title', STARTER_TITLE);
  book.set('group', starterGroupId(app, user));
  app.save(book);
  return book;
}

/** Whether the book is still the starter book as it was given: its title, nothing in it. */
function untouchedStarter(book) {
  return (
    book.getString('title') === STARTER_TITLE &&
    book.getStringSlice('cardInfo').length === 0 &&
    !book.getString('cover') &&
    !book.getString('thumbNail')
  );
}

/**
 * The user's untouched starter book takes their new bias group (docs/product-rules.md, Add a
 * collect book). Run in the transaction that saves the bias; returns how many books moved.
 */
function followBias(app, userId, groupId) {
  if (!userId || !groupId || !groupExists(app, groupId)) return 0;
  const books = app.findRecordsByFilter(
    'collectBook',
    'users = {:u} && title = {:t} && group != {:g}',
    'created',
    0,
    0,
    { u: userId, t: STARTER_TITLE, g: groupId },
  );
  let moved = 0;
  for (const book of books) {
    if (!untouchedStarter(book)) continue;
    book.set('group', groupId);
    app.save(book);
    moved += 1;
  }
  return moved;
}

module.exports = {
  STARTER_TITLE,
  DEFAULT_GROUP_NAME,
  starterGroupId,
  ensureStarterBook,
  followBias,
};
