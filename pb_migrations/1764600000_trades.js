/**
 * Trades (docs/trades.md): have and want lists (`tradeItems`), 1:1 chat (`conversations`,
 * `messages`), proposals (`trades`), `reviews`, `blocks` and `chatReports`, with their fields,
 * indexes and API rules; plus `users.tradePublic` (the list-level 공개 switch, the fan's own),
 * `users.tradesCompleted` (hook-kept), `collectBook.isPublic` (the book's 자랑하기 switch), the
 * `chat` and `trade` notification topics, per-address rate limits for the new creates, and admins
 * reading the tombstones of chat reports (as of informUs).
 *
 * What API rules cannot express (state transitions, a < b, blocks, counters, per-fan limits) is in
 * pb_hooks/trades.pb.js and pb_hooks/trades-chat.pb.js. Every collection is synced to the devices
 * of the fans it concerns, so each list rule names exactly those fans.
 */
const NEW = [
  'tradeItems',
  'conversations',
  'messages',
  'trades',
  'reviews',
  'blocks',
  'chatReports',
];

const RATE_RULES = [
  // per client address; the per-fan limits are counted by the hooks (docs/trades.md, Limits)
  { label: 'conversations:create', audience: '', duration: 600, maxRequests: 60 },
  { label: 'trades:create', audience: '', duration: 600, maxRequests: 120 },
  { label: 'messages:create', audience: '', duration: 60, maxRequests: 180 },
];

const TOMBSTONE_RULE_BEFORE =
  'owner = "" || owner = @request.auth.id || (recordCollection = "informUs" && @request.auth.role = "admin")';
const TOMBSTONE_RULE_AFTER =
  'owner = "" || owner = @request.auth.id || ((recordCollection = "informUs" || recordCollection = "chatReports") && @request.auth.role = "admin")';

const TOPICS_BEFORE = ['comment', 'exchange', 'meetup'];
const TOPICS_AFTER = ['comment', 'exchange', 'meetup', 'chat', 'trade'];

