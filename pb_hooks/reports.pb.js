/**
 * Reports (informUs): every create by a user must carry what its type requires (see
 * lib/reports.js). Anonymous creates are left to the API rule (which refuses them); superusers
 * (operators fixing data) are exempt. Reports are not updatable by users (no update rule).
 *
 * A report may be deleted by its author or an admin (the delete rule says so; checked here too,
 * so a looser rule set by hand can't open it to others). PocketBase removes its image files with
 * it, and the tombstone (tombstones.pb.js) tells the author's other devices.
 */
onRecordCreateRequest((e) => {
  if (e.auth && !e.hasSuperuserAuth()) {
    require(`${__hooks}/lib/reports.js`).checkReport(e.record);
  }
  e.next();
}, 'informUs');

onRecordDeleteRequest((e) => {
  if (!e.hasSuperuserAuth()) {
    require(`${__hooks}/lib/reports.js`).checkReportDelete(e.auth, e.record);
  }
  e.next();
}, 'informUs');
