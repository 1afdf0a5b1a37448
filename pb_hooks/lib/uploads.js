/**
 * Uploaded files (used by pb_hooks/uploads.pb.js): what their bytes are, the name they are stored
 * and served under, and how much each user may upload a day. See docs/files.md.
 *
 * - Every file sent to a file field must be a PNG, JPEG, WEBP or GIF by its first bytes (its
 *   name and the client's content type are ignored). It is stored under PocketBase's generated
 *   name with the extension of what it is (`.png`, `.jpg`, `.webp`, `.gif`): PocketBase picks the
 *   served Content-Type partly from the extension (`.js`/`.mjs` as script, `.css` as CSS), so a
 *   GIF named `x.js` would otherwise be served from our origin as JavaScript.
 * - Its size in pixels, read from its header (lib/image-size.js), must be within the bound there:
 *   a few KB of header can declare a canvas whose thumbnail takes gigabytes to decode.
 * - Fans' uploads are counted per user, per kind and per day (Korean calendar day) in the
 *   `uploadLog` collection: one row per stored file, written in the transaction that stores the
 *   record, so a refused or rolled-back request counts nothing and six parallel requests can't
 *   all slip under the limit. Deleting a record gives nothing back: the quota bounds what a user
 *   can make the server write in a day, not what they keep.
 *
 * The pure parts (`sniffImage`, `storedName`, `dayStart`, `quotaProblem`) are exported for tests.
 */

const MB = 1024 * 1024;

/**
 * Daily upload quotas of a signed-in user, per kind of upload (superusers are exempt), the one
 * place they are set. Chosen so that ordinary use never comes near them while one account can't
 * fill the disk: a fan sends a few reports a day (one image each, at most 5 MB), changes their
 * avatar a few times (at most 2 MB) and makes a few collect books (a cover of at most 5 MB each).
 * A busy fan after an event, ten reports of 5 MB phone photos, still fits; so do five avatar
 * changes and eight covers of the largest size. Chat photos have the largest share: forty 5 MB
 * photos a day still fit; exchange posts' photos, thirty of 5 MB; trade proposals' photos (a
 * proposal or counter-proposal carries up to three), twenty of 5 MB. Worst case per account and
 * day: 560 MB.
 */
const QUOTAS = {
  informUs: { files: 20, bytes: 60 * MB, what: '제보 이미지를' },
  users: { files: 10, bytes: 10 * MB, what: '프로필 사진을' },
  collectBook: { files: 20, bytes: 40 * MB, what: '콜렉트북 표지를' },
  // chat photos (docs/trades.md): a fan showing cards in a few threads a day, 5 MB phone photos
  messages: { files: 100, bytes: 200 * MB, what: '채팅 사진을' },
  // exchange posts' photos (docs/product-rules.md, Exchange posts): 30 posts a day of 3 photos
  exchangeList: { files: 90, bytes: 150 * MB, what: '교환 글 사진을' },
  // trade proposals' photos (docs/trades.md, Photos): 20 proposals a day of 3 photos
  trades: { files: 60, bytes: 100 * MB, what: '교환 제안 사진을' },
};

/**
 * A guest's sign-up avatar is uploaded before there is an account to charge: counted per client
 * address and day instead. A venue's Wi-Fi puts many fans behind one address, so it is twice one
 * fan's avatar quota; most sign-ups add no avatar at all.
 */
const GUEST_QUOTA = { bucket: 'users:guest', files: 20, bytes: 20 * MB, what: '프로필 사진을' };

/** Log rows older than this are deleted when the same user uploads again. */
const LOG_KEEP_MS = 2 * 24 * 60 * 60 * 1000;

/** Korea has no daylight saving time: a day there starts at 15:00 UTC of the day before. */
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const IMAGE_MIME = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const EXTENSION = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/gif': '.gif',
};

// A non-image is answered exactly as PocketBase answers a file type its field doesn't allow
// (English here, put into Korean with every other PocketBase answer by api.pb.js and
// lib/errors-ko.js: "지원하지 않는 파일 형식입니다. (허용: image/png, ...)"), so the app and API
// callers read one answer whichever check met the file first.
const MSG_NOT_IMAGE = `The file mime type must be one of: ${IMAGE_MIME.join(', ')}.`;
const CODE_NOT_IMAGE = 'validation_invalid_mime_type';
const CODE_QUOTA = 'validation_upload_quota';
const CODE_IMAGE_SIZE = 'validation_image_size';
const MSG_IMAGE_TOO_LARGE =
  '이미지가 너무 큽니다. 2,500만 화소(한 변 12,000픽셀)까지 올릴 수 있어요. 크기를 줄여 다시 올려주세요.';
