/**
 * trades.photos: up to 3 pictures of the real card and its packing sent with a proposal or a
 * counter-proposal (docs/trades.md, Photos; docs/files.md, Protected files and file tokens).
 *
 * - Images only (PNG, JPEG, WEBP, GIF), 5 MB each, checked by their bytes and pixel size like
 *   every upload, and counted against the fan's daily quota (pb_hooks/uploads.pb.js).
 * - **Protected**: a trade is private to its two sides, so its files are served only with a file
 *   token of one of them (as a chat photo, `messages.image`); a third fan, an admin or a guest
 *   gets nothing.
 * - Set on create only: any later change of them is refused (pb_hooks/lib/trade-changes.js).
 * - Thumbs: `400x0`, the chat photo's rendition, for the trade page's thumbnails.
 */
const MB = 1024 * 1024;

migrate(
  (app) => {
    const trades = app.findCollectionByNameOrId('trades');
    trades.fields.add(
      new FileField({
        name: 'photos',
        maxSelect: 3,
        maxSize: 5 * MB,
        mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
        thumbs: ['400x0'],
        protected: true,
      }),
    );
    app.save(trades);
  },
  (app) => {
    const trades = app.findCollectionByNameOrId('trades');
    trades.fields.removeByName('photos');
    app.save(trades);
  },
);
