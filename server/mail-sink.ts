/**
 * The local mail sink: an SMTP server on loopback (no auth, no TLS) that PocketBase sends its
 * verification and password-reset mail to in development and tests. It prints one line per mail
 * (recipient, subject, every http(s) link) and keeps the messages in memory for tests. Those lines
 * are printed at LOG_LEVEL info and debug (docs/operators.md, Logs).
 *
 * With `serveMessages()` it also answers GET /messages on loopback, so a test
 * process other than the one that started it (vitest's e2e workers) can read them.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { log as launcherLog } from './log.ts';

export interface SinkMessage {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  receivedAt: number;
}

export interface MailSink {
  port: number;
  messages: SinkMessage[];
  /** The first message (already received or arriving within timeoutMs) for `to` that matches. */
  waitFor(
    to: string,
    predicate?: (m: SinkMessage) => boolean,
    timeoutMs?: number,
  ): Promise<SinkMessage>;
  /** Serves GET /messages[?to=] as JSON on 127.0.0.1 and returns its URL. */
  serveMessages(): Promise<string>;
  stop(): Promise<void>;
}

const LINK = /https?:\/\/[^\s"'<>)]+/g;

/**
 * Every http(s) link of the mail, de-duplicated, in order: the text part's URLs and the HTML
 * part's hrefs (not its doctype or namespace URLs), with HTML entities in hrefs undone.
 */
export function extractLinks(text: string, html: string): string[] {
  const hrefs = [...html.matchAll(/href\s*=\s*["'](https?:\/\/[^"']+)["']/gi)].map((m) => m[1]!);
  const found = [...(text.match(LINK) ?? []), ...hrefs].map((l) => l.replace(/&amp;/g, '&'));
  return [...new Set(found)];
}

export async function startMailSink(
  opts: { log?: (line: string) => void; port?: number } = {},
): Promise<MailSink> {
  const log = opts.log ?? launcherLog.info;
  const messages: SinkMessage[] = [];
  const waiters = new Set<() => void>();
  let http: HttpServer | undefined;
  let httpUrl: Promise<string> | undefined;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'pocamarket mail sink',
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void (async () => {
          try {
            const parsed = await PostalMime.parse(Buffer.concat(chunks));
            const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
            const text = parsed.text ?? '';
            const html = parsed.html ?? '';
            const msg: SinkMessage = {
              to: envelopeTo,
              from: parsed.from?.address ?? '',
              subject: parsed.subject ?? '',
              text,
              html,
              links: extractLinks(text, html),
              receivedAt: Date.now(),
            };
            messages.push(msg);
            log(`[mail] to ${msg.to.join(', ')} · ${msg.subject}`);
            for (const l of msg.links) log(`[mail]   ${l}`);
            for (const w of [...waiters]) w();
            callback();
          } catch (err) {
            callback(err as Error);
          }
        })();
      });
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(opts.port ?? 0, '127.0.0.1', () => {
      const addr = smtp.server.address();
      if (addr && typeof addr === 'object') resolve(addr.port);
      else reject(new Error('mail sink: no port'));
    });
  });

  const find = (to: string, predicate?: (m: SinkMessage) => boolean) =>
    messages.find((m) => m.to.includes(to.toLowerCase()) && (!predicate || predicate(m)));

  return {
    port,
    messages,
    waitFor(to, predicate, timeoutMs = 15_000) {
      const hit = find(to, predicate);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = find(to, predicate);
          if (!m) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`mail sink: no mail for ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    serveMessages() {
      httpUrl ??= listenHttp();
      return httpUrl;
    },
    async stop() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      if (http) await new Promise<void>((resolve) => http!.close(() => resolve()));
    },
  };

  async function listenHttp(): Promise<string> {
    http = createHttpServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method !== 'GET' || url.pathname !== '/messages') {
        res.writeHead(404).end();
        return;
      }
      const to = url.searchParams.get('to')?.toLowerCase();
      const list = to ? messages.filter((m) => m.to.includes(to)) : messages;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    });
    const server = http;
    const httpPort = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const addr = server.address();
        if (addr && typeof addr === 'object') resolve(addr.port);
        else reject(new Error('mail sink: no http port'));
      });
    });
    return `http://127.0.0.1:${httpPort}`;
  }
}

/** The environment that points PocketBase's SMTP settings at a sink (pb_hooks/mail-settings). */
export function sinkEnv(sinkPort: number, appUrl: string): Record<string, string> {
  return {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(sinkPort),
    SMTP_USER: '',
    SMTP_PASS: '',
    SMTP_TLS: 'false',
    SMTP_FROM: process.env.SMTP_FROM || 'no-reply@pocamarket.local',
    APP_URL: appUrl,
  };
}