const MSG_IMAGE_UNREADABLE = '이미지 크기를 읽을 수 없습니다. 다른 이미지를 올려주세요.';

/**
 * Why an image of `size` (lib/image-size.js, from its header) is refused, or '' when it is
 * within the bound: too large, or a header the size can't be read from (a JPEG whose frame
 * header lies past its first 256 KB, a truncated file).
 */
function sizeProblem(size) {
  if (!size) return MSG_IMAGE_UNREADABLE;
  return require(`${__hooks}/lib/image-size.js`).withinBound(size) ? '' : MSG_IMAGE_TOO_LARGE;
}

function startsWith(bytes, prefix, offset) {
  const at = offset || 0;
  if (bytes.length < at + prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    if ((bytes[at + i] & 0xff) !== prefix[i]) return false;
  }
  return true;
}

const ascii = (s) => s.split('').map((c) => c.charCodeAt(0));

/** The image type of a file's first bytes ('image/png', ...), or '' for anything else. */
function sniffImage(bytes) {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return '';
}

/**
 * The name a file of type `mime` is stored under: PocketBase's generated name (a normalised
 * base, a random suffix, the client's extension) with the extension of what the bytes are.
 */
function storedName(generated, mime) {
  const name = String(generated || '');
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return base + EXTENSION[mime];
}

/** The start of the Korean calendar day holding `nowMs`, in ms since the epoch (UTC). */
function dayStart(nowMs) {
  return Math.floor((nowMs + KST_OFFSET_MS) / DAY_MS) * DAY_MS - KST_OFFSET_MS;
}

/** A time as PocketBase stores datetimes ("2026-01-02 03:04:05.678Z"), for comparisons in SQL. */
function pbTime(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
}

/**
 * Whether uploading `adding` ({files, bytes}) on top of `used` goes over `quota`: the Korean
 * message when it does, else ''.
 */
function quotaProblem(quota, used, adding) {
  if (used.files + adding.files <= quota.files && used.bytes + adding.bytes <= quota.bytes)
    return '';
  return (
    `오늘은 ${quota.what} 더 올릴 수 없습니다. ` +
    `하루에 ${quota.files}개, ${Math.round(quota.bytes / MB)}MB까지 올릴 수 있어요. ` +
    '내일 다시 시도해주세요.'
  );
}

/** The files of this request: [{ field, maxSize, file }] (Go slices read into JS). */
function uploadsOf(record) {
  const out = [];
  const fields = record.collection().fields;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    if (f.type() !== 'file') continue;
    const name = f.getName();
    const files = record.getUnsavedFiles(name) || [];
    for (let j = 0; j < files.length; j++)
      out.push({ field: name, maxSize: f.maxSize, file: files[j] });
  }
  return out;
}

/** The first bytes of an upload: its type's signature and, for the size bound, its header. */
function readHead(file, bytes) {
  const reader = file.reader.open();
  try {
    return toBytes(reader, bytes);
  } finally {
    reader.close();
  }
}

/**
 * Checks every file uploaded with this request and renames it to its type's extension; a file
 * that is not one of the four image types is refused with a 400 (nothing stored). Returns the
 * uploads as [{ field, size }].
 */
function checkFiles(record, isCreate) {
  const uploads = uploadsOf(record);
  const bad = {};
  let refused = false;
  for (const u of uploads) {
    // too big: PocketBase refuses it with its own size message, which says more
    if (u.maxSize > 0 && u.file.size > u.maxSize) continue;
    const images = require(`${__hooks}/lib/image-size.js`);
    const head = readHead(u.file, images.HEAD_BYTES);
    const mime = sniffImage(head);
    if (!mime) {
      bad[u.field] = new ValidationError(CODE_NOT_IMAGE, MSG_NOT_IMAGE);
      refused = true;
      continue;
    }
    // its size from its header, before PocketBase ever decodes it for a thumbnail
    const problem = sizeProblem(images.imageSize(head, mime));
    if (problem) {
      bad[u.field] = new ValidationError(CODE_IMAGE_SIZE, problem);
      refused = true;
      continue;
    }
    u.file.name = storedName(u.file.name, mime);
  }
  if (refused) {
    // PocketBase's own top-level wording too (translated the same way)
    throw new BadRequestError(
      isCreate ? 'Failed to create record.' : 'Failed to update record.',
      bad,
    );
  }
  return uploads.map((u) => ({ field: u.field, size: u.file.size }));
}

