/**
 * Publishing a 제보 (docs/operators.md, The report queue), for users with `role = "admin"`: a card
 * report becomes a catalogue card, a meetup report an event. Used by
 * pb_hooks/admin-catalogue.pb.js; the queue itself (listing, reading, rejecting) is
 * lib/report-queue.js.
 *
 * Each publish is one transaction: the card or event with the report's image copied, the
 * report's handling, the reporter's alert (lib/audit.js tellFan) and the audit entry
 * (before/after) commit together or not at all. A publish that would add a card near one already
 * there (lib/admin-catalogue.js findDuplicates) is refused unless the admin confirms it
 * (`force: true`). Bad input is a 400 with a Korean message before anything is written.
 */

const { findRecord } = require(`${__hooks}/lib/records.js`);
const { badRequest } = require(`${__hooks}/lib/errors.js`);
const {
  LABELS,
  RECORD_ID,
  MSG_LABEL,
  requireAdmin,
  bodyOf,
  text,
  blank,
  inOrder,
  conflict,
  findDuplicates,
  groupByName,
} = require(`${__hooks}/lib/admin-catalogue.js`);
const { MSG_HANDLED, MSG_GROUP, openReport, stillOpen, handle } = require(
  `${__hooks}/lib/report-queue.js`,
);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const MSG_GROUP_NAME = '새 그룹의 이름을 입력해주세요.';
const MSG_GROUP_NAME_LONG = '그룹 이름은 100자까지 쓸 수 있어요.';
const MSG_MEMBER = '멤버 이름을 입력해주세요.';
const MSG_MEMBER_LONG = '멤버 이름은 100자까지 쓸 수 있어요.';
const MSG_TITLE = '포토카드 이름을 입력해주세요.';
const MSG_TITLE_LONG = '포토카드 이름은 200자까지 쓸 수 있어요.';
const MSG_RELEASE_LONG = '앨범(발매) 이름은 200자까지 쓸 수 있어요.';
const MSG_DUPLICATE =
  '같은 그룹과 멤버에 이름이 비슷한 카드가 있어요. 중복이 아니라면 확인(force) 후 다시 등록해주세요.';
const MSG_NO_IMAGE = '제보 이미지를 찾을 수 없어요. 이 제보는 반려해주세요.';
const MSG_EVENT_TITLE = '밋업 이름을 입력해주세요.';
const MSG_EVENT_LONG = '입력한 내용이 너무 길어요.';
const MSG_EVENT_DATE = '날짜는 YYYY-MM-DD 형식으로 입력해주세요.';
const MSG_EVENT_PLACE = '위도와 경도는 숫자로 입력해주세요.';

const ALERT_CARD = '제보하신 포토카드가 등록되었어요';
const ALERT_EVENT = '제보하신 밋업이 등록되었어요';

/** The card fields of a publish: the body's, checked (Korean 400s). */
function cardFields(body) {
  let group = null;
  let newGroup = null;
  const g = body.group;
  if (typeof g === 'string') {
    if (!RECORD_ID.test(g)) throw badRequest(MSG_GROUP, ['group']);
    group = g;
  } else if (g && typeof g === 'object' && !Array.isArray(g)) {
    const groupName = text(g, 'groupName', 100, MSG_GROUP_NAME_LONG);
    if (blank(groupName)) throw badRequest(MSG_GROUP_NAME, ['group']);
    newGroup = { groupName, groupNameKo: text(g, 'groupNameKo', 100, MSG_GROUP_NAME_LONG) };
  } else {
    throw badRequest(MSG_GROUP, ['group']);
  }
  const memberName = text(body, 'memberName', 100, MSG_MEMBER_LONG);
  if (blank(memberName)) throw badRequest(MSG_MEMBER, ['memberName']);
  const title = text(body, 'title', 200, MSG_TITLE_LONG);
  if (blank(title)) throw badRequest(MSG_TITLE, ['title']);
  const label = text(body, 'label', 100, MSG_LABEL);
  if (LABELS.indexOf(label) < 0) throw badRequest(MSG_LABEL, ['label']);
  return {
    group,
    newGroup,
    memberName,
    memberNameEn: text(body, 'memberNameEn', 100, MSG_MEMBER_LONG),
    release: text(body, 'release', 200, MSG_RELEASE_LONG),
    label,
    title,
  };
}