migrate(
  (app) => {
    const MB = 1024 * 1024;
    const IMAGE_MIME = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
    const AUTH = '@request.auth.id != ""';
    const ADMIN = '@request.auth.role = "admin"';
    const ME = '@request.auth.id';
    const own = (field) => `${AUTH} && ${field} = ${ME}`;
    const either = (x, y) => `${AUTH} && (${x} = ${ME} || ${y} = ${ME})`;
    const keep = (field) =>
      `(@request.body.${field}:isset = false || @request.body.${field} = ${field})`;

    const users = app.findCollectionByNameOrId('users');
    const photoCards = app.findCollectionByNameOrId('photoCards');
    const collectBook = app.findCollectionByNameOrId('collectBook');
    const exchangeList = app.findCollectionByNameOrId('exchangeList');

    const autodates = () => [
      { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
      { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
    ];
    const base = (name, fields, indexes) =>
      new Collection({
        type: 'base',
        name,
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: fields.concat(autodates()),
        indexes: /** @type {any} */ (
          [`CREATE INDEX \`idx_${name}_updated\` ON \`${name}\` (\`updated\`)`].concat(
            indexes || [],
          )
        ),
      });
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
    // owner relations (and both sides of a pair) go with the account
    const owner = { required: true, cascadeDelete: true };

    // ------------------------------------------------------------------ pass 1: collections
    const tradeItems = base(
      'tradeItems',
      [
        rel('user', users, owner),
        rel('photoCard', photoCards, { required: true, cascadeDelete: true }),
        { type: 'select', name: 'kind', required: true, maxSelect: 1, values: ['have', 'want'] },
        { type: 'number', name: 'spare', onlyInt: true, min: 0, max: 99 },
        // a book deleted leaves the item, without its book
        rel('book', collectBook),
      ],
      [
        'CREATE UNIQUE INDEX `idx_tradeItems_user_photoCard` ON `tradeItems` (`user`, `photoCard`)',
        'CREATE INDEX `idx_tradeItems_photoCard_kind` ON `tradeItems` (`photoCard`, `kind`)',
        'CREATE INDEX `idx_tradeItems_book` ON `tradeItems` (`book`)',
      ],
    );
    app.save(tradeItems);

    const conversations = base(
      'conversations',
      [
        rel('a', users, owner),
        rel('b', users, owner),
        rel('photoCard', photoCards),
        rel('post', exchangeList),
        { type: 'date', name: 'aReadAt' },
        { type: 'date', name: 'bReadAt' },
        { type: 'text', name: 'lastMessage', max: 80 },
        { type: 'date', name: 'lastMessageAt' },
        rel('lastSender', users),
        // the fan who opened it (hook-kept), for the per-fan limit on new conversations
        rel('starter', users),
      ],
      [
        'CREATE UNIQUE INDEX `idx_conversations_a_b` ON `conversations` (`a`, `b`)',
        'CREATE INDEX `idx_conversations_b` ON `conversations` (`b`)',
        'CREATE INDEX `idx_conversations_starter_created` ON `conversations` (`starter`, `created`)',
      ],
    );
    app.save(conversations);

    const messages = base(
      'messages',
      [
        rel('conversation', conversations, { required: true, cascadeDelete: true }),
        rel('sender', users, owner),
        { type: 'text', name: 'text', max: 1000 },
        {
          type: 'file',
          name: 'image',
          maxSelect: 1,
          maxSize: 5 * MB,
          mimeTypes: IMAGE_MIME,
          thumbs: ['400x0'],
          protected: true,
        },
      ],
      [
        'CREATE INDEX `idx_messages_conversation_created` ON `messages` (`conversation`, `created`)',
        'CREATE INDEX `idx_messages_sender_created` ON `messages` (`sender`, `created`)',
      ],
    );
    app.save(messages);

    const trades = base(
      'trades',
      [
        rel('proposer', users, owner),
        rel('receiver', users, owner),
        rel('give', photoCards, { maxSelect: 20 }),
        rel('get', photoCards, { maxSelect: 20 }),
        { type: 'text', name: 'message', max: 300 },
        {
          type: 'select',
          name: 'status',
          required: true,
          maxSelect: 1,
          values: ['proposed', 'accepted', 'declined', 'cancelled', 'countered', 'completed'],
        },
        { type: 'bool', name: 'proposerDone' },
        { type: 'bool', name: 'receiverDone' },
        rel('conversation', conversations),
      ],
      [
        'CREATE INDEX `idx_trades_proposer_status` ON `trades` (`proposer`, `status`)',
        'CREATE INDEX `idx_trades_receiver_status` ON `trades` (`receiver`, `status`)',
      ],
    );
    app.save(trades);
    // a relation to its own collection needs the collection's id: added once it exists
    trades.fields.add(new RelationField(rel('counterOf', trades)));
    app.save(trades);

    conversations.fields.add(new RelationField(rel('trade', trades)));
    app.save(conversations);

    const reviews = base(
      'reviews',
      [
        rel('trade', trades, { required: true, cascadeDelete: true }),
        rel('author', users, owner),
        rel('subject', users, owner),
        { type: 'select', name: 'rating', required: true, maxSelect: 1, values: ['good', 'bad'] },
        { type: 'text', name: 'text', max: 100 },
      ],
      [
        'CREATE UNIQUE INDEX `idx_reviews_trade_author` ON `reviews` (`trade`, `author`)',
        'CREATE INDEX `idx_reviews_subject_created` ON `reviews` (`subject`, `created`)',
      ],
    );
    app.save(reviews);

    const blocks = base(
      'blocks',
      [rel('user', users, owner), rel('blocked', users, owner)],
      [
        'CREATE UNIQUE INDEX `idx_blocks_user_blocked` ON `blocks` (`user`, `blocked`)',
        'CREATE INDEX `idx_blocks_blocked` ON `blocks` (`blocked`)',
      ],
    );
    app.save(blocks);

    const chatReports = base('chatReports', [
      rel('reporter', users, owner),
      rel('target', users, owner),
      // the message may go (with its conversation); the evidence copied from it stays
      rel('message', messages),
      { type: 'text', name: 'reason', required: true, max: 300 },
      { type: 'text', name: 'evidence', max: 2000 },
    ]);
    app.save(chatReports);

    // ------------------------------------------------------------------ API rules
    tradeItems.listRule = own('user');
    tradeItems.viewRule = own('user');
    tradeItems.createRule = own('user');
    tradeItems.updateRule = `${own('user')} && ${keep('user')} && ${keep('photoCard')}`;
    tradeItems.deleteRule = own('user');

    conversations.listRule = either('a', 'b');
    conversations.viewRule = either('a', 'b');
    conversations.createRule = either('a', 'b');
    // which fields each side may change: pb_hooks/trades-chat.pb.js
    conversations.updateRule = `${either('a', 'b')} && ${keep('a')} && ${keep('b')}`;
    conversations.deleteRule = null;

    const inConversation = `(conversation.a = ${ME} || conversation.b = ${ME})`;
    messages.listRule = `${AUTH} && ${inConversation}`;
    messages.viewRule = messages.listRule;
    messages.createRule = `${own('sender')} && ${inConversation}`;
    messages.updateRule = null;
    messages.deleteRule = null;

    trades.listRule = either('proposer', 'receiver');
    trades.viewRule = either('proposer', 'receiver');
    trades.createRule = own('proposer');
    // the transitions each side may make: pb_hooks/trades.pb.js
    trades.updateRule = `${either('proposer', 'receiver')} && ${keep('proposer')} && ${keep('receiver')}`;
    trades.deleteRule = null;

    reviews.listRule = either('author', 'subject');
    reviews.viewRule = either('author', 'subject');
    reviews.createRule = own('author');
    reviews.updateRule = null;
    reviews.deleteRule = null;

    blocks.listRule = own('user');
    blocks.viewRule = own('user');
    blocks.createRule = own('user');
    blocks.updateRule = null;
    blocks.deleteRule = own('user');

    chatReports.listRule = `${AUTH} && (reporter = ${ME} || ${ADMIN})`;
    chatReports.viewRule = chatReports.listRule;
    chatReports.createRule = own('reporter');
    chatReports.updateRule = null;
    chatReports.deleteRule = `${AUTH} && ${ADMIN}`;

    for (const c of [tradeItems, conversations, messages, trades, reviews, blocks, chatReports]) {
      app.save(c);
    }

    // ------------------------------------------------------------------ existing collections
    users.fields.add(new BoolField({ name: 'tradePublic' }));
    users.fields.add(new NumberField({ name: 'tradesCompleted', onlyInt: true, min: 0 }));
    app.save(users);

    collectBook.fields.add(new BoolField({ name: 'isPublic' }));
    app.save(collectBook);

    const notifications = app.findCollectionByNameOrId('notifications');
    notifications.fields.getByName('topic').values = TOPICS_AFTER;
    app.save(notifications);

    const tombstones = app.findCollectionByNameOrId('tombstones');
    tombstones.listRule = TOMBSTONE_RULE_AFTER;
    tombstones.viewRule = TOMBSTONE_RULE_AFTER;
    app.save(tombstones);

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

    const tombstones = app.findCollectionByNameOrId('tombstones');
    tombstones.listRule = TOMBSTONE_RULE_BEFORE;
    tombstones.viewRule = TOMBSTONE_RULE_BEFORE;
    app.save(tombstones);

    app.db().newQuery("DELETE FROM `notifications` WHERE `topic` IN ('chat', 'trade')").execute();
    const notifications = app.findCollectionByNameOrId('notifications');
    notifications.fields.getByName('topic').values = TOPICS_BEFORE;
    app.save(notifications);

    const collectBook = app.findCollectionByNameOrId('collectBook');
    collectBook.fields.removeByName('isPublic');
    app.save(collectBook);

    const users = app.findCollectionByNameOrId('users');
    users.fields.removeByName('tradePublic');
    users.fields.removeByName('tradesCompleted');
    app.save(users);

    // rules and indexes reference the relation fields, and the collections reference one another:
    // clear them all first, then delete
    for (const name of NEW.slice().reverse()) {
      const c = app.findCollectionByNameOrId(name);
      c.listRule = null;
      c.viewRule = null;
      c.createRule = null;
      c.updateRule = null;
      c.deleteRule = null;
      c.indexes = /** @type {any} */ ([]);
      const relations = c.fields
        .fieldNames()
        .filter((n) => c.fields.getByName(n).type() === 'relation');
      for (const f of relations) c.fields.removeByName(f);
      app.save(c);
    }
    for (const name of NEW.slice().reverse()) {
      app.delete(app.findCollectionByNameOrId(name));
    }
  },
);
