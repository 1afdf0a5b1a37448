/**
 * Moderation (docs/operators.md, Moderation), used by pb_hooks/moderation.pb.js:
 *
 * - checkReport: a 신고 of an exchange post or a meetup comment (or a chat message, whose other
 *   checks are lib/chat.js's) names the fan who wrote it; a post or a comment is the reporter's
 *   only open report of it; `item` and `status` are the hook's, and keepEvidence keeps its text as
 *   it was (`evidence`).
 * - listReports: the admins' queue, open reports first, newest first, a page at a time, each with
 *   its reporter, the reported fan's standing, the item and its evidence.
 * - myStanding, userStanding: a fan's standing (suspended until when, banned, why).
 *
 * The admins' actions are lib/moderation-actions.js (those on a fan's standing:
 * lib/moderation-fan-actions.js).
 *
 * Every refusal is a 400 with a Korean message, before anything is written.
 */

const { badRequest } = require(`${__hooks}/lib/errors.js`);
const { findRecord, toArray } = require(`${__hooks}/lib/records.js`);

const REASON_MAX = 300;
const DAYS_MAX = 365;
const PER_PAGE = 30;
const PAGE_MAX = 1000;

/** The collections whose records can be hidden, with the Korean words for them. */
const CONTENT = {
  exchangeList: { noun: '글', owner: 'writer', text: 'description', field: 'post' },
  comments: { noun: '댓글', owner: 'name', text: 'ment', field: 'comment' },
  messages: { noun: '메시지', owner: 'sender', text: 'text', field: 'message' },
};

/** A post's type as the app names it. */
const POST_TYPES = { exchange: '교환', sell: '양도', want: '구함' };

/** The users fields an action on a fan changes, as `before` / `after` in the audit log. */
const STANDING_FIELDS = ['suspendedUntil', 'suspendReason', 'banned', 'banReason'];
/** A report's fields only the hooks and the admins' routes write. */
const REPORT_KEPT = ['item', 'status', 'outcome', 'resolution', 'resolvedAt'];

const MSG_ADMIN = '관리자만 할 수 있어요.';
const MSG_ONE_ITEM = '신고할 글, 댓글, 메시지 중 하나만 골라주세요.';
const MSG_POST_MISSING = '신고할 교환글을 찾을 수 없어요.';
const MSG_COMMENT_MISSING = '신고할 댓글을 찾을 수 없어요.';
const MSG_NOT_WRITER = '신고 대상이 쓴 글이나 댓글만 신고할 수 있어요.';
const MSG_REPORTED = '이미 신고한 내용이에요. 운영팀이 확인하고 있어요.';
const MSG_USER_MISSING = '회원을 찾을 수 없어요.';
const MSG_STATUS = '상태는 open, closed, all 중 하나예요.';
const MSG_PAGE = `page는 1에서 ${PAGE_MAX} 사이의 정수예요.`;

// ---------------------------------------------------------------- reports made by fans

/**
 * Checks a new report (`me`: the reporter, '' for a superuser) and fills in the hook's fields
 * `item` and `status` = open. Runs inside the create's transaction (the one-open-report check
 * counts on it). The evidence is written later, when the record is saved (keepEvidence): lib/chat.js
 * refuses a request that carries evidence, and the two request hooks run in either order.
 */
function checkReport(app, record, me) {
  if (me) {
    const kept = REPORT_KEPT.filter((f) => record.getString(f) !== '');
    if (kept.length) {
      const { MSG_PROTECTED } = require(`${__hooks}/lib/protected-fields.js`);
      throw badRequest(MSG_PROTECTED, kept, 'validation_protected_field');
    }
  }
  const chosen = ['message', 'post', 'comment'].filter((f) => record.getString(f) !== '');
  if (chosen.length > 1) throw badRequest(MSG_ONE_ITEM, chosen);
  let item = '';
  const field = chosen[0] || '';
  if (field === 'post' || field === 'comment') {
    const collection = field === 'post' ? 'exchangeList' : 'comments';
    const spec = CONTENT[collection];
    const content = findRecord(app, collection, record.getString(field));
    if (!content)
      throw badRequest(field === 'post' ? MSG_POST_MISSING : MSG_COMMENT_MISSING, [field]);
    if (me && content.getString(spec.owner) !== record.getString('target')) {
      throw badRequest(MSG_NOT_WRITER, [field]);
    }
    item = `${collection}/${content.id}`;
  } else if (field === 'message') {
    item = `messages/${record.getString('message')}`;
  }
  record.set('item', item);
  record.set('status', 'open');
  // a post or a comment: one open report per reporter (a message may be reported with each new
  // reason, as chat reports always could)
  if (me && (field === 'post' || field === 'comment')) {
    const row = new DynamicModel({ n: 0 });
    app
      .db()
      .newQuery(
        'SELECT COUNT(*) AS n FROM chatReports ' +
          "WHERE reporter = {:me} AND item = {:item} AND status = 'open'",
      )
      .bind({ me: me, item: item })
      .one(row);
    if (row.n > 0) throw badRequest(MSG_REPORTED, [field], 'validation_not_unique');
  }
}

