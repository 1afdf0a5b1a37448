/**
 * The public collect book page (docs/product-rules.md, Public collect book; docs/first-visit.md, A
 * public collect book), in one place for its three readers:
 *
 * - `read`: GET /api/pocamarket/books/{id} (pb_hooks/books.pb.js), what the page shows: the book,
 *   its completion, its cards and the owner's public 구함 list of the book's group;
 * - the render server draws the page from that answer, and its `share` is the page's title,
 *   description and preview image;
 * - `shell`: when the render server is not there, slow or failing, PocketBase serves the plain
 *   shell (lib/ssr.js), and this puts the same title and preview into it, read from the database
 *   by primary key (a handful of indexed reads), so a link pasted into KakaoTalk or X previews
 *   the book whichever way the page was answered.
 *
 * A private book, a missing one and an id that is no id are one answer (`found: false`, a generic
 * title, `noindex`): nobody learns which private ids exist. Only public fields leave: the title,
 * the owner's nickname (never the name or the e-mail), the group, the cards (catalogue rows) and
 * the want items that are public (docs/trades.md, `tradeItems`: the owner's `tradePublic`, or
 * the item's book is the owner's and public).
 */

const RECORD_ID = /^[a-z0-9]{15}$/;
/** Cards a public book page lists (a book holds at most a group's catalogue). */
const PUBLIC_CARDS_MAX = 500;
/** Want items the page lists (the count says how many there are in all). */
const WANT_MAX = 60;
/** Cards looked at for the preview image when the cover has none. */
const PREVIEW_CARDS = 20;
/** The preview image's rendition (pb_migrations/1764400000_image_thumbs.js, photoCards.cardImg). */
const PREVIEW_THUMB = '640x1280f';
const ICON = '/icons/icon-512.png';

const MSG_NOT_PUBLIC = '공개된 콜렉트북을 찾을 수 없어요.';
const SITE = '포카마켓';
/** The generic preview of a book nobody may see (the same for private, deleted and made up). */
const MISSING_SHARE = {
  title: `콜렉트북을 찾을 수 없어요 | ${SITE}`,
  description:
    '포카마켓에서 K-pop 포토카드를 모으고 교환하고, 최애의 생일카페와 팬 카페 이벤트를 지도에서 찾아보세요.',
  image: ICON,
  noindex: true,
};

/**
 * SQL: the item aliased `t` is public (the rule of docs/trades.md, `tradeItems`, as
 * lib/matches.js's IS_PUBLIC reads it): its fan's lists are public, or its book is the fan's own
 * and public.
 */
const IS_PUBLIC = (t) =>
  `((SELECT pu.\`tradePublic\` FROM \`users\` pu WHERE pu.\`id\` = ${t}.\`user\`) = 1 ` +
  `OR EXISTS (SELECT 1 FROM \`collectBook\` pb WHERE pb.\`id\` = ${t}.\`book\` ` +
  `AND pb.\`users\` = ${t}.\`user\` AND pb.\`isPublic\` = 1))`;

/** A record by id, or null. */
function find(app, collection, id) {
  if (!id) return null;
  try {
    return app.findRecordById(collection, id);
  } catch {
    return null;
  }
}

/** The book if `me` may see it: public, or their own. */
function visibleBook(app, id, me) {
  if (!RECORD_ID.test(id || '')) return null;
  const book = find(app, 'collectBook', id);
  if (!book) return null;
  if (!book.getBool('isPublic') && (!me || book.getString('users') !== me)) return null;
  return book;
}

function fileUrl(collection, id, name, thumb) {
  const path = `/api/files/${collection}/${id}/${encodeURIComponent(name)}`;
  return thumb ? `${path}?thumb=${encodeURIComponent(thumb)}` : path;
}

/**
 * Who owns the book, its group and how far it is: `owned` counts the book's cards of its group,
 * `total` is the group's card count (at least `owned`), as the owner's own book screen counts
 * them (docs/product-rules.md, Collect book). One count over the book's cards by primary key.
 */
