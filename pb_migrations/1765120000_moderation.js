/**
 * Moderation (docs/operators.md, Moderation): one queue of 신고 with their evidence, hidden content,
 * and suspended or banned fans.
 *
 * - `chatReports` becomes the one collection of every 신고 a fan makes: of a chat message or a fan
 *   (as before), and now of an exchange post (`post`) or a meetup comment (`comment`). It keeps its
 *   name: devices' queued rows and their local table carry it. New fields, all hook-kept
 *   (pb_hooks/moderation.pb.js): `item` (`<collection>/<id>` of the reported post, comment or
 *   message, kept when the record goes), `status` (`open`, `actioned`, `dismissed`), `outcome` (the
 *   admin's action), `resolution` (the admin's reason), `resolvedBy` (hidden), `resolvedAt`.
 *   Existing reports are `open`, their message's `item` filled in.
 * - `exchangeList`, `comments`, `messages`: `hidden` (public, so every device learns it through the
 *   pull and shows a notice in the content's place) and `hiddenReason` (hidden field: admins read it
 *   through the moderation routes). Only the admins' routes set them.
 * - `users`: `suspendedUntil`, `suspendReason`, `banned`, `banReason`, all hidden fields (no fan
 *   reads another's; the fan reads their own through GET /api/pocamarket/standing). Only the
 *   admins' routes set them.
 * - A per-address rate limit on the admins' moderation routes.
 */
const RATE_RULES = [
  { label: '/api/pocamarket/moderation/', audience: '', duration: 60, maxRequests: 120 },
];

const REPORT_INDEXES = [
  'CREATE INDEX `idx_chatReports_status` ON `chatReports` (`status`, `created`)',
  'CREATE INDEX `idx_chatReports_item` ON `chatReports` (`item`, `status`)',
  'CREATE INDEX `idx_chatReports_reporter_item` ON `chatReports` (`reporter`, `item`)',
  'CREATE INDEX `idx_chatReports_target` ON `chatReports` (`target`)',
];

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const posts = app.findCollectionByNameOrId('exchangeList');
    const comments = app.findCollectionByNameOrId('comments');

    for (const name of ['exchangeList', 'comments', 'messages']) {
      const c = app.findCollectionByNameOrId(name);
      c.fields.add(new BoolField({ name: 'hidden' }));
      c.fields.add(new TextField({ name: 'hiddenReason', max: 300, hidden: true }));
      app.save(c);
    }

    users.fields.add(new DateField({ name: 'suspendedUntil', hidden: true }));
    users.fields.add(new TextField({ name: 'suspendReason', max: 300, hidden: true }));
    users.fields.add(new BoolField({ name: 'banned', hidden: true }));
    users.fields.add(new TextField({ name: 'banReason', max: 300, hidden: true }));
    app.save(users);

    const reports = app.findCollectionByNameOrId('chatReports');
    reports.fields.add(
      new RelationField({
        name: 'post',
        collectionId: posts.id,
        maxSelect: 1,
        cascadeDelete: false,
      }),
    );
    reports.fields.add(
      new RelationField({
        name: 'comment',
        collectionId: comments.id,
        maxSelect: 1,
        cascadeDelete: false,
      }),
    );
    reports.fields.add(new TextField({ name: 'item', max: 120 }));
    reports.fields.add(
      new SelectField({ name: 'status', maxSelect: 1, values: ['open', 'actioned', 'dismissed'] }),
    );
    reports.fields.add(new TextField({ name: 'outcome', max: 60 }));
    reports.fields.add(new TextField({ name: 'resolution', max: 300 }));
    reports.fields.add(
      new RelationField({
        name: 'resolvedBy',
        collectionId: users.id,
        maxSelect: 1,
        cascadeDelete: false,
        hidden: true,
      }),
    );
    reports.fields.add(new DateField({ name: 'resolvedAt' }));
    for (const index of REPORT_INDEXES) reports.indexes.push(index);
    app.save(reports);
    app
      .db()
      .newQuery(
        "UPDATE chatReports SET status = 'open', " +
          "item = CASE WHEN message != '' THEN 'messages/' || message ELSE '' END " +
          "WHERE status = ''",
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

    const reports = app.findCollectionByNameOrId('chatReports');
    reports.indexes = /** @type {any} */ (
      reports.indexes.filter((i) => REPORT_INDEXES.indexOf(i) < 0)
    );
    for (const name of [
      'post',
      'comment',
      'item',
      'status',
      'outcome',
      'resolution',
      'resolvedBy',
      'resolvedAt',
    ]) {
      reports.fields.removeByName(name);
    }
    app.save(reports);

    const users = app.findCollectionByNameOrId('users');
    for (const name of ['suspendedUntil', 'suspendReason', 'banned', 'banReason']) {
      users.fields.removeByName(name);
    }
    app.save(users);

    for (const name of ['exchangeList', 'comments', 'messages']) {
      const c = app.findCollectionByNameOrId(name);
      c.fields.removeByName('hidden');
      c.fields.removeByName('hiddenReason');
      app.save(c);
    }
  },
);