/**
 * Files and bytes `owner` stored in `bucket` since `sinceMs`, as the log has them. `owner` is a
 * user id, or `{ address }` for a guest's uploads.
 */
function usedSince(app, owner, bucket, sinceMs) {
  const row = new DynamicModel({ files: 0, bytes: 0 });
  const column = typeof owner === 'string' ? 'user' : 'address';
  app
    .db()
    .newQuery(
      'SELECT COUNT(*) AS files, COALESCE(SUM(size), 0) AS bytes FROM uploadLog ' +
        `WHERE ${column} = {:owner} AND bucket = {:bucket} AND created >= {:since}`,
    )
    .bind({
      owner: typeof owner === 'string' ? owner : owner.address,
      bucket: bucket,
      since: pbTime(sinceMs),
    })
    .one(row);
  return { files: row.files, bytes: row.bytes };
}

/**
 * Refuses the uploads when they would take `userId` (or a guest's `{ address }`: GUEST_QUOTA)
 * over the day's quota of `bucket`, else logs them. Run inside the write transaction (see lib/records.js inTransaction), so the check and the
 * log are one step.
 *
 * The refusal is a 400 with the Korean message (field code `validation_upload_quota`), not a 429:
 * the app's outbox retries a 429 every few seconds, which would re-send megabytes of images all
 * day; a 400 is final, so the change waits among the fan's failed changes, to be sent again by
 * hand (tomorrow).
 */
function chargeQuota(app, userId, bucket, recordId, uploads) {
  const guest = typeof userId !== 'string';
  const quota = guest ? GUEST_QUOTA : QUOTAS[bucket];
  if (!quota || !uploads.length) return;
  if (guest) bucket = GUEST_QUOTA.bucket;
  const now = Date.now();
  const adding = { files: uploads.length, bytes: 0 };
  for (const u of uploads) adding.bytes += u.size;
  const message = quotaProblem(quota, usedSince(app, userId, bucket, dayStart(now)), adding);
  if (message) {
    const data = {};
    for (const u of uploads) data[u.field] = new ValidationError(CODE_QUOTA, message);
    throw new BadRequestError(message, data);
  }
  app
    .db()
    .newQuery(
      `DELETE FROM uploadLog WHERE ${guest ? 'address' : 'user'} = {:owner} AND created < {:old}`,
    )
    .bind({ owner: guest ? userId.address : userId, old: pbTime(now - LOG_KEEP_MS) })
    .execute();
  const log = app.findCollectionByNameOrId('uploadLog');
  for (const u of uploads) {
    const row = new Record(log);
    if (guest) row.set('address', userId.address);
    else row.set('user', userId);
    row.set('bucket', bucket);
    row.set('record', recordId);
    row.set('field', u.field);
    row.set('size', u.size);
    app.save(row);
  }
}

/** Every collection with a file field (the hooks are registered for these). */
const FILE_COLLECTIONS = [
  'groups',
  'photoCards',
  'collectBook',
  'meetUps',
  'informUs',
  'users',
  'messages',
  'exchangeList',
  'trades',
];

/**
 * A create or update request of a collection with file fields: checks and renames its files,
 * then, for a signed-in user's counted upload, runs the rest of the request in one transaction
 * with the quota check and log.
 */
function handleRequest(e, isCreate) {
  const uploads = checkFiles(e.record, isCreate);
  const bucket = e.collection.name;
  if (!uploads.length || !QUOTAS[bucket] || e.hasSuperuserAuth()) return e.next();
  // a guest's sign-up (an avatar before any account exists): charged to their address
  const userId = e.auth ? e.auth.id : { address: e.realIP() };
  require(`${__hooks}/lib/records.js`).inTransaction(e, null, (txApp) =>
    chargeQuota(txApp, userId, bucket, e.record.id, uploads),
  );
}

module.exports = {
  FILE_COLLECTIONS,
  handleRequest,
  QUOTAS,
  GUEST_QUOTA,
  IMAGE_MIME,
  CODE_QUOTA,
  CODE_NOT_IMAGE,
  CODE_IMAGE_SIZE,
  MSG_NOT_IMAGE,
  MSG_IMAGE_TOO_LARGE,
  MSG_IMAGE_UNREADABLE,
  sniffImage,
  storedName,
  dayStart,
  pbTime,
  quotaProblem,
  checkFiles,
  chargeQuota,
};
