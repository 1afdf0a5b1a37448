/**
 * The audit entries of 공지사항 (docs/operators.md, The audit log): every notice an admin creates,
 * edits or deletes through the API (the console's 공지사항 section, docs/operators.md, The console)
 * writes one `auditLog` row (`notice.create`, `notice.update`, `notice.delete`) with the notice's
 * fields before and after, in the same transaction as the change: a refused write (a blank title,
 * lib/notices.js) leaves no entry, and an entry never lacks its change.
 *
 * A superuser's write (PocketBase's dashboard, the demo seed) is audited too, since it is an
 * operator's action like any other: the entry has no `actor` (superusers are not `users`) and
 * names the superuser's email in `actorName`. Writes made by hooks or migrations (not requests)
 * are not.
 */

onRecordCreateRequest((e) => {
  const { audit, snapshot, requestActor } = require(`${__hooks}/lib/audit.js`);
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  inTransaction(e, (txApp) =>
    audit(txApp, {
      actor: requestActor(e),
      action: 'notice.create',
      collection: 'notices',
      id: e.record.id,
      before: null,
      after: snapshot(e.record),
    }),
  );
}, 'notices');

onRecordUpdateRequest((e) => {
  const { audit, snapshot, requestActor } = require(`${__hooks}/lib/audit.js`);
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  // the stored notice, before the request's values (read again after the save for `after`)
  const before = snapshot(e.record.original());
  inTransaction(e, (txApp) =>
    audit(txApp, {
      actor: requestActor(e),
      action: 'notice.update',
      collection: 'notices',
      id: e.record.id,
      before,
      after: snapshot(e.record),
    }),
  );
}, 'notices');

onRecordDeleteRequest((e) => {
  const { audit, snapshot, requestActor } = require(`${__hooks}/lib/audit.js`);
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  const before = snapshot(e.record);
  inTransaction(e, (txApp) =>
    audit(txApp, {
      actor: requestActor(e),
      action: 'notice.delete',
      collection: 'notices',
      id: e.record.id,
      before,
      after: null,
    }),
  );
}, 'notices');
