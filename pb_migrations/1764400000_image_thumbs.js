/**
 * Thumb sizes for right-sized images (src/data/pb/files.ts builds the `srcset`s from the same
 * lists). All are fits (`WxHf`): PocketBase scales the image down to fit inside W×H, keeping its
 * aspect, and returns an unscaled copy when the source already fits, so a rendition is never an
 * upscale of what was uploaded. The older sizes stay listed, so URLs already cached on devices
 * keep answering with the same bytes.
 *
 * - photoCards.cardImg: 160–960 wide (height bound 2× the width: the width binds for portrait
 *   cards), for boxes of 100–320 px at 1x–3x;
 * - meetUps.eventImg: 480–1200 wide, each fitting a 3:2 box as the carousel shows them whole;
 * - groups.logoImage: 32, 64, 96 square boxes, for the 20 and 28 px logo circles;
 * - meetUps.artistImg: 48, 80, 120 square boxes, for the 40 px circle of a meetup list item.
 *
 * @type {Array<[collection: string, field: string, sizes: string[]]>}
 */
const ADDED = [
  ['photoCards', 'cardImg', ['160x320f', '320x640f', '480x960f', '640x1280f', '960x1920f']],
  ['meetUps', 'eventImg', ['480x320f', '720x480f', '960x640f', '1200x800f']],
  ['groups', 'logoImage', ['32x32f', '64x64f', '96x96f']],
  ['meetUps', 'artistImg', ['48x48f', '80x80f', '120x120f']],
];

/** A plain JS array of the field's thumb sizes (the field holds a Go slice). */
function thumbsOf(field) {
  const out = [];
  const list = field.thumbs || [];
  for (let i = 0; i < list.length; i++) out.push(String(list[i]));
  return out;
}

migrate(
  (app) => {
    for (const [collection, field, sizes] of ADDED) {
      const c = app.findCollectionByNameOrId(collection);
      const f = c.fields.getByName(field);
      const thumbs = thumbsOf(f);
      f.thumbs = thumbs.concat(sizes.filter((s) => thumbs.indexOf(s) < 0));
      app.save(c);
    }
  },
  (app) => {
    for (const [collection, field, sizes] of ADDED) {
      const c = app.findCollectionByNameOrId(collection);
      const f = c.fields.getByName(field);
      f.thumbs = thumbsOf(f).filter((s) => sizes.indexOf(s) < 0);
      app.save(c);
    }
  },
);
