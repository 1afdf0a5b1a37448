/**
 * Trusted-proxy settings from the environment, applied at every boot (docs/production.md, Proxy).
 * Behind a reverse proxy every request comes from the proxy's address; these settings make
 * PocketBase read each client's own address from a header the proxy sets, for the rate limiter,
 * `e.realIP()` in the hooks (batch write counters, upload quotas of guests, realtime bounds per
 * address) and the address the render server bounds fresh renders by:
 *   TRUSTED_PROXY_HEADERS: the header names to read, comma-separated (`X-Forwarded-For`, or
 *     `X-Real-IP`); `none` clears them (every client is the address that connects).
 *   TRUSTED_PROXY_LEFTMOST: 1/true takes the leftmost address of the header; the default takes
 *     the rightmost, the one the proxy itself wrote (a client can put anything on the left of an
 *     X-Forwarded-For that a proxy appends to).
 * PocketBase believes these headers from whoever connects: it must be reachable only through the
 * proxy (listening on 127.0.0.1, as deploy/ sets it up). Nothing is changed while
 * TRUSTED_PROXY_HEADERS is not set, so settings made in the dashboard stay; a header name that is
 * not one stops the start with a message rather than leaving every fan on the proxy's address.
 */
onBootstrap((e) => {
  e.next();
  const env = (name) => String($os.getenv(name) || '').trim();
  const raw = env('TRUSTED_PROXY_HEADERS');
  if (!raw) return;
  const headers =
    raw.toLowerCase() === 'none'
      ? []
      : raw
          .split(',')
          .map((h) => h.trim())
          .filter((h) => h);
  const bad = headers.filter((h) => !/^[A-Za-z0-9-]+$/.test(h));
  if (bad.length) {
    throw new Error(`TRUSTED_PROXY_HEADERS: not a header name: ${bad.join(', ')}`);
  }
  const leftmost = /^(1|true|yes)$/i.test(env('TRUSTED_PROXY_LEFTMOST'));
  const settings = e.app.settings();
  const current = settings.trustedProxy;
  const same =
    current.useLeftmostIP === leftmost &&
    current.headers.length === headers.length &&
    headers.every((h, i) => current.headers[i] === h);
  if (same) return;
  current.headers = headers;
  current.useLeftmostIP = leftmost;
  e.app.save(settings);
});
