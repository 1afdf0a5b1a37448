/**
 * 공지사항 (docs/data-model.md, notices): what the operators tell every fan. Everyone (guests too)
 * lists and reads them, so they sync into every device's store and read offline; only admins
 * (`users.role = "admin"`, the same power that moderates reports and exchange posts) and
 * superusers (the dashboard) write them. pb_hooks/notices.pb.js trims the text, refuses a blank
 * title or body with a Korean message and dates a notice without `published` now. Plus the
 * per-address rate limit of the creates.
 */
const RATE_RULES = [{ label: 'notices:create', audience: '', duration: 600, maxRequests: 30 }];

migrate(
  (app) => {
    const ADMIN = '@request.auth.id != "" && @request.auth.role = "admin"';
    const notices = new Collection({
      type: 'base',
      name: 'notices',
      listRule: '',
      viewRule: '',
      createRule: ADMIN,
      updateRule: ADMIN,
      deleteRule: ADMIN,
      fields: /** @type {any} */ ([
        { type: 'text', name: 'title', required: true, max: 100 },
        { type: 'text', name: 'body', required: true, max: 5000 },
        // when the notice counts as new (the settings' new dot compares it with the last opened)
        { type: 'date', name: 'published' },
        { type: 'bool', name: 'pinned' },
        { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ]),
      indexes: /** @type {any} */ ([
        'CREATE INDEX `idx_notices_updated` ON `notices` (`updated`)',
        'CREATE INDEX `idx_notices_published` ON `notices` (`published`)',
      ]),
    });
    app.save(notices);

    const settings = app.settings();
    const labels = RATE_RULES.map((r) => r.label);
    const rules = settings.rateLimits.rules.filter((r) => labels.indexOf(r.label) < 0);
    // collection rules first: PocketBase looks for "<collection>:<action>" before "*:<action>"
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
    app.delete(app.findCollectionByNameOrId('notices'));
  },
);
