/// <reference path="../pb_data/types.d.ts" />
/**
 * Gzip for API responses: record lists are JSON that compresses about 6:1 (a first sync of 5,000
 * cards is 2.3 MB raw, about 0.35 MB gzipped), which matters on a phone's data plan at an event.
 * Files (/api/files/, images that are compressed already) and the realtime stream are left alone.
 */
routerUse((e) => {
  const path = e.request.url.path;
  if (
    path.indexOf('/api/') !== 0 ||
    path.indexOf('/api/files/') === 0 ||
    path === '/api/realtime'
  ) {
    return e.next();
  }
  return $apis.gzip().func(e);
});