/**
 * The evidence of a reported post or comment, set as the report is saved (any creator, the
 * superuser's dashboard included): what it said then, whatever its writer does later.
 */
function keepEvidence(app, record) {
  if (record.getString('evidence') !== '') return;
  for (const [field, collection] of [
    ['post', 'exchangeList'],
    ['comment', 'comments'],
  ]) {
    const content = findRecord(app, collection, record.getString(field));
    if (content) {
      record.set('evidence', evidenceOf(content, collection));
      return;
    }
  }
}

/** What a post or a comment said when it was reported (2,000 characters at most). */
function evidenceOf(content, collection) {
  if (collection === 'comments') return content.getString('ment').slice(0, 2000);
  const photos = toArray(content.getStringSlice('photos'));
  const parts = [content.getString('description')];
  const type = POST_TYPES[content.getString('postType')] || '';
  const price = content.getInt('price');
  if (type) parts.push(`[${type}${price ? ` ${price}원` : ''}]`);
  if (photos.length) parts.push(`[사진 ${photos.length}장: ${photos.join(', ')}]`);
  return parts.join(' ').slice(0, 2000);
}

// ---------------------------------------------------------------- the admins' routes

/** The signed-in admin of a route's request, or a 403. */
function requireAdmin(e) {
  const auth = e.auth;
  if (!auth || auth.collection().name !== 'users' || auth.getString('role') !== 'admin') {
    throw new ForbiddenError(MSG_ADMIN);
  }
  return auth;
}

/** The fan's standing as an answer: ISO end of a suspension ('' when none), reasons, message. */
function standingAnswer(user) {
  const s = require(`${__hooks}/lib/suspension.js`);
  const standing = s.standingOf(user);
  return {
    banned: standing.banned,
    banReason: standing.banned ? standing.banReason : '',
    suspendedUntil: standing.suspendedUntil ? new Date(standing.suspendedUntil).toISOString() : '',
    suspendReason: standing.suspendReason,
    message: s.refusalMessage(standing),
  };
}

/** GET /api/pocamarket/standing: the signed-in fan's own standing. */
function myStanding(e) {
  return standingAnswer(e.auth);
}

/** GET /api/pocamarket/moderation/users/{id} (admins): a fan's standing and report counts. */
function userStanding(e, id) {
  requireAdmin(e);
  const user = findRecord(e.app, 'users', id);
  if (!user) throw new NotFoundError(MSG_USER_MISSING);
  const row = new DynamicModel({ open: 0, total: 0 });
  e.app
    .db()
    .newQuery(
      "SELECT COALESCE(SUM(status = 'open'), 0) AS open, COUNT(*) AS total " +
        'FROM chatReports WHERE target = {:id}',
    )
    .bind({ id: user.id })
    .one(row);
  return Object.assign(
    { id: user.id, username: user.getString('username'), role: user.getString('role') },
    standingAnswer(user),
    { reportsOpen: row.open, reportsAll: row.total },
  );
}

/**
 * GET /api/pocamarket/moderation/reports?status=open|closed|all&page=N (admins): 30 reports a
 * page; `all` lists the open ones first. Each with its reporter, the reported fan (and their
 * standing), the item (post, comment or message: whether it still exists and is hidden, where it
 * is) and the evidence kept at report time.
 */
