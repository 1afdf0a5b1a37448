/**
 * How the 신고 section words a fan's standing and a report's handling (docs/operators.md,
 * Moderation). Pure, so the section only lays them out.
 */
import type { ModerationReport, ReportedFan } from './api';
import { koModeration } from './ko';

const t = koModeration;

const KST_MS = 9 * 60 * 60 * 1000;

/**
 * A time as the fan reads it in their refusal: '2026년 12월 3일 15:20', Korean time (as the server's
 * own message, pb_hooks/lib/suspension.js koreanDate), whatever the admin's time zone.
 */
export function koreanTime(stamp: string | number): string {
  const ms = typeof stamp === 'number' ? stamp : Date.parse(stamp.replace(' ', 'T'));
  if (Number.isNaN(ms)) return String(stamp);
  const d = new Date(ms + KST_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getUTCFullYear()}년 ${d.getUTCMonth() + 1}월 ${d.getUTCDate()}일 ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
  );
}

export type StandingKind = 'normal' | 'suspended' | 'banned' | 'gone';

/** A fan's standing as the queue and the lookup answer it. */
export type StandingOf = Pick<
  ReportedFan,
  'exists' | 'banned' | 'banReason' | 'suspendedUntil' | 'suspendReason'
>;

export function standingKind(fan: StandingOf): StandingKind {
  if (!fan.exists) return 'gone';
  if (fan.banned) return 'banned';
  if (fan.suspendedUntil) return 'suspended';
  return 'normal';
}

/** '정상', '정지 중 · 2026년 12월 3일 15:20까지', '영구 정지' or '탈퇴한 회원'. */
export function standingLabel(fan: StandingOf): string {
  switch (standingKind(fan)) {
    case 'gone':
      return t.standing.gone;
    case 'banned':
      return t.standing.banned;
    case 'suspended':
      return t.standing.suspended(koreanTime(fan.suspendedUntil));
    default:
      return t.standing.normal;
  }
}

/** The reason of a running suspension or ban ('' for none). */
export function standingReason(fan: StandingOf): string {
  const kind = standingKind(fan);
  return kind === 'banned' ? fan.banReason : kind === 'suspended' ? fan.suspendReason : '';
}

/** A fan's name, or the words for a fan the server no longer knows. */
export function fanName(fan: { username: string } | null | undefined): string {
  return fan?.username || t.unknownFan;
}

/** What closed a handled report: '기각', '이용 정지', … (an action it can't name: as it is). */
export function outcomeLabel(report: ModerationReport): string {
  if (report.status === 'dismissed') return t.outcomes['report.dismiss'] ?? report.outcome;
  return (
    (Object.hasOwn(t.outcomes, report.outcome) ? t.outcomes[report.outcome] : undefined) ??
    report.outcome
  );
}

export function kindLabel(kind: string): string {
  return (Object.hasOwn(t.kinds, kind) ? t.kinds[kind] : undefined) ?? kind;
}

export function reportStatusLabel(status: string): string {
  return (Object.hasOwn(t.reportStatuses, status) ? t.reportStatuses[status] : undefined) ?? status;
}