/** The stored file of `record[field]` as a new upload, or null when it is gone. */
function copyFile(app, record, field) {
  const name = record.getString(field);
  if (!name) return null;
  const key = `${record.baseFilesPath()}/${name}`;
  const fsys = app.newFilesystem();
  try {
    if (!fsys.exists(key)) return null;
    const reader = fsys.getReader(key);
    let bytes;
    try {
      bytes = toBytes(reader);
    } finally {
      reader.close();
    }
    return $filesystem.fileFromBytes(bytes, name);
  } finally {
    fsys.close();
  }
}

/** What a publish made, by kind: the report's field naming it and its collection. */
const PUBLISHED = {
  card: { field: 'publishedCard', collection: 'photoCards' },
  event: { field: 'publishedEvent', collection: 'meetUps' },
};

/**
 * The end every publish shares, inside its transaction: the report becomes `published` with the
 * card or event it made (`kind`), the reporter gets `alert`, and the audit entry keeps the report
 * before and both records after.
 */
function finishPublish(tx, admin, report, before, kind, made, alert) {
  const { audit, snapshot, tellFan } = require(`${__hooks}/lib/audit.js`);
  report.set(PUBLISHED[kind].field, made.id);
  report.set('rejectReason', '');
  handle(report, admin, 'published');
  tx.save(report);
  tellFan(tx, report.getString('user'), alert);
  const after = { report: snapshot(report) };
  after[kind] = snapshot(made);
  audit(tx, {
    actor: admin,
    action: 'report.publish',
    collection: 'informUs',
    id: report.id,
    before,
    after,
  });
}

/** A publish's answer once committed: `{ report, card }` or `{ report, event }`, as records. */
function publishedAnswer(e, out, kind) {
  const report = findRecord(e.app, 'informUs', out.report);
  const made = findRecord(e.app, PUBLISHED[kind].collection, out.made);
  $apis.enrichRecords(e, [report]);
  $apis.enrichRecords(e, [made]);
  const body = { report };
  body[kind] = made;
  return { status: 200, body };
}

/**
 * POST /api/pocamarket/admin/reports/{id}/publish: a card report becomes a photoCards record (a
 * meetup report a meetUps record), in one transaction. Answers `{ report, card }` or
 * `{ report, event }`; a card near one already there is refused with 409 and `duplicates` unless
 * the body says `force: true`.
 */
function publishReport(e, id) {
  const admin = requireAdmin(e);
  const body = bodyOf(e);
  const report = openReport(e.app, id);
  const status = report.getString('status');
  if (status !== 'open' && status !== '') throw conflict(MSG_HANDLED);
  return report.getString('type') === 'meetup'
    ? publishEvent(e, admin, id, body)
    : publishCard(e, admin, report, body);
}

/** A card report's fields as a publish body: what the body leaves out, the report says. */
function withReportDefaults(app, report, body) {
  const out = {
    memberName: report.getString('artistName'),
    title: report.getString('phocaTitle'),
    label: report.getString('phocaType'),
  };
  if (body.group === undefined) {
    const group = groupByName(app, report.getString('group'));
    if (group) out.group = group.id;
  }
  for (const k of Object.keys(body)) out[k] = body[k];
  return out;
}

function publishCard(e, admin, source, sent) {
  const { audit, snapshot } = require(`${__hooks}/lib/audit.js`);
  const app = e.app;
  const id = source.id;
  const body = withReportDefaults(app, source, sent);
  const f = cardFields(body);
  const group = f.group
    ? findRecord(app, 'groups', f.group)
    : groupByName(app, f.newGroup.groupName);
  if (f.group && !group) throw badRequest(MSG_GROUP, ['group']);
  if (group && body.force !== true) {
    const dupes = findDuplicates(app, group.id, f.memberName, f.title);
    if (dupes.length) {
      const cards = inOrder(app, 'photoCards', dupes);
      $apis.enrichRecords(e, cards);
      return {
        status: 409,
        body: {
          status: 409,
          message: MSG_DUPLICATE,
          data: { title: { code: 'validation_duplicate_card', message: MSG_DUPLICATE } },
          duplicates: cards,
        },
      };
    }
  }
  const out = { report: '', card: '' };
  app.runInTransaction((tx) => {
    const report = stillOpen(tx, id);
    const before = snapshot(report);
    let g = group ? findRecord(tx, 'groups', group.id) : null;
    if (!g) {
      g = new Record(tx.findCollectionByNameOrId('groups'));
      g.set('groupName', f.newGroup.groupName);
      g.set('groupNameKo', f.newGroup.groupNameKo);
      tx.save(g);
      audit(tx, {
        actor: admin,
        action: 'group.create',
        collection: 'groups',
        id: g.id,
        reason: `제보 ${id}`,
        before: null,
        after: snapshot(g),
      });
    }
    const image = copyFile(tx, report, 'phocaImg');
    if (!image) throw badRequest(MSG_NO_IMAGE, ['phocaImg']);
    const card = new Record(tx.findCollectionByNameOrId('photoCards'));
    card.set('group', g.id);
    card.set('groupName', g.getString('groupName'));
    card.set('memberName', f.memberName);
    card.set('memberNameEn', f.memberNameEn);
    card.set('title', f.title);
    card.set('label', f.label);
    if (card.collection().fields.getByName('release')) card.set('release', f.release);
    card.set('cardImg', image);
    tx.save(card);
    finishPublish(tx, admin, report, before, 'card', card, {
      title: ALERT_CARD,
      body: `${g.getString('groupName')} ${f.memberName} · ${f.title}`,
      url: `/exchangeDetail/${card.id}`,
    });
    out.report = report.id;
    out.made = card.id;
  });
  return publishedAnswer(e, out, 'card');
}

