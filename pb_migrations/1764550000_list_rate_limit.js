/**
 * A rate limit for record lists: 60 per 10 s per client address (the rest of /api/ has 300).
 * The app reads through the pull route and never lists records itself; the costliest list an
 * anonymous caller can still make (every group with its cards expanded, about 1 MB and 80 ms of
 * server CPU for a 2,000-card catalogue, see SECURITY.md) would otherwise let one address keep
 * both cores busy. At 6 a second one address gets about half a core.
 */
const RULE = { label: '*:list', audience: '', duration: 10, maxRequests: 60 };

migrate(
  (app) => {
    const settings = app.settings();
    const rules = settings.rateLimits.rules.filter((r) => r.label !== RULE.label);
    unmarshal({ rateLimits: { rules: [RULE].concat(rules) } }, settings);
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    const rules = settings.rateLimits.rules.filter((r) => r.label !== RULE.label);
    unmarshal({ rateLimits: { rules: rules } }, settings);
    app.save(settings);
  },
);
