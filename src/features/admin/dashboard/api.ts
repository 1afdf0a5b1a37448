/**
 * The dashboard's one request (docs/operators.md, The dashboard): today's figures, the Korean
 * calendar day's, each an indexed COUNT on the server (pb_hooks/lib/admin-dashboard.js). Admins
 * only; the answer is read field by field, so a figure the server leaves out reads as 0.
 */
import type PocketBase from 'pocketbase';
import { getClient } from '@/data/pb/client';

export interface Dashboard {
  /** The Korean day the figures count (`YYYY-MM-DD`). */
  day: string;
  /** When the server read them (PocketBase's date text). */
  at: string;
  newFans: number;
  posts: number;
  tradesCompleted: number;
  openReports: { informUs: number; chatReports: number };
  pushesFailing: number;
  deadLetters: { total: number; byKind: Array<{ kind: string; n: number }> };
}

async function pb(): Promise<PocketBase> {
  return (await getClient()).pb;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const obj = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The server's answer as the screen shows it: the dead letters' kinds most first. */
export function parseDashboard(raw: unknown): Dashboard {
  const r = obj(raw);
  const reports = obj(r['openReports']);
  const dead = obj(r['deadLetters']);
  const byKind = Object.entries(obj(dead['byKind']))
    .map(([kind, n]) => ({ kind, n: num(n) }))
    .sort((a, b) => b.n - a.n || a.kind.localeCompare(b.kind));
  return {
    day: text(r['day']),
    at: text(r['at']),
    newFans: num(r['newFans']),
    posts: num(r['posts']),
    tradesCompleted: num(r['tradesCompleted']),
    openReports: { informUs: num(reports['informUs']), chatReports: num(reports['chatReports']) },
    pushesFailing: num(r['pushesFailing']),
    deadLetters: { total: num(dead['total']), byKind },
  };
}

/** GET /api/pocamarket/admin/dashboard. */
export async function readDashboard(): Promise<Dashboard> {
  const raw: unknown = await (
    await pb()
  ).send('/api/pocamarket/admin/dashboard', { method: 'GET', requestKey: null });
  return parseDashboard(raw);
}
