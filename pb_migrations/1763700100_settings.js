/**
 * App settings: name, batch API (the sync layer flushes its outbox through /api/batch) and the
 * rate limiter (off by default in PocketBase). Limits are per client IP; superusers and
 * `rateLimits.excludedIPs` are exempt. Behind a reverse proxy, set Settings > Trusted proxy so
 * that the real client IP is used.
 *
 * Rule lookup order (PocketBase): "<collection>:<action>", then "*:<action>", then the exact
 * path, then the first path-prefix rule (labels ending in "/") in list order.
 */
migrate(
  (app) => {
    const settings = app.settings();
    unmarshal(
      {
        meta: { appName: '포카마켓' },
        batch: {
          enabled: true,
          maxRequests: 50,
          timeout: 10, // seconds for the whole batch transaction
          maxBodySize: 64 * 1024 * 1024, // bytes; batches may carry images (≤5 MB each)
        },
        rateLimits: {
          enabled: true,
          rules: [
            // credential endpoints: password, OAuth2 and OTP logins share the "auth" tag
            { label: '*:auth', audience: '', duration: 60, maxRequests: 10 },
            { label: '*:requestVerification', audience: '', duration: 300, maxRequests: 3 },
            { label: '*:requestPasswordReset', audience: '', duration: 300, maxRequests: 3 },
            { label: '*:requestEmailChange', audience: '', duration: 300, maxRequests: 3 },
            { label: '*:requestOTP', audience: '', duration: 300, maxRequests: 3 },
            { label: '*:confirmVerification', audience: '', duration: 60, maxRequests: 10 },
            { label: '*:confirmPasswordReset', audience: '', duration: 60, maxRequests: 10 },
            { label: '*:confirmEmailChange', audience: '', duration: 60, maxRequests: 10 },
            { label: '*:authRefresh', audience: '', duration: 60, maxRequests: 30 },
            // sign-ups per IP
            { label: 'users:create', audience: '', duration: 600, maxRequests: 10 },
            // writes (each request inside a batch counts too, so allow a full 50-request batch)
            { label: '*:create', audience: '', duration: 10, maxRequests: 60 },
            { label: '/api/batch', audience: '', duration: 10, maxRequests: 10 },
            // file downloads (card images) get their own, larger bucket
            { label: '/api/files/', audience: '', duration: 10, maxRequests: 600 },
            { label: '/api/', audience: '', duration: 10, maxRequests: 300 },
          ],
        },
      },
      settings,
    );
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    unmarshal(
      {
        meta: { appName: 'Acme' },
        batch: { enabled: false, maxRequests: 50, timeout: 3, maxBodySize: 0 },
        rateLimits: { enabled: false },
      },
      settings,
    );
    app.save(settings);
  },
);
