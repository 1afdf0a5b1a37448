/**
 * Photo cards and exchange posts, as the card grid and the exchange detail use them:
 * - photoCards.memberNameEn: the member's Latin name ('WONBIN' beside '원빈'), so the search over
 *   all card fields finds a card whichever script the fan types;
 * - exchangeList: only the writer moves a post through 교환대기중 → 교환중 → 교환완료. An admin may
 *   still edit or delete any post, but the trade status stays the writer's.
 */
const AUTH = '@request.auth.id != ""';
const ADMIN = '@request.auth.role = "admin"';
const keep = (field) =>
  `(@request.body.${field}:isset = false || @request.body.${field} = ${field})`;
const UPDATE_BEFORE = `${AUTH} && (writer = @request.auth.id || ${ADMIN}) && ${keep('writer')} && ${keep('photoCard')}`;

migrate(
  (app) => {
    const cards = app.findCollectionByNameOrId('photoCards');
    cards.fields.add(new TextField({ name: 'memberNameEn', max: 100 }));
    app.save(cards);

    const posts = app.findCollectionByNameOrId('exchangeList');
    posts.updateRule = `${UPDATE_BEFORE} && (writer = @request.auth.id || ${keep('status')})`;
    app.save(posts);
  },
  (app) => {
    const cards = app.findCollectionByNameOrId('photoCards');
    cards.fields.removeByName('memberNameEn');
    app.save(cards);

    const posts = app.findCollectionByNameOrId('exchangeList');
    posts.updateRule = UPDATE_BEFORE;
    app.save(posts);
  },
);
