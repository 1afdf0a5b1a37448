/**
 * The built app that PocketBase serves from dist/ (--publicDir: apis.Static on `/{path...}`, with
 * the index.html fallback for unknown paths):
 *
 * - Navigations (GET, no extension in the last path segment) go to the server-rendered first
 *   screens first (lib/ssr.js); when that declines, the shell (index.html) is served.
 * - Precompressed copies: the build writes `file.br` (brotli) and `file.gz` (gzip) beside each text
 *   file (server/build/precompress.ts). When the request accepts one (Accept-Encoding, q=0
 *   honoured, brotli first on a tie) and it exists, it is sent from here with e.fileFS, which is
 *   Go's http.ServeContent (Last-Modified, If-None-Match/If-Modified-Since -> 304, HEAD, Range;
 *   no Content-Length once Content-Encoding is set, so larger files go out chunked), with
 *   `Content-Encoding`, the original file's Content-Type and an ETag of the copy's size and time.
 *   Otherwise the request goes on to apis.Static with the same headers already set (Go's file
 *   server keeps a Content-Type that is set, so ours wins; the manifest is
 *   application/manifest+json, an extension Go does not know).
 * - `Vary: Accept-Encoding` on every text file and the shell; hashed build files (/assets/*)
 *   cached for a year (their names change with their content), and a missing one is a 404 rather
 *   than the shell under that cache; the worker, workbox, the manifest and the HTML shell
 *   revalidated on every load (`no-cache`), so a new version is noticed at once.
 *
 * api.pb.js's router middleware calls `serve` for every request outside /api/ and /_/; images
 * outside /assets/ return before any file system work. The public dir is PocketBase's own --publicDir flag (there is no JS global
 * for it); without the flag, PocketBase's default, pb_public beside the executable.
 * apis.Static: https://github.com/pocketbase/pocketbase/blob/master/apis/base.go
 */
/** The public dir: PocketBase's --publicDir flag, else its default (pb_public by the executable). */
function publicDir() {
  const args = $os.args;
  let dir = '';
  for (let i = 1; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--publicDir') dir = args[i + 1] || '';
    else if (arg.indexOf('--publicDir=') === 0) dir = arg.slice(12);
  }
  return dir || $filepath.join(args[0], '../pb_public');
}

function serve(e) {
  const path = e.request.url.path;
  const method = e.request.method;
  if ((method !== 'GET' && method !== 'HEAD') || path.indexOf('..') >= 0) return e.next();

  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  const navigation = dot < slash;
  // `/index.html` is the shell itself: the service worker precaches it and answers every
  // navigation with it. apis.Static would redirect it to `/`, which is the server-rendered home
  // screen: the worker would then keep the home page's markup as the shell, and every other route
  // opened through it would hydrate against the wrong screen (docs/first-visit.md, The shell).
  const shellFile = path === '/index.html';

  if (navigation && method === 'GET') {
    const handled = require(`${__hooks}/lib/ssr.js`).serve(e);
    if (handled !== undefined) return handled;
  }

  // the file that answers, relative to the public dir, and its type when it is text
  let name = 'index.html';
  let type = 'text/html; charset=utf-8';
  if (!navigation && !shellFile) {
    name = path.slice(1);
    switch (path.slice(dot + 1)) {
      case 'js':
      case 'mjs':
        type = 'text/javascript; charset=utf-8';
        break;
      case 'css':
        type = 'text/css; charset=utf-8';
        break;
      case 'html':
        break;
      case 'svg':
        type = 'image/svg+xml';
        break;
      case 'webmanifest':
        type = 'application/manifest+json';
        break;
      case 'json':
        type = 'application/json';
        break;
      case 'txt':
        type = 'text/plain; charset=utf-8';
        break;
      default:
        type = ''; // images, fonts: compressed formats, served as they are
    }
  }
  const hashed = !navigation && path.indexOf('/assets/') === 0;
  if (!type && !hashed) return e.next();
  const cache = hashed
    ? 'public, max-age=31536000, immutable'
    : type === 'text/html; charset=utf-8' ||
        path === '/manifest.webmanifest' ||
        path === '/sw.js' ||
        path.indexOf('/workbox-') === 0
      ? 'no-cache'
      : '';

  const dir = publicDir();
  const header = e.response.header();

  // Accept-Encoding: the q-values of br and gzip (RFC 9110, section 12.5.3); -1 = not listed.
  // apis.Static redirects /index.html and paths with a trailing slash: those are left to it.
  let br = -1;
  let gzip = -1;
  const accept = type ? e.request.header.get('Accept-Encoding') : '';
  if (
    accept &&
    !(!navigation && !shellFile && path.slice(slash + 1) === 'index.html') &&
    !(path.length > 1 && slash === path.length - 1)
  ) {
    let any = -1;
    const codings = accept.toLowerCase().split(',');
    for (let i = 0; i < codings.length; i++) {
      const params = codings[i].split(';');
      const coding = params[0].trim();
      let q = 1;
      for (let j = 1; j < params.length; j++) {
        const param = params[j].trim();
        if (param.indexOf('q=') === 0) {
          q = parseFloat(param.slice(2));
          if (!(q >= 0)) q = 0;
        }
      }
      if (coding === 'br') br = q;
      else if (coding === 'gzip' || coding === 'x-gzip') gzip = q;
      else if (coding === '*') any = q;
    }
    if (br < 0) br = any;
    if (gzip < 0) gzip = any;
  }

  if (br > 0 || gzip > 0) {
    let shell = true;
    // a navigation to something that exists (a folder of the build) is apis.Static's to answer
    if (navigation && path !== '/') {
      try {
        $os.stat(dir + path);
        shell = false;
      } catch {
        // not in the build: the shell
      }
    }
    const order = br >= gzip ? ['br', 'gzip'] : ['gzip', 'br'];
    for (let i = 0; shell && i < order.length; i++) {
      const encoding = order[i];
      if ((encoding === 'br' ? br : gzip) <= 0) continue;
      const variant = name + (encoding === 'br' ? '.br' : '.gz');
      let info;
      try {
        info = $os.stat(dir + '/' + variant);
      } catch {
        continue; // not precompressed (too small to gain): the plain file
      }
      if (info.isDir()) continue;
      if (cache) header.set('Cache-Control', cache);
      header.set('Content-Type', type);
      header.add('Vary', 'Accept-Encoding'); // after CORS's Vary: Origin
      header.set('Content-Encoding', encoding);
      header.set(
        'ETag',
        `"${info.size().toString(36)}-${info.modTime().unixMilli().toString(36)}-${encoding}"`,
      );
      // as apis.Static does for its files: no activity-log row per successful file request
      e.set('__skipSuccessActivityLogger', true);
      try {
        return e.fileFS($os.dirFS(dir), variant);
      } catch {
        // gone since the stat (a new build being written): the plain file instead
        header.del('Content-Encoding');
        header.del('ETag');
      }
    }
  }

  // A hashed file that is not in the build (an old page asking for a chunk of the previous
  // version) is a 404, never the shell under a year-long cache.
  if (hashed) {
    try {
      $os.stat(dir + path);
    } catch {
      throw new NotFoundError();
    }
  }
  if (cache) header.set('Cache-Control', cache);
  if (type) {
    header.set('Content-Type', type);
    header.add('Vary', 'Accept-Encoding');
  }
  if (shellFile) {
    e.set('__skipSuccessActivityLogger', true);
    return e.fileFS($os.dirFS(dir), name);
  }
  return e.next();
}

module.exports = { publicDir, serve };
