/**
 * The report queue, catalogue management and card merges, and the dashboard (docs/operators.md,
 * The report queue; Catalogue management; The dashboard):
 *
 * - `informUs` (a fan's 제보) gets its handling, all hook-kept (pb_hooks/admin-catalogue.pb.js; a
 *   fan's create may not set them): `status` (`open`, `published`, `rejected`; a new report is
 *   `open`, and so are the ones already there), `rejectReason` (the admin's words, at most 300),
 *   `publishedCard` / `publishedEvent` (the catalogue record it became), `handledBy` (the admin,
 *   not cascading: the report outlives the account) and `handledAt`. Indexes: (`status`,
 *   `created`) for the open queue and its count, (`created`) for the handled part.
 * - `photoCards` gets `hidden` (the client stops showing the card; it stays readable by the record
 *   API so devices learn it through the pull) and `mergedInto` (a merged card's survivor: the
 *   loser stays as a hidden redirect, pb_hooks/lib/card-merge.js and card-redirects.js), with a
 *   partial index for the redirects. A like of a merged card (queued on a device before the merge)
 *   is moved to the survivor by a trigger, with both counts, in the like's own statement: a like
 *   enters no hook VM (docs/scaling.md, Like storms). A later migration that drops or renames
 *   `photoCards.mergedInto`, `likes.photoCard` or `photoCards.likeCount` must drop it first. Admins (`users.role = "admin"`) now create and update cards and groups through the
 *   record API (deleting stays the superusers'); every such write is audited by the hooks.
 * - `exchangeList` gets an index on `created`, for the dashboard's posts of the day.
 * - `deadLetterCounts`, a table of its own that PocketBase does not manage (like the search
 *   index's): how many changes devices set aside as dead letters, per Korean calendar day and
 *   outbox kind, counted by POST /api/pocamarket/dead-letters (pb_hooks/admin-dashboard.pb.js).
 * - The rate limits of the admin routes and the dead-letter count.
 */
const ADMIN = '@request.auth.id != "" && @request.auth.role = "admin"';

const RATE_RULES = [
  // the console's reads and actions (queue pages, duplicates, publish, reject, merge, dashboard)
  { label: '/api/pocamarket/admin/', audience: '', duration: 10, maxRequests: 60 },
  // one call per dead letter a device sets aside (rare: a refusal for good)
  { label: '/api/pocamarket/dead-letters', audience: '', duration: 60, maxRequests: 30 },
];

const REPORT_INDEXES = [
  'CREATE INDEX `idx_informUs_status_created` ON `informUs` (`status`, `created`)',
  'CREATE INDEX `idx_informUs_created` ON `informUs` (`created`)',
];
const CARD_INDEX =
  "CREATE INDEX `idx_photoCards_mergedInto` ON `photoCards` (`mergedInto`) WHERE `mergedInto` != ''";
const POST_INDEX = 'CREATE INDEX `idx_exchangeList_created` ON `exchangeList` (`created`)';
const STAMP = "strftime('%Y-%m-%d %H:%M:%fZ', 'now')";
// the insert's own count trigger (1764850000_like_counters.js) has counted the loser: the like
// and its count move to the survivor (no clamp at 0: the two triggers may run in either order)
const LIKE_TRIGGER = `CREATE TRIGGER likes_merged_card AFTER INSERT ON likes
  WHEN (SELECT mergedInto FROM photoCards WHERE id = NEW.photoCard) != ''
  BEGIN
    UPDATE photoCards SET likeCount = likeCount - 1, updated = ${STAMP} WHERE id = NEW.photoCard;
    UPDATE photoCards SET likeCount = likeCount + 1, updated = ${STAMP}
      WHERE id = (SELECT mergedInto FROM photoCards WHERE id = NEW.photoCard);
    UPDATE likes SET photoCard = (SELECT mergedInto FROM photoCards WHERE id = NEW.photoCard),
      updated = ${STAMP} WHERE id = NEW.id;
  END`;

