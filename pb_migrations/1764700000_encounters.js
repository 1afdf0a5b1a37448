/**
 * 만난 팬 (docs/encounters.md): `encounters`, a fan's own record of another fan met at an event,
 * saved after scanning their trade QR code. Only the owner reads, creates, changes (the note) and
 * deletes their rows; what API rules cannot express (not yourself, the note's rules, what may
 * change, the per-fan cap) is in pb_hooks/encounters.pb.js. Plus the per-address rate limit of
 * its creates.
 */
const RATE_RULES = [
  // per client address; the per-fan cap is counted by the hook (docs/encounters.md, Rules)
  { label: 'encounters:create', audience: '', duration: 600, maxRequests: 120 },
];

migrate(
  (app) => {
    const AUTH = '@request.auth.id != ""';
    const own = `${AUTH} && user = @request.auth.id`;
    const keep = (field) =>
      `(@request.body.${field}:isset = false || @request.body.${field} = ${field})`;

    const users = app.findCollectionByNameOrId('users');
    const photoCards = app.findCollectionByNameOrId('photoCards');
    const meetUps = app.findCollectionByNameOrId('meetUps');
    const rel = (name, target, opts) =>
      Object.assign(
        {
          type: 'relation',
          name,
          collectionId: target.id,
          maxSelect: 1,
          required: false,
          cascadeDelete: false,
        },
        opts || {},
      );

    const encounters = new Collection({
      type: 'base',
      name: 'encounters',
      listRule: own,
      viewRule: own,
      createRule: own,
      // which fields may change (only the note): pb_hooks/encounters.pb.js
      updateRule: `${own} && ${keep('user')} && ${keep('fan')}`,
      deleteRule: own,
      fields: /** @type {any} */ ([
        // both fans' rows go with either account
        rel('user', users, { required: true, cascadeDelete: true }),
        rel('fan', users, { required: true, cascadeDelete: true }),
        { type: 'text', name: 'fanName', required: true, max: 40 },
        // an event deleted leaves the encounter, without its event
        rel('meetup', meetUps),
        // a card deleted from the catalogue drops out of the lists
        rel('theyHave', photoCards, { maxSelect: 200 }),
        rel('theyWant', photoCards, { maxSelect: 200 }),
        { type: 'text', name: 'note', max: 200 },
        { type: 'date', name: 'metAt', required: true },
        { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ]),
      indexes: /** @type {any} */ ([
        'CREATE INDEX `idx_encounters_updated` ON `encounters` (`updated`)',
        'CREATE INDEX `idx_encounters_user_metAt` ON `encounters` (`user`, `metAt`)',
        'CREATE INDEX `idx_encounters_fan` ON `encounters` (`fan`)',
      ]),
    });
    app.save(encounters);

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
    app.delete(app.findCollectionByNameOrId('encounters'));
  },
);
