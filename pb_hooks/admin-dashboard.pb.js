/**
 * The operator's dashboard and the dead-letter count (docs/operators.md, The dashboard; the work
 * in lib/admin-dashboard.js; rate limits in pb_migrations/1765110000_report_queue.js):
 *
 *  - GET  /api/pocamarket/admin/dashboard: today's figures, admins only (401 signed out, 403 for
 *    anyone else);
 *  - POST /api/pocamarket/dead-letters `{ kind }`: a signed-in device tells the server it set a
 *    change of that outbox kind aside as a dead letter, so the dashboard can count them per kind.
 */

routerAdd('GET', '/api/pocamarket/admin/dashboard', (e) => {
  return e.json(200, require(`${__hooks}/lib/admin-dashboard.js`).dashboard(e));
});

routerAdd('POST', '/api/pocamarket/dead-letters', (e) => {
  return e.json(200, require(`${__hooks}/lib/admin-dashboard.js`).countDeadLetter(e));
});
