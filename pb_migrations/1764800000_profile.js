/**
 * The fan's own profile (docs/accounts.md, Editing the profile; Nicknames; First login):
 * - users.biasStepDone: the first-login 최애 step was answered (a group picked or skipped), kept
 *   on the server so a second device doesn't ask again.
 * - rate limits for the profile edit route and the live nickname check (per client IP).
 * - accounts whose public nickname is their email's local part (or made from it, as the old
 *   sign-up picked it) get '팬' and random digits instead: the nickname is public, the email is not.
 *   Operators' accounts (role admin) keep theirs.
 */
const RULES = [
  { label: '/api/pocamarket/profile', audience: '', duration: 60, maxRequests: 10 },
  { label: '/api/pocamarket/nickname-available', audience: '', duration: 60, maxRequests: 30 },
];

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.add(new BoolField({ name: 'biasStepDone' }));
    app.save(users);

    const settings = app.settings();
    const labels = RULES.map((r) => r.label);
    const rules = settings.rateLimits.rules.filter((r) => labels.indexOf(r.label) < 0);
    unmarshal({ rateLimits: { rules: rules.concat(/** @type {any} */ (RULES)) } }, settings);
    app.save(settings);

    const profile = require(`${__hooks}/lib/profile.js`);
    const rows = app.findRecordsByFilter('users', "username != '' && role != 'admin'", '', 0, 0);
    let renamed = 0;
    for (const r of rows) {
      if (!r || !profile.derivedFromEmail(r.getString('username'), r.email())) continue;
      r.set('username', profile.randomNickname(app));
      app.saveNoValidate(r);
      renamed++;
    }
    if (renamed) console.log(`[profile] ${renamed} nickname(s) made from an email replaced`);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.removeByName('biasStepDone');
    app.save(users);

    const settings = app.settings();
    const labels = RULES.map((r) => r.label);
    const rules = settings.rateLimits.rules.filter((r) => labels.indexOf(r.label) < 0);
    unmarshal({ rateLimits: { rules: rules } }, settings);
    app.save(settings);
  },
);
