/// <reference path="../pb_data/types.d.ts" />
/**
 * Headers for the built app that PocketBase serves from dist/ (--publicDir):
 * - the manifest as application/manifest+json (Go does not know the .webmanifest extension);
 * - hashed build assets cached for a year (their names change with their content);
 * - the worker, the manifest and the HTML shell revalidated on every load, so a new version is
 *   noticed at once.
 * Go's file server keeps a Content-Type that is already set, so setting it before e.next() wins.
 */
routerUse((e) => {
  const path = e.request.url.path;
  if (path.indexOf('/api/') === 0 || path.indexOf('/_/') === 0) return e.next();
  const header = e.response.header();
  if (path === '/manifest.webmanifest') {
    header.set('Content-Type', 'application/manifest+json');
    header.set('Cache-Control', 'no-cache');
  } else if (path.indexOf('/assets/') === 0) {
    header.set('Cache-Control', 'public, max-age=31536000, immutable');
  } else if (path === '/sw.js' || path.indexOf('/workbox-') === 0 || path.indexOf('.') < 0) {
    header.set('Cache-Control', 'no-cache');
  }
  return e.next();
});
