/**
 * The bulk catalogue import (docs/operators.md, Bulk import):
 *
 * - `photoCards.key`: the card's stable id in the operator's own catalogue (the CSV's `key`), at
 *   most 100 characters, unique where not empty (cards made in the console or by the seed have
 *   none). An import finds the card a row describes by it.
 * - `photoCards.release`: the release (album, season's greetings, ...) the card came with.
 * - `photoCards.importHash`, hidden: the content hash of the row and its images that last wrote the
 *   card (pb_hooks/lib/catalogue-import-rows.js), so a row that has not changed is skipped without
 *   uploading its images again. Only the import writes it (pb_hooks/lib/protected-fields.js).
 * - the rate limits of the import routes.
 */
const RATE_RULES = [
  // the console's import: a few hundred rows a request, a dry run first (docs/operators.md)
  { label: '/api/pocamarket/admin/catalogue-import', audience: '', duration: 600, maxRequests: 20 },
  // the command line's chunks (superusers only, whom the limiter exempts): a bound for the rest
  { label: '/api/pocamarket/catalogue-import/', audience: '', duration: 10, maxRequests: 60 },
];

const KEY_INDEX =
  "CREATE UNIQUE INDEX `idx_photoCards_key` ON `photoCards` (`key`) WHERE `key` != ''";

migrate(
  (app) => {
    const cards = app.findCollectionByNameOrId('photoCards');
    cards.fields.add(new TextField({ name: 'key', max: 100 }));
    cards.fields.add(new TextField({ name: 'release', max: 200 }));
    cards.fields.add(new TextField({ name: 'importHash', max: 200, hidden: true }));
    cards.indexes.push(KEY_INDEX);
    app.save(cards);

    const settings = app.settings();
    const labels = RATE_RULES.map((r) => r.label);
    const rules = settings.rateLimits.rules.filter((r) => labels.indexOf(r.label) < 0);
    unmarshal({ rateLimits: { rules: RATE_RULES.concat(rules) } }, settings);
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    const labels = RATE_RULES.map((r) => r.label);
    unmarshal(
      {
        rateLimits: { rules: settings.rateLimits.rules.filter((r) => labels.indexOf(r.label) < 0) },
      },
      settings,
    );
    app.save(settings);
    const cards = app.findCollectionByNameOrId('photoCards');
    cards.indexes = /** @type {any} */ (
      cards.indexes.filter((/** @type {string} */ i) => i !== KEY_INDEX)
    );
    for (const f of ['key', 'release', 'importHash']) cards.fields.removeByName(f);
    app.save(cards);
  },
);
