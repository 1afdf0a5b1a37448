/**
 * Thumbnails only of images the server can afford to decode (used by pb_hooks/api.pb.js's router middleware;
 * docs/files.md, Image size). PocketBase makes a `?thumb=WxH` rendition by decoding the whole
 * original, with no size check, and when that fails it keeps nothing and decodes again on the next
 * request. Before PocketBase sees a thumb request whose rendition does not exist yet, this reads
 * the original's header (lib/image-size.js): an image over the bound (stored before uploads were
 * checked, or put into storage by other means) is served as it is, never decoded; and an original
 * whose rendition could not be made once is served as it is from then on.
 *
 * The verdicts live in the app's shared store (one set for every JS VM of the process): only
 * originals that are refused are kept, so the set grows with bad files, not with the catalogue. A
 * restart forgets them: each is read (and, if within the bound, decoded) once more.
 */

const FILE_PATH = /^\/api\/files\/([^/]+)\/([a-z0-9]+)\/([^/]+)$/;
const MARK = 'pocamarket:noThumb:';

function readHead(fsys, key, bytes) {
  const reader = fsys.getReader(key);
  try {
    return toBytes(reader, bytes);
  } finally {
    reader.close();
  }
}

/** Drops `thumb` from the request: PocketBase then serves the original's bytes. */
function serveOriginal(e) {
  const query = e.request.url.query();
  query.del('thumb');
  e.request.url.rawQuery = query.encode();
}

/** Whether `thumb` is a rendition PocketBase makes for the file `filename` of `record`. */
function isThumbOf(collection, record, filename, thumb) {
  if (thumb === '100x100') return true; // PocketBase's default size, for every file field
  const fields = collection.fields;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    if (f.type() !== 'file') continue;
    if (record.getStringSlice(f.getName()).indexOf(filename) === -1) continue;
    return (f.thumbs || []).indexOf(thumb) !== -1;
  }
  return false;
}

/**
 * The middleware's work for GET /api/files/{collection}/{record}/{file}?thumb=… (the path's
 * parts in `m`): lets a made rendition or an unknown file through untouched.
 */
function guardThumb(e, m, thumb) {
  let collection;
  try {
    collection = e.app.findCachedCollectionByNameOrId(m[1]);
  } catch {
    return e.next();
  }
  const key = `${collection.id}/${m[2]}/${m[3]}`;
  const mark = MARK + key;
  const store = e.app.store();
  if (store.has(mark)) {
    serveOriginal(e);
    return e.next();
  }
  const thumbKey = `${collection.id}/${m[2]}/thumbs_${m[3]}/${thumb}_${m[3]}`;
  const images = require(`${__hooks}/lib/image-size.js`);
  const { sniffImage } = require(`${__hooks}/lib/uploads.js`);
  let fsys = e.app.newFilesystem();
  try {
    if (fsys.exists(thumbKey) || !fsys.exists(key)) return e.next();
    const head = readHead(fsys, key, images.HEAD_BYTES);
    const mime = sniffImage(head);
    if (mime && !images.withinBound(images.imageSize(head, mime))) {
      store.set(mark, true);
      serveOriginal(e);
      return e.next();
    }
  } finally {
    fsys.close();
  }
  e.next();
  // a rendition PocketBase should have made and didn't: it decoded and failed, and would again
  let record;
  try {
    record = e.app.findRecordById(collection.id, m[2]);
  } catch {
    return;
  }
  if (!isThumbOf(collection, record, m[3], thumb)) return;
  fsys = e.app.newFilesystem();
  try {
    if (!fsys.exists(thumbKey)) store.set(mark, true);
  } finally {
    fsys.close();
  }
}

/** The router middleware: only thumb requests of files are looked at. */
function thumbMiddleware(e) {
  const thumb = e.request.url.query().get('thumb');
  if (!thumb || e.request.method !== 'GET') return e.next();
  const m = FILE_PATH.exec(e.request.url.path);
  if (!m) return e.next();
  return guardThumb(e, m, thumb);
}

module.exports = { thumbMiddleware };
