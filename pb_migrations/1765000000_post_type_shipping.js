/**
 * exchangeList: the terms of a post, as fans trade on X (docs/data-model.md, `exchangeList`;
 * docs/product-rules.md, Exchange posts):
 *
 * - `postType`: 교환 (`exchange`), 양도 (`sell`) or 구함 (`want`). Not required by the schema: a
 *   post queued offline by an older app version carries none, and the hook (lib/post-terms.js)
 *   stores it as `exchange`; existing rows are backfilled to `exchange` here.
 * - `price`: whole won, 0–10,000,000; a 양도 post needs at least 100, others 0 (the hook).
 * - `shipping`: 준등기 (`semi`), 반값택배 (`half`), 일반택배 (`parcel`), 직거래 (`meet`), any of them.
 * - `cvs`: the 반값택배 chain, GS25 (`gs25`), CU (`cu`), 세븐일레븐 (`seven`); only with `half`.
 * - `meetPlace`: where to meet, only with `meet`, at most 40 characters.
 * - `photos`: up to 3 pictures of the real card and its packing, 5 MB each, public like the post;
 *   checked by their bytes and pixel size like every upload (pb_hooks/uploads.pb.js). Thumbs: a
 *   square crop for the list, two fits for the image viewer.
 *
 * The backfill leaves `updated` alone: devices that hold a copy read a missing type as `exchange`,
 * so no device pulls every post again for it.
 */
const MB = 1024 * 1024;

migrate(
  (app) => {
    const posts = app.findCollectionByNameOrId('exchangeList');
    posts.fields.add(
      new SelectField({ name: 'postType', maxSelect: 1, values: ['exchange', 'sell', 'want'] }),
    );
    posts.fields.add(new NumberField({ name: 'price', onlyInt: true, min: 0, max: 10000000 }));
    posts.fields.add(
      new SelectField({
        name: 'shipping',
        maxSelect: 4,
        values: ['semi', 'half', 'parcel', 'meet'],
      }),
    );
    posts.fields.add(
      new SelectField({ name: 'cvs', maxSelect: 1, values: ['gs25', 'cu', 'seven'] }),
    );
    posts.fields.add(new TextField({ name: 'meetPlace', max: 40 }));
    posts.fields.add(
      new FileField({
        name: 'photos',
        maxSelect: 3,
        maxSize: 5 * MB,
        mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
        thumbs: ['160x160', '720x720f', '1280x1280f'],
        protected: false,
      }),
    );
    app.save(posts);
    app
      .db()
      .newQuery("UPDATE exchangeList SET postType = 'exchange' WHERE postType = ''")
      .execute();
  },
  (app) => {
    const posts = app.findCollectionByNameOrId('exchangeList');
    for (const name of ['postType', 'price', 'shipping', 'cvs', 'meetPlace', 'photos']) {
      posts.fields.removeByName(name);
    }
    app.save(posts);
  },
);
