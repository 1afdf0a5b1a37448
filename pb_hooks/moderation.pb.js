/**
 * Moderation (docs/operators.md, Moderation): fans' 신고 of posts, comments and messages in one
 * queue, the admins' actions on it, hidden content, and suspended or banned fans.
 *
 *  - chatReports create: the item (post, comment or message) names the reported fan, is the
 *    reporter's only open report of it, and its text is kept as evidence (lib/moderation.js
 *    checkReport; lib/chat.js checks the rest of a chat report). In the create's transaction.
 *  - exchangeList, comments, messages: `hidden` is the admins' routes' alone (a request that sets
 *    or changes it is refused, admins' record requests included, so every hide is audited).
 *  - Every create, update and delete request of a suspended or banned fan on a fan-writable
 *    collection is refused in Korean with why and until when (lib/suspension.js guardWrite, with
 *    its exceptions); a banned fan gets no token (every auth request: password, OAuth2, Naver,
 *    refresh).
 *  - Routes (the admins' ones rate-limited: pb_migrations/1765120000_moderation.js):
 *    GET  /api/pocamarket/standing                 the signed-in fan's own standing (the
 *                                                   general /api/ limit: it reads no table)
 *    GET  /api/pocamarket/moderation/reports        the queue (admins)
 *    GET  /api/pocamarket/moderation/users/{id}     a fan's standing and reports (admins)
 *    POST /api/pocamarket/moderation/{action}       hide, unhide, warn, unwarn, suspend,
 *                                                   unsuspend, ban, unban, dismiss, reopen (admins)
 */

// ---------------------------------------------------------------- reports

onRecordCreateRequest((e) => {
  const me = e.hasSuperuserAuth() || !e.auth ? '' : e.auth.id;
  require(`${__hooks}/lib/records.js`).inTransaction(e, null, (txApp) =>
    require(`${__hooks}/lib/moderation.js`).checkReport(txApp, e.record, me),
  );
}, 'chatReports');

// the evidence of a post or a comment, as the report is stored (after every request hook)
onRecordCreate((e) => {
  require(`${__hooks}/lib/moderation.js`).keepEvidence(e.app, e.record);
  e.next();
}, 'chatReports');

// ---------------------------------------------------------------- hidden content

onRecordCreateRequest(
  (e) => {
    if (!e.hasSuperuserAuth() && e.record.getBool('hidden')) {
      const { MSG_PROTECTED } = require(`${__hooks}/lib/protected-fields.js`);
      throw require(`${__hooks}/lib/errors.js`).badRequest(
        MSG_PROTECTED,
        ['hidden'],
        'validation_protected_field',
      );
    }
    e.next();
  },
  'exchangeList',
  'comments',
  'messages',
);

onRecordUpdateRequest(
  (e) => {
    if (!e.hasSuperuserAuth()) {
      const bad = require(`${__hooks}/lib/records.js`).changedFields(e.record, [
        'hidden',
        'hiddenReason',
      ]);
      if (bad.length) {
        const { MSG_PROTECTED } = require(`${__hooks}/lib/protected-fields.js`);
        throw require(`${__hooks}/lib/errors.js`).badRequest(
          MSG_PROTECTED,
          bad,
          'validation_protected_field',
        );
      }
    }
    e.next();
  },
  'exchangeList',
  'comments',
);

// ---------------------------------------------------------------- suspended and banned fans

onRecordCreateRequest(
  (e) => require(`${__hooks}/lib/suspension.js`).guardWrite(e, 'create'),
  ...require(`${__hooks}/lib/suspension.js`).WRITABLE,
);

onRecordUpdateRequest(
  (e) => require(`${__hooks}/lib/suspension.js`).guardWrite(e, 'update'),
  ...require(`${__hooks}/lib/suspension.js`).WRITABLE,
);

onRecordDeleteRequest(
  (e) => require(`${__hooks}/lib/suspension.js`).guardWrite(e, 'delete'),
  ...require(`${__hooks}/lib/suspension.js`).WRITABLE,
);

onRecordAuthRequest((e) => {
  const refusal = require(`${__hooks}/lib/suspension.js`).loginRefusal(e.record);
  if (refusal) throw refusal;
  e.next();
}, 'users');

// ---------------------------------------------------------------- routes

routerAdd(
  'GET',
  '/api/pocamarket/standing',
  (e) => e.json(200, require(`${__hooks}/lib/moderation.js`).myStanding(e)),
  $apis.requireAuth('users'),
);

routerAdd(
  'GET',
  '/api/pocamarket/moderation/reports',
  (e) => e.json(200, require(`${__hooks}/lib/moderation.js`).listReports(e)),
  $apis.requireAuth('users'),
);

routerAdd(
  'GET',
  '/api/pocamarket/moderation/users/{id}',
  (e) =>
    e.json(200, require(`${__hooks}/lib/moderation.js`).userStanding(e, e.request.pathValue('id'))),
  $apis.requireAuth('users'),
);

routerAdd(
  'POST',
  '/api/pocamarket/moderation/{action}',
  (e) =>
    e.json(
      200,
      require(`${__hooks}/lib/moderation-actions.js`).act(e, e.request.pathValue('action')),
    ),
  $apis.requireAuth('users'),
  $apis.bodyLimit(8192),
);