/** A `YYYY-MM-DD` body field as a stored date ('' when absent). */
function dateField(body, field) {
  const v = body[field];
  if (v == null || v === '') return '';
  if (typeof v !== 'string' || !DATE.test(v) || isNaN(Date.parse(`${v}T00:00:00Z`))) {
    throw badRequest(MSG_EVENT_DATE, [field]);
  }
  return `${v} 00:00:00.000Z`;
}

function numberField(body, field, min, max) {
  const v = body[field];
  if (v == null || v === '') return null;
  if (typeof v !== 'number' || !isFinite(v) || v < min || v > max) {
    throw badRequest(MSG_EVENT_PLACE, [field]);
  }
  return v;
}

function publishEvent(e, admin, id, body) {
  const { snapshot } = require(`${__hooks}/lib/audit.js`);
  const app = e.app;
  const source = findRecord(app, 'informUs', id);
  /** The body's text, or the report's when the body leaves it out. */
  const pick = (field, from, max) =>
    body[field] === undefined
      ? source.getString(from).trim().slice(0, max)
      : text(body, field, max, MSG_EVENT_LONG);
  const fields = {
    eventTitle: pick('eventTitle', 'cafeName', 200),
    cafeName: pick('cafeName', 'cafeName', 200),
    address: pick('address', 'cafeAddress', 300),
    date: pick('date', 'meetUpDuration', 100),
    artistName: pick('artistName', 'artistName', 100),
    source: pick('source', 'SourceURL_', 1000),
  };
  if (blank(fields.eventTitle)) throw badRequest(MSG_EVENT_TITLE, ['eventTitle']);
  const startDate = dateField(body, 'startDate');
  const endDate = dateField(body, 'endDate');
  const lat = numberField(body, 'lat', -90, 90);
  const lng = numberField(body, 'lng', -180, 180);
  let group;
  if (body.group != null && body.group !== '') {
    if (typeof body.group !== 'string' || !RECORD_ID.test(body.group)) {
      throw badRequest(MSG_GROUP, ['group']);
    }
    group = findRecord(app, 'groups', body.group);
    if (!group) throw badRequest(MSG_GROUP, ['group']);
  } else {
    group = groupByName(app, source.getString('group'));
  }
  const out = { report: '', event: '' };
  app.runInTransaction((tx) => {
    const report = stillOpen(tx, id);
    const before = snapshot(report);
    const image = copyFile(tx, report, 'meetUpImg');
    if (!image) throw badRequest(MSG_NO_IMAGE, ['meetUpImg']);
    const event = new Record(tx.findCollectionByNameOrId('meetUps'));
    for (const k of Object.keys(fields)) event.set(k, fields[k]);
    if (startDate) event.set('startDate', startDate);
    if (endDate) event.set('endDate', endDate);
    if (lat !== null && lng !== null) {
      event.set('lat', lat);
      event.set('lng', lng);
    }
    if (group) event.set('group', group.id);
    event.set('eventImg', [image]);
    tx.save(event);
    finishPublish(tx, admin, report, before, 'event', event, {
      title: ALERT_EVENT,
      body: fields.eventTitle,
      url: `/meetupDetail/${event.id}`,
    });
    out.report = report.id;
    out.made = event.id;
  });
  return publishedAnswer(e, out, 'event');
}

module.exports = {
  MSG_DUPLICATE,
  ALERT_CARD,
  ALERT_EVENT,
  publishReport,
};