const REPORT_FIELDS = [
  'status',
  'rejectReason',
  'publishedCard',
  'publishedEvent',
  'handledBy',
  'handledAt',
];

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const cards = app.findCollectionByNameOrId('photoCards');
    const meetUps = app.findCollectionByNameOrId('meetUps');

    const reports = app.findCollectionByNameOrId('informUs');
    reports.fields.add(
      new SelectField({ name: 'status', maxSelect: 1, values: ['open', 'published', 'rejected'] }),
    );
    reports.fields.add(new TextField({ name: 'rejectReason', max: 300 }));
    reports.fields.add(
      new RelationField({
        name: 'publishedCard',
        collectionId: cards.id,
        maxSelect: 1,
        cascadeDelete: false,
      }),
    );
    reports.fields.add(
      new RelationField({
        name: 'publishedEvent',
        collectionId: meetUps.id,
        maxSelect: 1,
        cascadeDelete: false,
      }),
    );
    reports.fields.add(
      new RelationField({
        name: 'handledBy',
        collectionId: users.id,
        maxSelect: 1,
        cascadeDelete: false,
      }),
    );
    reports.fields.add(new DateField({ name: 'handledAt' }));
    for (const index of REPORT_INDEXES) reports.indexes.push(index);
    app.save(reports);
    // the reports already sent wait in the queue (their `updated` stays: nothing a device shows)
    app.db().newQuery("UPDATE `informUs` SET `status` = 'open' WHERE `status` = ''").execute();

    cards.fields.add(new BoolField({ name: 'hidden' }));
    cards.fields.add(
      new RelationField({
        name: 'mergedInto',
        collectionId: cards.id,
        maxSelect: 1,
        cascadeDelete: false,
      }),
    );
    cards.indexes.push(CARD_INDEX);
    cards.createRule = ADMIN;
    cards.updateRule = ADMIN;
    app.save(cards);
    app.db().newQuery('DROP TRIGGER IF EXISTS likes_merged_card').execute();
    app.db().newQuery(LIKE_TRIGGER).execute();

    const groups = app.findCollectionByNameOrId('groups');
    groups.createRule = ADMIN;
    groups.updateRule = ADMIN;
    app.save(groups);

    const posts = app.findCollectionByNameOrId('exchangeList');
    posts.indexes.push(POST_INDEX);
    app.save(posts);

    app
      .db()
      .newQuery(
        'CREATE TABLE IF NOT EXISTS `deadLetterCounts` (`day` TEXT NOT NULL, `kind` TEXT NOT NULL, ' +
          '`n` INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (`day`, `kind`))',
      )
      .execute();

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
    app.db().newQuery('DROP TABLE IF EXISTS `deadLetterCounts`').execute();

    const posts = app.findCollectionByNameOrId('exchangeList');
    posts.indexes = /** @type {any} */ (posts.indexes.filter((i) => i !== POST_INDEX));
    app.save(posts);

    const groups = app.findCollectionByNameOrId('groups');
    groups.createRule = null;
    groups.updateRule = null;
    app.save(groups);

    app.db().newQuery('DROP TRIGGER IF EXISTS likes_merged_card').execute();
    const cards = app.findCollectionByNameOrId('photoCards');
    cards.indexes = /** @type {any} */ (cards.indexes.filter((i) => i !== CARD_INDEX));
    cards.fields.removeByName('hidden');
    cards.fields.removeByName('mergedInto');
    cards.createRule = null;
    cards.updateRule = null;
    app.save(cards);

    const reports = app.findCollectionByNameOrId('informUs');
    reports.indexes = /** @type {any} */ (
      reports.indexes.filter((i) => REPORT_INDEXES.indexOf(i) < 0)
    );
    for (const name of REPORT_FIELDS) reports.fields.removeByName(name);
    app.save(reports);
  },
);
