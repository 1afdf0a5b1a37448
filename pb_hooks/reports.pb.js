/// <reference path="../pb_data/types.d.ts" />
/**
 * Reports (informUs): every create by a user must carry what its type requires (see
 * lib/reports.js). Anonymous creates are left to the API rule (which refuses them); superusers
 * (operators fixing data) are exempt. Reports are not updatable by users (no update rule).
 */
onRecordCreateRequest((e) => {
  if (e.auth && !e.hasSuperuserAuth()) {
    require(`${__hooks}/lib/reports.js`).checkReport(e.record);
  }
  e.next();
}, 'informUs');
