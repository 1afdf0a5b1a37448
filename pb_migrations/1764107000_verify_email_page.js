/**
 * The verification mail links to the app's own Korean page (/verify-email/{TOKEN}, which calls
 * confirm-verification) instead of PocketBase's English dashboard page.
 */
const DASHBOARD_LINK = '{APP_URL}/_/#/auth/confirm-verification/{TOKEN}';
const APP_LINK = '{APP_URL}/verify-email/{TOKEN}';

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.verificationTemplate.body = users.verificationTemplate.body
      .split(DASHBOARD_LINK)
      .join(APP_LINK);
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.verificationTemplate.body = users.verificationTemplate.body
      .split(APP_LINK)
      .join(DASHBOARD_LINK);
    app.save(users);
  },
);
