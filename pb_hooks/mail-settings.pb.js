/**
 * Mail settings from the environment, applied at every boot so production keeps its SMTP
 * credentials out of the database dumps and git:
 *   SMTP_HOST, SMTP_PORT (default 587), SMTP_USER, SMTP_PASS, SMTP_TLS (1/true: implicit TLS,
 *   usually port 465; otherwise STARTTLS when the server offers it), SMTP_FROM (sender address),
 *   APP_URL (meta.appURL: the origin used in verification and reset links).
 * Nothing is changed for a variable that is not set. `npm start` points SMTP at the local mail
 * sink (server/mail-sink.ts) when SMTP_HOST is not set.
 */
onBootstrap((e) => {
  e.next();
  const env = (name) => String($os.getenv(name) || '').trim();
  const host = env('SMTP_HOST');
  const from = env('SMTP_FROM');
  const appURL = env('APP_URL');
  if (!host && !from && !appURL) return;
  const settings = e.app.settings();
  if (host) {
    const port = parseInt(env('SMTP_PORT') || '587', 10);
    settings.smtp.enabled = true;
    settings.smtp.host = host;
    settings.smtp.port = isNaN(port) ? 587 : port;
    settings.smtp.username = env('SMTP_USER');
    settings.smtp.password = env('SMTP_PASS');
    settings.smtp.tls = /^(1|true|yes)$/i.test(env('SMTP_TLS'));
  }
  if (from) settings.meta.senderAddress = from;
  if (appURL) settings.meta.appURL = appURL.replace(/\/+$/, '');
  e.app.save(settings);
});
