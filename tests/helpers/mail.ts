/**
 * Reading the mail sink from tests: the verification/reset link of a mail and its token, and a
 * client for a sink served over HTTP by another process (the e2e global setup).
 */
import type { SinkMessage } from '../../server/mail-sink.ts';

export type { MailSink, SinkMessage } from '../../server/mail-sink.ts';

/** The first link of the mail that contains `part` ('/verify-email/', 'confirm-password-reset'). */
export function linkOf(mail: SinkMessage, part: string): string {
  const link = mail.links.find((l) => l.includes(part));
  if (!link) throw new Error(`no ${part} link in mail '${mail.subject}': ${mail.links.join(' ')}`);
  return link;
}

/** The token at the end of a confirm link (…/verify-email/{TOKEN}). */
export function tokenOf(link: string): string {
  const token = link.split('/').pop() ?? '';
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

export const isVerification = (m: SinkMessage) => m.links.some((l) => l.includes('/verify-email/'));
export const isPasswordReset = (m: SinkMessage) =>
  m.links.some((l) => l.includes('/reset-password/'));

/** Waits for a mail to `to` at a sink served with `serveMessages()` (another process). */
export async function waitForMail(
  sinkUrl: string,
  to: string,
  predicate: (m: SinkMessage) => boolean = () => true,
  // long: a loaded machine only makes the mail slower (the e2e test bound is 300 s)
  timeoutMs = 120_000,
): Promise<SinkMessage> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await fetch(`${sinkUrl}/messages?to=${encodeURIComponent(to)}`);
    const list = (await res.json()) as SinkMessage[];
    const hit = list.find(predicate);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
}