function summary(app, book) {
  const { toArray } = require(`${__hooks}/lib/records.js`);
  const owner = find(app, 'users', book.getString('users'));
  const group = find(app, 'groups', book.getString('group'));
  let owned = 0;
  if (group) {
    const ids = toArray(book.get('cardInfo'));
    if (ids.length) {
      const row = new DynamicModel({ n: 0 });
      app
        .db()
        .newQuery(
          'SELECT COUNT(*) AS n FROM `photoCards` c ' +
            'WHERE c.`id` IN (SELECT j.`value` FROM `collectBook` b, json_each(b.`cardInfo`) j ' +
            'WHERE b.`id` = {:book}) AND c.`group` = {:group}',
        )
        .bind({ book: book.id, group: group.id })
        .one(row);
      owned = row.n;
    }
  }
  return {
    owner: owner ? owner.getString('username') : '',
    ownerId: book.getString('users'),
    groupId: group ? group.id : '',
    groupName: group ? group.getString('groupName') : '',
    logo:
      group && group.getString('logoImage')
        ? fileUrl('groups', group.id, group.getString('logoImage'))
        : '',
    owned: owned,
    total: group ? Math.max(owned, group.getInt('cardCount')) : 0,
  };
}

function percent(owned, total) {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((owned / total) * 100)));
}

/**
 * The preview image: the cover card's image (the picked card, else the first of the book) as a
 * rendition, else the first of the book's cards with one, else the group's logo, else the app's
 * icon. `cards`: the book's cards in its order (records or rows with id and cardImg).
 */
function previewImage(cards, cover, logo) {
  const image = (c) => (c ? c.cardImg : '');
  let pick = null;
  for (let i = 0; i < cards.length && !pick; i++) if (cards[i].id === cover) pick = cards[i];
  if (!image(pick)) pick = null;
  for (let i = 0; i < cards.length && !pick; i++) if (image(cards[i])) pick = cards[i];
  if (pick) return fileUrl('photoCards', pick.id, pick.cardImg, PREVIEW_THUMB);
  return logo || ICON;
}

/** The title and description a link to the book previews with (and the tab's title). */
function shareOf(book, s, cardCount, image) {
  const title = book.getString('title');
  const by = s.owner ? `${s.owner}님의 ` : '';
  const description = s.groupId
    ? `${by}${s.groupName} 콜렉트북 · ${s.owned}/${s.total} 모았어요 · ${percent(s.owned, s.total)}%`
    : `${by}콜렉트북 · 카드 ${cardCount}장`;
  return {
    title: `${by}${title} | ${SITE}`,
    description: description,
    image: image,
    noindex: false,
  };
}

/** A card as the page shows it (catalogue fields only). */
function cardRow(c) {
  return {
    id: c.id,
    title: c.getString('title'),
    memberName: c.getString('memberName'),
    groupName: c.getString('groupName'),
    cardImg: c.getString('cardImg'),
  };
}

/**
 * The owner's public want items of the group, newest change first (at most WANT_MAX), and how
 * many there are. Empty when a block stands between the owner and the viewer (as the trust route,
 * lib/matches.js). Bounded by the owner's list (at most 2,000 items, read by its (user, card)
 * index).
 */
function wantsOf(app, s, me) {
  if (!s.groupId) return { want: [], wantCount: 0 };
  if (me && me !== s.ownerId) {
    const { blockBetween } = require(`${__hooks}/lib/trade-common.js`);
    if (blockBetween(app, me, s.ownerId)) return { want: [], wantCount: 0 };
  }
  const from =
    'FROM `tradeItems` t JOIN `photoCards` c ON c.`id` = t.`photoCard` ' +
    "WHERE t.`user` = {:owner} AND t.`kind` = 'want' AND c.`group` = {:group} AND " +
    IS_PUBLIC('t');
  const params = { owner: s.ownerId, group: s.groupId };
  const rows = arrayOf(
    new DynamicModel({ id: '', title: '', memberName: '', groupName: '', cardImg: '' }),
  );
  app
    .db()
    .newQuery(
      'SELECT c.`id` AS id, c.`title` AS title, c.`memberName` AS memberName, ' +
        'c.`groupName` AS groupName, c.`cardImg` AS cardImg ' +
        from +
        ` ORDER BY t.\`updated\` DESC, t.\`id\` LIMIT ${WANT_MAX}`,
    )
    .bind(params)
    .all(rows);
  const want = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    want.push({
      id: r.id,
      title: r.title,
      memberName: r.memberName,
      groupName: r.groupName,
      cardImg: r.cardImg,
    });
  }
  let wantCount = want.length;
  if (want.length === WANT_MAX) {
    const row = new DynamicModel({ n: 0 });
    app.db().newQuery(`SELECT COUNT(*) AS n ${from}`).bind(params).one(row);
    wantCount = row.n;
  }
  return { want: want, wantCount: wantCount };
}

/**
 * GET /api/pocamarket/books/{id}: the page's answer for a public book (or the viewer's own), or
 * `found: false` with a Korean message and the generic preview, a 200 either way (the page's
 * not-found card is an answer, not a failed load).
 */
