/**
 * A rate limit on opening realtime connections: 120 a minute per address. A connection costs the
 * server nothing per write until it subscribes, and one that never subscribes is closed after a
 * minute (pb_hooks/lib/realtime.js), so this bounds what an address can hold open that way. A
 * venue's Wi-Fi reconnecting a hundred fans after a restart stays within it.
 */
const RATE_RULES = [{ label: 'GET /api/realtime', audience: '', duration: 60, maxRequests: 120 }];

migrate(
  (app) => {
    const settings = app.settings();
    const labels = RATE_RULES.map((r) => r.label);
    const rules = settings.rateLimits.rules.filter((r) => labels.indexOf(r.label) < 0);
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
  },
);
