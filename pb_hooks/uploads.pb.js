/**
 * Uploads (lib/uploads.js, docs/files.md), on every create and update request of a collection
 * with file fields, batched ones (`/api/batch`, the offline outbox) included:
 *
 *  - each uploaded file must be a PNG, JPEG, WEBP or GIF by its bytes, and is stored under a name
 *    with that type's extension, whatever name the client sent (superusers too: what the origin
 *    serves must never be a script or a stylesheet);
 *  - its size in pixels, read from its header, must be within the bound of lib/image-size.js
 *    (25 million pixels, 12,000 on a side), guests' avatars and superusers' files too: PocketBase
 *    decodes the whole image for a thumbnail;
 *  - a signed-in user's reports, avatar and collect-book covers count against their daily quota,
 *    checked and logged in the same transaction as the record (superusers are exempt).
 *
 * Registered after guards.pb.js's checks (file order), so a refused replay or a protected field
 * is answered before any file is read.
 */
onRecordCreateRequest(
  (e) => require(`${__hooks}/lib/uploads.js`).handleRequest(e, true),
  ...require(`${__hooks}/lib/uploads.js`).FILE_COLLECTIONS,
);

onRecordUpdateRequest(
  (e) => require(`${__hooks}/lib/uploads.js`).handleRequest(e, false),
  ...require(`${__hooks}/lib/uploads.js`).FILE_COLLECTIONS,
);

// Thumbnails (lib/thumbs.js): an original over the size bound, or one whose thumbnail failed
// once, is served as it is instead of being decoded on every `?thumb=` request (called by
// api.pb.js's router middleware).