function listReports(e) {
  requireAdmin(e);
  const query = e.request.url.query();
  const status = String(query.get('status') || 'open');
  if (status !== 'open' && status !== 'closed' && status !== 'all') {
    throw badRequest(MSG_STATUS, ['status']);
  }
  const pageRaw = String(query.get('page') || '1');
  const page = /^\d{1,4}$/.test(pageRaw) ? parseInt(pageRaw, 10) : 0;
  if (page < 1 || page > PAGE_MAX) throw badRequest(MSG_PAGE, ['page']);
  const where =
    status === 'open' ? "status = 'open'" : status === 'closed' ? "status != 'open'" : '1 = 1';
  const order = status === 'all' ? "(status = 'open') DESC, created DESC, id" : 'created DESC, id';
  const count = new DynamicModel({ n: 0 });
  e.app.db().newQuery(`SELECT COUNT(*) AS n FROM chatReports WHERE ${where}`).one(count);
  const rows = arrayOf(new DynamicModel({ id: '' }));
  e.app
    .db()
    .newQuery(
      `SELECT id FROM chatReports WHERE ${where} ORDER BY ${order} LIMIT {:limit} OFFSET {:offset}`,
    )
    .bind({ limit: PER_PAGE, offset: (page - 1) * PER_PAGE })
    .all(rows);
  const users = {};
  const userOf = (id) => {
    if (!id) return null;
    if (!(id in users)) users[id] = findRecord(e.app, 'users', id);
    return users[id];
  };
  const items = [];
  for (let i = 0; i < rows.length; i++) {
    const r = findRecord(e.app, 'chatReports', rows[i].id);
    if (r) items.push(reportAnswer(e.app, r, userOf));
  }
  return {
    page: page,
    perPage: PER_PAGE,
    totalItems: count.n,
    totalPages: Math.ceil(count.n / PER_PAGE),
    items: items,
  };
}

function reportAnswer(app, r, userOf) {
  const reporter = userOf(r.getString('reporter'));
  const targetId = r.getString('target') || r.getString('targetId');
  const target = userOf(r.getString('target'));
  const itemKey = r.getString('item');
  const slash = itemKey.indexOf('/');
  const collection = slash > 0 ? itemKey.slice(0, slash) : '';
  const itemId = slash > 0 ? itemKey.slice(slash + 1) : '';
  let item = null;
  if (collection) {
    const content = findRecord(app, collection, itemId);
    item = {
      collection: collection,
      id: itemId,
      exists: !!content,
      hidden: content ? content.getBool('hidden') : false,
      hiddenReason: content ? content.getString('hiddenReason') : '',
      text: content ? content.getString(CONTENT[collection].text) : '',
      // where it is shown: a card's posts, an event's comments, a conversation
      photoCard: content && collection === 'exchangeList' ? content.getString('photoCard') : '',
      meetUp: content && collection === 'comments' ? content.getString('meetUp') : '',
      conversation: content && collection === 'messages' ? content.getString('conversation') : '',
    };
  }
  const resolver = userOf(r.getString('resolvedBy'));
  return {
    id: r.id,
    kind: collection ? CONTENT[collection].field : 'fan',
    status: r.getString('status'),
    outcome: r.getString('outcome'),
    resolution: r.getString('resolution'),
    resolvedAt: r.getString('resolvedAt'),
    resolvedBy: resolver ? { id: resolver.id, username: resolver.getString('username') } : null,
    reason: r.getString('reason'),
    evidence: r.getString('evidence'),
    // protected: the console asks for a file token (admins may read it)
    evidencePhoto: r.getString('evidencePhoto')
      ? `/api/files/chatReports/${r.id}/${r.getString('evidencePhoto')}`
      : '',
    created: r.getString('created'),
    reporter: reporter
      ? { id: reporter.id, username: reporter.getString('username') }
      : { id: r.getString('reporter'), username: '' },
    target: Object.assign(
      {
        id: targetId,
        username: target ? target.getString('username') : r.getString('targetName'),
        exists: !!target,
      },
      target ? standingAnswer(target) : {},
    ),
    item: item,
  };
}

module.exports = {
  REASON_MAX,
  DAYS_MAX,
  PER_PAGE,
  CONTENT,
  STANDING_FIELDS,
  MSG_ADMIN,
  MSG_USER_MISSING,
  requireAdmin,
  standingAnswer,
  checkReport,
  keepEvidence,
  evidenceOf,
  listReports,
  myStanding,
  userStanding,
};