function read(app, id, me) {
  const book = visibleBook(app, id, me);
  if (!book) return { found: false, message: MSG_NOT_PUBLIC, share: MISSING_SHARE };
  const { toArray } = require(`${__hooks}/lib/records.js`);
  const s = summary(app, book);
  const ids = toArray(book.get('cardInfo')).slice(0, PUBLIC_CARDS_MAX);
  const found = ids.length ? app.findRecordsByIds('photoCards', ids) : [];
  const byId = {};
  for (const c of found) byId[c.id] = c;
  const cards = [];
  for (const cid of ids) if (byId[cid]) cards.push(cardRow(byId[cid]));
  const wants = wantsOf(app, s, me);
  const cover = book.getString('cover');
  return {
    found: true,
    id: book.id,
    title: book.getString('title'),
    owner: s.owner,
    group: s.groupName,
    cover: cover,
    isPublic: book.getBool('isPublic'),
    owned: s.owned,
    total: s.total,
    cards: cards,
    want: wants.want,
    wantCount: wants.wantCount,
    share: shareOf(
      book,
      s,
      toArray(book.get('cardInfo')).length,
      previewImage(cards, cover, s.logo),
    ),
  };
}

/**
 * The preview of the book at `id` for anyone (a crawler is nobody): the generic one unless the
 * book is public. Reads the book, its owner, group, a count over its cards and at most
 * PREVIEW_CARDS of them, each by primary key.
 */
function share(app, id) {
  const book = visibleBook(app, id, '');
  if (!book) return MISSING_SHARE;
  const { toArray } = require(`${__hooks}/lib/records.js`);
  const s = summary(app, book);
  const all = toArray(book.get('cardInfo'));
  const cover = book.getString('cover');
  const ids = all.slice(0, PREVIEW_CARDS);
  if (cover && ids.indexOf(cover) < 0) ids.push(cover);
  const found = ids.length ? app.findRecordsByIds('photoCards', ids) : [];
  const byId = {};
  for (const c of found) byId[c.id] = { id: c.id, cardImg: c.getString('cardImg') };
  const cards = [];
  for (const cid of ids) if (byId[cid]) cards.push(byId[cid]);
  return shareOf(book, s, all.length, previewImage(cards, cover, s.logo));
}

/** Text for an attribute or an element: nothing in it can close either. */
function escapeHtml(s) {
  return String(s)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The app's public origin: APP_URL, else PocketBase's own address (never the Host header). */
function origin(app) {
  const env = $os.getenv('APP_URL');
  return (env || app.settings().meta.appURL || '').replace(/\/+$/, '');
}

/**
 * `html` (the built index.html) with the book's title, description and share preview (the tags
 * the render server's pages carry, server/ssr/page.ts), and `noindex` for a book nobody may see.
 */
function withPreview(html, preview, base, path) {
  const abs = (p) => (/^https?:\/\//.test(p) ? p : base + p);
  const url = abs(path);
  const image = preview.image ? abs(preview.image) : '';
  const title = escapeHtml(preview.title);
  const description = escapeHtml(preview.description);
  const meta = [
    ...(preview.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${SITE}" />`,
    '<meta property="og:locale" content="ko_KR" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(image)}" />`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    ...(image ? [`<meta name="twitter:image" content="${escapeHtml(image)}" />`] : []),
  ].join('\n    ');
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `    ${meta}\n  </head>`);
}

/**
 * Serves the plain shell (index.html of the public dir) for /publicBook/{id} with the book's
 * preview. A 200 for any id, as the rendered page answers: the page's not-found card is an
 * answer, and a 404 document is a console error in the visitor's browser; `noindex` keeps it out
 * of search. Returns undefined when there is no shell to serve (the caller goes on as for any
 * path).
 */
function shell(e, id) {
  const dir = require(`${__hooks}/lib/static.js`).publicDir();
  let html;
  try {
    const raw = $os.readFile(`${dir}/index.html`);
    html = typeof raw === 'string' ? raw : toString(raw);
  } catch {
    return undefined;
  }
  const preview = share(e.app, id);
  const header = e.response.header();
  header.set('Cache-Control', 'no-cache');
  header.add('Vary', 'Accept-Encoding');
  const path = `/publicBook/${encodeURIComponent(id)}`;
  // e.html answers an error, or nothing once the page is written: either way the request is
  // handled (undefined would send the caller on to the shell, appended to this page)
  const err = e.html(200, withPreview(html, preview, origin(e.app), path));
  return err || null;
}

module.exports = { MSG_NOT_PUBLIC, PUBLIC_CARDS_MAX, WANT_MAX, read, share, shell, withPreview };
