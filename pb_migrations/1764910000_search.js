/**
 * Search over the whole catalogue (docs/product-rules.md, Search; docs/data-model.md, Search
 * keys):
 *
 * - `groups.groupNameKo`: the group's Korean name (라이즈 for RIIZE), set here for the demo
 *   catalogue's groups;
 * - `searchKey`, a hidden text on `photoCards` and `groups` (never in a list, view, realtime or
 *   pull answer): the folded text the search route matches in, kept by pb_hooks/search.pb.js. The
 *   rows there are now get theirs from the start-up backfill (same file), which finds them by the
 *   partial index on empty keys;
 * - `photoCardsSearch` (FTS5, trigram) and `photoCardsSearchIds`: the index the route finds cards
 *   by (pb_hooks/lib/search-key.js), tables of their own that PocketBase does not manage, filled
 *   with the keys;
 * - the rate limit of `GET /api/pocamarket/search`.
 */
const KOREAN_NAMES = {
  RIIZE: '라이즈',
  NewJeans: '뉴진스',
  aespa: '에스파',
  IVE: '아이브',
  SEVENTEEN: '세븐틴',
  'Stray Kids': '스트레이 키즈',
  'LE SSERAFIM': '르세라핌',
  'NCT WISH': '엔시티 위시',
  BOYNEXTDOOR: '보이넥스트도어',
  TWS: '투어스',
};

const RATE_RULES = [
  // one search per keystroke pause (500 ms) and its pages (docs/data-model.md, Rate limits)
  { label: '/api/pocamarket/search', audience: '', duration: 10, maxRequests: 30 },
];

const SORT_INDEXES = [
  // the search's sorts walk these and stop at the page's end (pb_hooks/lib/search.js)
  'CREATE INDEX `idx_photoCards_created` ON `photoCards` (`created`, `id`)',
  'CREATE INDEX `idx_photoCards_likeCount` ON `photoCards` (`likeCount`, `created`, `id`)',
];

const INDEXES = {
  photoCards:
    "CREATE INDEX `idx_photoCards_searchKey_empty` ON `photoCards` (`id`) WHERE `searchKey` = ''",
  groups: "CREATE INDEX `idx_groups_searchKey_empty` ON `groups` (`id`) WHERE `searchKey` = ''",
};

const TABLES = [
  'CREATE TABLE IF NOT EXISTS `photoCardsSearchIds` (`rid` INTEGER PRIMARY KEY, `id` TEXT NOT NULL UNIQUE)',
  // contentless: the text is the key's, kept in photoCards; only the tokens are stored
  "CREATE VIRTUAL TABLE IF NOT EXISTS `photoCardsSearch` USING fts5(t, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1')",
];

migrate(
  (app) => {
    for (const sql of TABLES) app.db().newQuery(sql).execute();
    const groups = app.findCollectionByNameOrId('groups');
    groups.fields.add(new TextField({ name: 'groupNameKo', max: 100 }));
    groups.fields.add(new TextField({ name: 'searchKey', max: 1000, hidden: true }));
    groups.indexes.push(INDEXES.groups);
    app.save(groups);

    const photoCards = app.findCollectionByNameOrId('photoCards');
    photoCards.fields.add(new TextField({ name: 'searchKey', max: 5000, hidden: true }));
    photoCards.indexes.push(INDEXES.photoCards);
    for (const sql of SORT_INDEXES) photoCards.indexes.push(sql);
    app.save(photoCards);

    for (const name of Object.keys(KOREAN_NAMES)) {
      app
        .db()
        .newQuery(
          // `updated` moves so devices' delta pulls bring the new name (their offline search
          // matches it)
          'UPDATE `groups` SET `groupNameKo` = {:ko}, `updated` = ' +
            "strftime('%Y-%m-%d %H:%M:%fZ', 'now') WHERE `groupName` = {:name} AND `groupNameKo` = ''",
        )
        .bind({ ko: KOREAN_NAMES[name], name })
        .execute();
    }

    const settings = app.settings();
    const labels = RATE_RULES.map((r) => r.label);
    const rules = settings.rateLimits.rules.filter((r) => labels.indexOf(r.label) < 0);
    unmarshal({ rateLimits: { rules: RATE_RULES.concat(rules) } }, settings);
    app.save(settings);
  },
  (app) => {
    app.db().newQuery('DROP TABLE IF EXISTS `photoCardsSearch`').execute();
    app.db().newQuery('DROP TABLE IF EXISTS `photoCardsSearchIds`').execute();
    for (const name of ['groups', 'photoCards']) {
      const c = app.findCollectionByNameOrId(name);
      c.indexes = /** @type {any} */ (
        c.indexes.filter((i) => i !== INDEXES[name] && SORT_INDEXES.indexOf(i) < 0)
      );
      c.fields.removeByName('searchKey');
      if (name === 'groups') c.fields.removeByName('groupNameKo');
      app.save(c);
    }
    const settings = app.settings();
    const labels = RATE_RULES.map((r) => r.label);
    unmarshal(
      {
        rateLimits: { rules: settings.rateLimits.rules.filter((r) => labels.indexOf(r.label) < 0) },
      },
      settings,
    );
    app.save(settings);
  },
);
