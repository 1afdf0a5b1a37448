/**
 * Schema of 포카마켓 (see the shared data model): every collection, field, index and API rule.
 *
 * Two passes: first the collections with their plain fields (so that every relation target
 * exists), then the relation fields and the API rules (rules may reference relation fields).
 * Server rules that API rules cannot express (protected fields, counters, tombstones, post
 * validation) live in pb_hooks/.
 */
migrate(
  (app) => {
    const KB = 1024;
    const MB = 1024 * 1024;
    const IMAGE_MIME = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

    const AUTH = '@request.auth.id != ""';
    const ADMIN = '@request.auth.role = "admin"';
    /** `field` is the caller on create, or already the caller's on list/view/update/delete. */
    const own = (field) => `${AUTH} && ${field} = @request.auth.id`;
    /** The submitted body may not change `field` (update rules). */
    const keep = (field) =>
      `(@request.body.${field}:isset = false || @request.body.${field} = ${field})`;

    const autodates = () => [
      { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
      { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
    ];
    const image = (name, maxSize, extra) =>
      Object.assign(
        { type: 'file', name, maxSelect: 1, maxSize, mimeTypes: IMAGE_MIME, protected: false },
        extra || {},
      );
    const updatedIndex = (name) =>
      `CREATE INDEX \`idx_${name}_updated\` ON \`${name}\` (\`updated\`)`;

    const base = (name, fields, indexes) =>
      new Collection({
        type: 'base',
        name,
        // everything locked (superuser only) until the second pass sets the rules
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: fields.concat(autodates()),
        indexes: /** @type {any} */ ([updatedIndex(name)].concat(indexes || [])),
      });

    // ------------------------------------------------------------------ pass 1: collections
    const groups = base(
      'groups',
      [
        { type: 'text', name: 'groupName', required: true, max: 100, presentable: true },
        image('logoImage', 1 * MB, { thumbs: ['100x100'] }),
      ],
      ['CREATE UNIQUE INDEX `idx_groups_groupName` ON `groups` (`groupName`)'],
    );
    app.save(groups);

    const photoCards = base('photoCards', [
      image('cardImg', 5 * MB, { thumbs: ['200x0', '400x0'] }),
      image('logoImage', 1 * MB),
      { type: 'text', name: 'groupName', required: true, max: 100 },
      { type: 'text', name: 'memberName', required: true, max: 100 },
      { type: 'text', name: 'title', required: true, max: 200, presentable: true },
      { type: 'text', name: 'label', max: 100 },
      { type: 'number', name: 'likeCount', onlyInt: true, min: 0 },
    ]);
    app.save(photoCards);

    const collectBook = base('collectBook', [
      { type: 'text', name: 'title', required: true, max: 50, presentable: true },
      image('thumbNail', 5 * MB, { thumbs: ['100x135', '200x270'] }),
    ]);
    app.save(collectBook);

    const exchangeList = base('exchangeList', [
      { type: 'text', name: 'description', required: true, max: 150 },
      {
        type: 'select',
        name: 'status',
        required: true,
        maxSelect: 1,
        values: ['교환대기중', '교환중', '교환완료'],
      },
      { type: 'text', name: 'chatContent', max: 5000 },
    ]);
    app.save(exchangeList);

    const meetUps = base('meetUps', [
      { type: 'text', name: 'eventTitle', required: true, max: 200, presentable: true },
      { type: 'text', name: 'cafeName', max: 200 },
      { type: 'text', name: 'address', max: 300 },
      { type: 'text', name: 'date', max: 100 },
      { type: 'date', name: 'startDate' },
      { type: 'date', name: 'endDate' },
      { type: 'number', name: 'lat', min: -90, max: 90 },
      { type: 'number', name: 'lng', min: -180, max: 180 },
      { type: 'text', name: 'artistName', max: 100 },
      image('artistImg', 2 * MB, { thumbs: ['100x100'] }),
      {
        type: 'file',
        name: 'eventImg',
        maxSelect: 5,
        maxSize: 5 * MB,
        mimeTypes: IMAGE_MIME,
        thumbs: ['400x0'],
        protected: false,
      },
      { type: 'text', name: 'source', max: 1000 },
      { type: 'text', name: 'basicGift', max: 500 },
      { type: 'text', name: 'desertGift', max: 500 },
      { type: 'text', name: 'priorityGift', max: 500 },
      { type: 'text', name: 'firstHashtag', max: 100 },
      { type: 'text', name: 'secondHashtag', max: 100 },
    ]);
    app.save(meetUps);

    const comments = base('comments', [{ type: 'text', name: 'ment', max: 500 }]);
    app.save(comments);

    const informUs = base('informUs', [
      { type: 'select', name: 'type', required: true, maxSelect: 1, values: ['phoca', 'meetup'] },
      { type: 'text', name: 'group', max: 100 },
      { type: 'text', name: 'artistName', max: 100 },
      {
        type: 'select',
        name: 'phocaType',
        maxSelect: 1,
        values: ['앨범', '특전', '팬싸', '시즌그리팅', '기타'],
      },
      { type: 'text', name: 'phocaTitle', max: 200 },
      image('phocaImg', 5 * MB),
      image('meetUpImg', 5 * MB),
      { type: 'text', name: 'cafeName', max: 200 },
      { type: 'text', name: 'cafeAddress', max: 300 },
      { type: 'text', name: 'meetUpDuration', max: 200 },
      { type: 'url', name: 'SourceURL_' },
    ]);
    app.save(informUs);

    const likes = base('likes', []);
    app.save(likes);

    const tombstones = base(
      'tombstones',
      [
        // `collectionName` (the contract's name) is reserved by PocketBase: every record already
        // carries a system `collectionName` key ("tombstones" here), so the deleted record's
        // collection is stored as `recordCollection`.
        { type: 'text', name: 'recordCollection', required: true, max: 100 },
        { type: 'text', name: 'recordId', required: true, max: 100 },
        { type: 'text', name: 'owner', max: 100 },
      ],
      [
        'CREATE INDEX `idx_tombstones_recordCollection_updated` ON `tombstones` (`recordCollection`, `updated`)',
      ],
    );
    app.save(tombstones);

    const pushSubscriptions = base('pushSubscriptions', [
      { type: 'url', name: 'endpoint', required: true },
      { type: 'json', name: 'keys', maxSize: 2 * KB },
      { type: 'json', name: 'topics', maxSize: 1 * KB },
    ]);
    pushSubscriptions.indexes.push(
      'CREATE UNIQUE INDEX `idx_pushSubscriptions_endpoint` ON `pushSubscriptions` (`endpoint`)',
    );
    app.save(pushSubscriptions);

    const notifications = base('notifications', [
      { type: 'select', name: 'topic', maxSelect: 1, values: ['comment', 'exchange', 'meetup'] },
      { type: 'text', name: 'title', max: 200 },
      { type: 'text', name: 'body', max: 1000 },
      { type: 'text', name: 'url', max: 500 },
      { type: 'bool', name: 'read' },
      { type: 'date', name: 'sentAt' },
    ]);
    app.save(notifications);

    // ------------------------------------------------------------------ pass 2: relations
    const rel = (name, target, opts) =>
      new RelationField(
        Object.assign(
          { name, collectionId: target.id, maxSelect: 1, required: false, cascadeDelete: false },
          opts || {},
        ),
      );
    // 'multi' with no practical limit (hook-kept lists like groups.photoCards can grow large)
    const many = { maxSelect: 100000 };
    const owner = { required: true, cascadeDelete: true };

    const users = app.findCollectionByNameOrId('users');

    groups.fields.add(rel('photoCards', photoCards, many));
    // A group with cards cannot be deleted (required, no cascade): delete or move its cards first.
    photoCards.fields.add(rel('group', groups, { required: true }));
    photoCards.fields.add(rel('exchangeList', exchangeList, many));
    collectBook.fields.add(rel('users', users, owner));
    collectBook.fields.add(rel('group', groups));
    collectBook.fields.add(rel('cardInfo', photoCards, many));
    exchangeList.fields.add(rel('writer', users, owner));
    exchangeList.fields.add(rel('photoCard', photoCards, { required: true, cascadeDelete: true }));
    meetUps.fields.add(rel('group', groups));
    meetUps.fields.add(rel('comments', comments, many));
    comments.fields.add(rel('name', users, owner));
    comments.fields.add(rel('meetUp', meetUps, { required: true, cascadeDelete: true }));
    informUs.fields.add(rel('user', users, owner));
    likes.fields.add(rel('user', users, owner));
    likes.fields.add(rel('photoCard', photoCards, { required: true, cascadeDelete: true }));
    likes.indexes.push(
      'CREATE UNIQUE INDEX `idx_likes_user_photoCard` ON `likes` (`user`, `photoCard`)',
      'CREATE INDEX `idx_likes_photoCard` ON `likes` (`photoCard`)',
    );
    pushSubscriptions.fields.add(rel('user', users, owner));
    notifications.fields.add(rel('user', users, owner));

    // ------------------------------------------------------------------ users (built-in auth)
    // name and avatar exist already: tighten them (no svg, 2 MB).
    users.fields.add(new TextField({ name: 'name', max: 40 }));
    users.fields.add(new FileField(image('avatar', 2 * MB, { thumbs: ['100x100'] })));
    users.fields.add(
      new TextField({ name: 'username', min: 2, max: 20, pattern: '^[0-9A-Za-z가-힣_.]+$' }),
    );
    users.fields.add(rel('biasGroup', groups));
    users.fields.add(rel('likeList', photoCards, many));
    users.fields.add(rel('collectBook', collectBook, many));
    users.fields.add(rel('exchangeStatus', exchangeList, many));
    // private profile fields: hidden (not readable, filterable or sortable through the API except by
    // superusers); pb_hooks/privacy.pb.js shows them to the user themself
    users.fields.add(
      new TextField({ name: 'birth', pattern: '^\\d{4}-\\d{2}-\\d{2}$', hidden: true }),
    );
    users.fields.add(new TextField({ name: 'phoneNumber', pattern: '^\\d{11}$', hidden: true }));
    users.fields.add(new SelectField({ name: 'role', maxSelect: 1, values: ['user', 'admin'] }));
    users.indexes.push(
      "CREATE UNIQUE INDEX `idx_users_username` ON `users` (`username` COLLATE NOCASE) WHERE `username` != ''",
      'CREATE INDEX `idx_users_updated` ON `users` (`updated`)',
    );
    users.passwordAuth.enabled = true;
    users.passwordAuth.identityFields = ['email'];
    // public profiles; emails stay hidden (emailVisibility is always false, see pb_hooks)
    users.listRule = '';
    users.viewRule = '';
    users.createRule = '';
    users.updateRule = 'id = @request.auth.id';
    users.deleteRule = 'id = @request.auth.id';
    users.manageRule = null;
    app.save(users);

    // ------------------------------------------------------------------ API rules
    // public catalogues, written by superusers only (null rules)
    for (const c of [groups, photoCards, meetUps]) {
      c.listRule = '';
      c.viewRule = '';
    }

    exchangeList.listRule = '';
    exchangeList.viewRule = '';
    exchangeList.createRule = `${own('writer')} && status = "교환대기중"`;
    exchangeList.updateRule = `${AUTH} && (writer = @request.auth.id || ${ADMIN}) && ${keep('writer')} && ${keep('photoCard')}`;
    exchangeList.deleteRule = `${AUTH} && (writer = @request.auth.id || ${ADMIN})`;

    comments.listRule = '';
    comments.viewRule = '';
    comments.createRule = own('name');
    comments.updateRule = `${own('name')} && ${keep('name')} && ${keep('meetUp')}`;
    comments.deleteRule = own('name');

    collectBook.listRule = own('users');
    collectBook.viewRule = own('users');
    collectBook.createRule = own('users');
    collectBook.updateRule = `${own('users')} && ${keep('users')}`;
    collectBook.deleteRule = own('users');

    likes.listRule = own('user');
    likes.viewRule = own('user');
    likes.createRule = own('user');
    likes.updateRule = null;
    likes.deleteRule = own('user');

    informUs.listRule = `${AUTH} && (user = @request.auth.id || ${ADMIN})`;
    informUs.viewRule = informUs.listRule;
    informUs.createRule = own('user');
    informUs.updateRule = null;
    informUs.deleteRule = null;

    tombstones.listRule = 'owner = "" || owner = @request.auth.id';
    tombstones.viewRule = tombstones.listRule;

    pushSubscriptions.listRule = own('user');
    pushSubscriptions.viewRule = own('user');
    pushSubscriptions.createRule = own('user');
    pushSubscriptions.updateRule = `${own('user')} && ${keep('user')}`;
    pushSubscriptions.deleteRule = own('user');

    notifications.listRule = own('user');
    notifications.viewRule = own('user');
    notifications.createRule = null;
    // only `read` may change: enforced in pb_hooks/guards.pb.js
    notifications.updateRule = `${own('user')} && ${keep('user')}`;
    notifications.deleteRule = own('user');

    for (const c of [
      groups,
      photoCards,
      collectBook,
      exchangeList,
      meetUps,
      comments,
      informUs,
      likes,
      tombstones,
      pushSubscriptions,
      notifications,
    ]) {
      app.save(c);
    }
  },
  (app) => {
    const names = [
      'notifications',
      'pushSubscriptions',
      'tombstones',
      'likes',
      'informUs',
      'comments',
      'meetUps',
      'exchangeList',
      'collectBook',
      'photoCards',
      'groups',
    ];
    const users = app.findCollectionByNameOrId('users');
    for (const f of [
      'username',
      'biasGroup',
      'likeList',
      'collectBook',
      'exchangeStatus',
      'birth',
      'phoneNumber',
      'role',
    ]) {
      users.fields.removeByName(f);
    }
    users.indexes = /** @type {any} */ (
      users.indexes.filter(
        (i) => i.indexOf('idx_users_username') < 0 && i.indexOf('idx_users_updated') < 0,
      )
    );
    users.listRule = 'id = @request.auth.id';
    users.viewRule = 'id = @request.auth.id';
    app.save(users);

    // drop the relation fields first (cross references would block the deletes)
    for (const name of names) {
      const c = app.findCollectionByNameOrId(name);
      const relations = c.fields
        .fieldNames()
        .filter((n) => c.fields.getByName(n).type() === 'relation');
      // the rules and indexes reference those fields: drop them first
      c.listRule = null;
      c.viewRule = null;
      c.createRule = null;
      c.updateRule = null;
      c.deleteRule = null;
      c.indexes = /** @type {any} */ ([]);
      for (const f of relations) c.fields.removeByName(f);
      app.save(c);
    }
    for (const name of names) {
      app.delete(app.findCollectionByNameOrId(name));
    }
  },
);
