/**
 * The report queue, catalogue management and card merges (docs/operators.md, The report queue;
 * Catalogue management), for users with `role = "admin"`; every action is audited
 * (lib/audit.js) in its own transaction. The work is in lib/report-queue.js,
 * lib/report-publish.js, lib/admin-catalogue.js, lib/card-merge.js and lib/card-redirects.js;
 * the routes are rate-limited by pb_migrations/1765110000_report_queue.js.
 *
 * Routes (admins only: 401 signed out, 403 for anyone else):
 *  - GET  /api/pocamarket/admin/reports                   the queue, open first
 *  - GET  /api/pocamarket/admin/reports/{id}/duplicates   cards a card report would duplicate
 *  - POST /api/pocamarket/admin/reports/{id}/publish      a card report as a card, a meetup
 *                                                          report as an event
 *  - POST /api/pocamarket/admin/reports/{id}/reject       with the admin's reason
 *  - POST /api/pocamarket/admin/cards/merge               two cards as one
 *
 * Record API hooks:
 *  - informUs: a fan's create may not set the report's handling (it starts `open`); an admin's
 *    delete of another fan's report is audited.
 *  - photoCards, groups: an admin's create or update (the API rules allow it) keeps the hook-kept
 *    fields, takes one of the five labels, gets its group's name, and is audited.
 *  - tradeItems, collectBook, exchangeList, trades, encounters, conversations: a write that names
 *    a merged card names its survivor instead (lib/card-redirects.js; likes: a trigger). This file
 *    sorts first, so every other hook sees the survivor.
 */

routerAdd('GET', '/api/pocamarket/admin/reports', (e) => {
  return e.json(200, require(`${__hooks}/lib/report-queue.js`).listReports(e));
});

routerAdd('GET', '/api/pocamarket/admin/reports/{id}/duplicates', (e) => {
  const lib = require(`${__hooks}/lib/report-queue.js`);
  return e.json(200, lib.reportDuplicates(e, e.request.pathValue('id')));
});

routerAdd('POST', '/api/pocamarket/admin/reports/{id}/publish', (e) => {
  const lib = require(`${__hooks}/lib/report-publish.js`);
  const out = lib.publishReport(e, e.request.pathValue('id'));
  return e.json(out.status, out.body);
});

routerAdd('POST', '/api/pocamarket/admin/reports/{id}/reject', (e) => {
  const lib = require(`${__hooks}/lib/report-queue.js`);
  return e.json(200, lib.rejectReport(e, e.request.pathValue('id')));
});

routerAdd('POST', '/api/pocamarket/admin/cards/merge', (e) => {
  return e.json(200, require(`${__hooks}/lib/card-merge.js`).mergeCards(e));
});

// ---------------------------------------------------------------- reports

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/report-queue.js`).checkNewReport(e);
  e.next();
}, 'informUs');

onRecordDeleteRequest((e) => {
  require(`${__hooks}/lib/report-queue.js`).auditReportDelete(e);
}, 'informUs');

// ---------------------------------------------------------------- cards and groups

onRecordCreateRequest(
  (e) => {
    if (e.hasSuperuserAuth()) return e.next();
    const lib = require(`${__hooks}/lib/admin-catalogue.js`);
    if (e.collection.name === 'groups') lib.checkGroupWrite(e, true);
    else lib.checkCardWrite(e, true);
    lib.auditedWrite(e, true);
  },
  'photoCards',
  'groups',
);

onRecordUpdateRequest(
  (e) => {
    if (e.hasSuperuserAuth()) return e.next();
    const lib = require(`${__hooks}/lib/admin-catalogue.js`);
    if (e.collection.name === 'groups') lib.checkGroupWrite(e, false);
    else lib.checkCardWrite(e, false);
    lib.auditedWrite(e, false);
  },
  'photoCards',
  'groups',
);

// ---------------------------------------------------------------- merged cards

onRecordCreateRequest(
  (e) => {
    require(`${__hooks}/lib/card-redirects.js`).redirectMerged(e);
    e.next();
  },
  ...require(`${__hooks}/lib/card-redirects.js`).REDIRECTED,
);

onRecordUpdateRequest(
  (e) => {
    require(`${__hooks}/lib/card-redirects.js`).redirectMerged(e);
    e.next();
  },
  ...require(`${__hooks}/lib/card-redirects.js`).REDIRECTED,
);

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/card-redirects.js`).noteMerges(e.app);
});
