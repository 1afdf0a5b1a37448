/**
 * Server-rendered first screens (see docs/first-visit.md): a navigation to one of the app's main
 * routes is answered with the HTML the render server (server/ssr/) made for it. The caller,
 * the static middleware in static.pb.js, hands every GET navigation (a path outside /api and /_/
 * with no file extension) to serve(e).
 *
 * Returns undefined when the request is not for the render server (or it failed): the caller
 * then serves the plain shell (index.html) and the client renders on its own.
 */
module.exports = {
  serve(e) {
    return undefined;
  },
};
