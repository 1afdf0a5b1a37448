/**
 * Server-rendered first screens (see docs/first-visit.md): a navigation to one of the app's main
 * routes is answered with the HTML the render server (server/ssr/) made for it, whose address the
 * launcher passes in SSR_URL. The caller, lib/static.js, hands every GET navigation (a path outside
 * /api and /_/ with no file extension) to serve(e). The visitor's address goes along, so the
 * renderer can bound how many pages one visitor makes it draw fresh; past that bound it answers
 * 429 and the visitor gets the shell.
 *
 * Returns undefined when the request is not for the render server, or it is not running, slow or
 * failing: the caller then serves the plain shell (index.html) and the client renders on its own,
 * so a fan never gets a broken page. Otherwise it returns what the caller must return (null once
 * the page is sent). A public collect book's address (/publicBook/{id}) never falls back to the
 * bare shell: its shell carries the book's own title and share preview, read from the database
 * (lib/public-book.js), so a shared link previews the book however the page was answered.
 */
// exactly as the app links them (src/entry-server.tsx RENDERED_PATHS): other letter case is the
// shell, never one more page to draw
const RENDERED = [
  /^\/$/,
  /^\/exchange$/,
  /^\/exchangeDetail\/[a-z0-9]{15}$/,
  /^\/meetup$/,
  /^\/meetupDetail\/[a-z0-9]{15}$/,
  /^\/publicBook\/[a-z0-9]{15}$/,
];
/** A public book's address, any id (one that is no id gets the generic preview). */
const BOOK = /^\/publicBook\/([^/]+)$/;

/** Whether `ip` is one the operator exempted from rate limits (its fresh renders are not counted). */
function exempt(ip) {
  return require(`${__hooks}/lib/limits.js`).isExcluded($app, ip);
}

/**
 * How long a render is waited for, in seconds: 4, or SSR_TIMEOUT_SECONDS (1 to 60; the tests
 * wait longer, so a loaded machine's slow render is not taken for a missing one).
 */
function renderWait() {
  const n = Number($os.getenv('SSR_TIMEOUT_SECONDS'));
  return n >= 1 && n <= 60 ? Math.floor(n) : 4;
}

/** The render server's page for the request, or undefined (see above). */
function rendered(e) {
  const base = $os.getenv('SSR_URL');
  if (!base) return undefined;
  const path = e.request.url.path;
  if (!RENDERED.some((re) => re.test(path))) return undefined;
  const query = e.request.url.rawQuery;
  const ip = e.realIP();
  let res;
  try {
    res = $http.send({
      url: `${base}/render?url=${encodeURIComponent(query ? `${path}?${query}` : path)}`,
      method: 'GET',
      headers: {
        'accept-encoding': e.request.header.get('Accept-Encoding') || 'identity',
        // the renderer bounds the pages it draws fresh per visitor (server/ssr/main.ts)
        'x-client-address': ip && !exempt(ip) ? ip : '',
      },
      timeout: renderWait(),
    });
  } catch {
    return undefined;
  }
  if (res.statusCode !== 200 && res.statusCode !== 404) return undefined;
  const first = (res.headers['X-First-Screen'] || [])[0];
  if (first !== '1') return undefined;
  const header = e.response.header();
  const coding = (res.headers['Content-Encoding'] || [])[0];
  if (coding) header.set('Content-Encoding', coding);
  header.add('Vary', 'Accept-Encoding');
  header.set('Cache-Control', 'no-cache');
  // e.blob answers an error, or nothing once the page is written; either way the request is
  // handled, and the caller must not go on to the shell (that would append it to the page).
  const err = e.blob(res.statusCode, 'text/html; charset=utf-8', res.body);
  return err || null;
}

module.exports = {
  serve(e) {
    const page = rendered(e);
    if (page !== undefined) return page;
    const book = BOOK.exec(e.request.url.path);
    return book ? require(`${__hooks}/lib/public-book.js`).shell(e, book[1]) : undefined;
  },
};
