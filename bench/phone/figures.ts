/**
 * The phone benchmark's pure parts (unit-tested in tests/unit/bench-phone.test.ts): what the page's
 * observers recorded, summed into figures; which groups the fan follows; the side-by-side table.
 */
import type { Summary } from '../lib/stats.ts';

/** A main-thread long task as the page's 'longtask' observer saw it (ms from navigation start). */
export interface LongTask {
  start: number;
  duration: number;
}

export interface LongTaskFigures {
  /** Long tasks whose start falls in the window. */
  count: number;
  /** Their durations summed, ms. */
  totalMs: number;
  /** The longest, ms (0 when none). */
  longestMs: number;
  /** Of them, those over `overMs` (the budget's 200 ms). */
  over: number;
  /** Blocking time: each task's part beyond 50 ms, summed (as TBT counts it), ms. */
  blockingMs: number;
}

/** The long tasks that started in [from, to), summed. */
export function longTaskFigures(
  tasks: readonly LongTask[],
  from: number,
  to: number,
  overMs = 200,
): LongTaskFigures {
  const inWindow = tasks.filter((t) => t.start >= from && t.start < to);
  const round = (v: number) => Number(v.toFixed(1));
  return {
    count: inWindow.length,
    totalMs: round(inWindow.reduce((s, t) => s + t.duration, 0)),
    longestMs: round(inWindow.reduce((m, t) => Math.max(m, t.duration), 0)),
    over: inWindow.filter((t) => t.duration > overMs).length,
    blockingMs: round(inWindow.reduce((s, t) => s + Math.max(0, t.duration - 50), 0)),
  };
}

/** A script of a long animation frame ('long-animation-frame' entries' `scripts`). */
export interface FrameScript {
  /** The script's URL (the chunk), '' when the browser gives none. */
  url: string;
  /** e.g. 'Window.requestAnimationFrame', 'MessagePort.onmessage', 'IDBRequest.onsuccess'. */
  invoker: string;
  /** 'user-callback', 'event-listener', 'resolve-promise', 'classic-script', … */
  invokerType: string;
  duration: number;
}

export interface LongFrame {
  start: number;
  duration: number;
  blockingDuration: number;
  /** When the frame's style and layout began (0: none), ms from navigation start. */
  styleAndLayoutStart?: number;
  scripts: FrameScript[];
}

export const STYLE_LAYOUT = '(style, layout and paint of the frame)';
export const OTHER = '(outside scripts and layout: parsing, GC, the browser)';

/** `/assets/index-AbC123.js` → `index-AbC123.js`; another origin's URL stays whole. */
export function scriptName(url: string, origin?: string): string {
  if (!url) return '(no script: style, layout, paint or the browser)';
  try {
    const u = new URL(url);
    if (origin && u.origin !== origin) return url;
    return u.pathname.split('/').pop() || u.pathname;
  } catch {
    return url;
  }
}

export interface ScriptShare {
  /** `<chunk> <invoker>`. */
  script: string;
  /** Script time in long frames of the window, ms. */
  ms: number;
  /** Long frames it ran in. */
  frames: number;
}

/**
 * Where the long animation frames of [from, to) spent their time: scripts by chunk and invoker,
 * the frames' style, layout and paint (from `styleAndLayoutStart` to the frame's end), and the
 * rest (HTML parsing, garbage collection, the browser's own work); largest first, the first `top`.
 */
export function frameScripts(
  frames: readonly LongFrame[],
  from: number,
  to: number,
  origin?: string,
  top = 6,
): ScriptShare[] {
  const by = new Map<string, ScriptShare>();
  const add = (script: string, ms: number) => {
    const s = by.get(script) ?? { script, ms: 0, frames: 0 };
    s.ms += ms;
    s.frames++;
    by.set(script, s);
  };
  for (const f of frames) {
    if (f.start < from || f.start >= to) continue;
    let inScripts = 0;
    for (const s of f.scripts) {
      inScripts += s.duration;
      add(`${scriptName(s.url, origin)} ${s.invoker || s.invokerType}`.trim(), s.duration);
    }
    const end = f.start + f.duration;
    const layout = f.styleAndLayoutStart ? Math.max(0, end - f.styleAndLayoutStart) : 0;
    if (layout > 0) add(STYLE_LAYOUT, layout);
    const rest = f.duration - inScripts - layout;
    if (rest > 0) add(OTHER, rest);
  }
  return [...by.values()]
    .map((s) => ({ ...s, ms: Number(s.ms.toFixed(1)) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top);
}

/** An Event Timing entry ('event', durationThreshold 16). */
export interface EventEntry {
  name: string;
  start: number;
  duration: number;
}

/** Event Timing reports nothing under its 16 ms threshold: such a keystroke counts as this. */
export const UNDER_THRESHOLD_MS = 16;

/**
 * Each keystroke's duration: the longest event entry (keydown, beforeinput, input, keyup…) that
 * started between its mark and the next one's (the last: until `end`); a keystroke none of
 * whose events reached the 16 ms threshold counts as UNDER_THRESHOLD_MS (an upper bound).
 */
export function keystrokeDurations(
  events: readonly EventEntry[],
  marks: readonly number[],
  end: number,
): { ms: number; reported: boolean; events: string[] }[] {
  return marks.map((from, i) => {
    const to = marks[i + 1] ?? end;
    const mine = events.filter((e) => e.start >= from && e.start < to);
    if (!mine.length) return { ms: UNDER_THRESHOLD_MS, reported: false, events: [] };
    return {
      ms: Math.max(...mine.map((e) => e.duration)),
      reported: true,
      events: mine.map((e) => `${e.name} ${e.duration}`),
    };
  });
}

/** A count of the local store's records at a moment (ms from navigation start). */
export interface StoreSample {
  at: number;
  records: number;
}

/**
 * When the store stopped growing: the first sample that holds the last sample's count (the
 * count never changed after it); `settled` says whether it then stayed unchanged for at least
 * `quietMs` before the last sample (otherwise the store may still have been growing).
 */
export function stoppedGrowing(
  samples: readonly StoreSample[],
  quietMs: number,
): { at: number; records: number; settled: boolean } | null {
  if (!samples.length) return null;
  const last = samples[samples.length - 1]!;
  let i = samples.length - 1;
  while (i > 0 && samples[i - 1]!.records === last.records) i--;
  const at = samples[i]!.at;
  return { at, records: last.records, settled: last.at - at >= quietMs };
}

export interface GroupSize {
  id: string;
  groupName: string;
  cardCount: number;
}

/**
 * The `n` groups whose card count is nearest `target` (ties: the bigger, then by id), biggest
 * first: on the catalogue, groups of about 400 cards; on the demo seed, its biggest groups.
 */
export function groupsNear(groups: readonly GroupSize[], target: number, n: number): GroupSize[] {
  return [...groups]
    .filter((g) => g.cardCount > 0)
    .sort(
      (a, b) =>
        Math.abs(a.cardCount - target) - Math.abs(b.cardCount - target) ||
        b.cardCount - a.cardCount ||
        a.id.localeCompare(b.id),
    )
    .slice(0, n)
    .sort((a, b) => b.cardCount - a.cardCount || a.id.localeCompare(b.id));
}

/** One figure measured on both data sets, with its budget. */
export interface PairRow {
  figure: string;
  unit: string;
  demo: Summary | number | string | null;
  catalogue: Summary | number | string | null;
  /** e.g. '≤ 1,000 ms'; empty when the figure has none. */
  budget: string;
  /** The limit to read each median against, or 'demo' (the catalogue no worse than the demo). */
  limit?: { op: '<=' | '>='; value: number } | 'demo';
}

function num(v: number): string {
  return v.toLocaleString('en-US', { maximumFractionDigits: 3 });
}

function median(v: PairRow['demo']): number | null {
  if (v === null || typeof v === 'string') return null;
  return typeof v === 'number' ? v : v.median;
}

/** A cell: the median, with min–max when there was more than one run. */
export function pairCell(v: PairRow['demo']): string {
  if (v === null) return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return num(v);
  return v.runs.length > 1 && v.min !== v.max
    ? `${num(v.median)} (${num(v.min)}–${num(v.max)})`
    : num(v.median);
}

/** Whether each column meets the row's budget: 'met', 'missed' or '' (no budget, no figure). */
export function verdicts(row: PairRow): { demo: string; catalogue: string } {
  const d = median(row.demo);
  const c = median(row.catalogue);
  const check = (v: number | null, op: '<=' | '>=', limit: number) =>
    v === null ? '' : (op === '<=' ? v <= limit : v >= limit) ? 'met' : 'missed';
  if (!row.limit) return { demo: '', catalogue: '' };
  if (row.limit === 'demo') {
    return { demo: '', catalogue: d === null ? '' : check(c, '<=', d) };
  }
  return {
    demo: check(d, row.limit.op, row.limit.value),
    catalogue: check(c, row.limit.op, row.limit.value),
  };
}

/**
 * The side-by-side table as Markdown: figure | demo | catalogue | unit | budget, each column's
 * verdict beside the budget (`met / missed`: demo's, then the catalogue's).
 */
export function sideBySideMarkdown(
  rows: readonly PairRow[],
  labels: { demo: string; catalogue: string },
): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const out = [
    `| figure | ${esc(labels.demo)} | ${esc(labels.catalogue)} | unit | budget |`,
    '| --- | ---: | ---: | --- | --- |',
  ];
  for (const r of rows) {
    const v = verdicts(r);
    const verdict =
      r.limit === 'demo'
        ? v.catalogue && `: ${v.catalogue}`
        : v.demo || v.catalogue
          ? `: ${v.demo || '—'} / ${v.catalogue || '—'}`
          : '';
    out.push(
      `| ${esc(r.figure)} | ${esc(pairCell(r.demo))} | ${esc(pairCell(r.catalogue))} | ${esc(r.unit)} | ${esc(r.budget)}${verdict} |`,
    );
  }
  return out.join('\n');
}

/** The same table as plain text for the terminal. */
export function sideBySideText(
  rows: readonly PairRow[],
  labels: { demo: string; catalogue: string },
): string {
  const lines = rows.map((r) => {
    const v = verdicts(r);
    const verdict =
      r.limit === 'demo'
        ? v.catalogue && `: ${v.catalogue}`
        : v.demo || v.catalogue
          ? `: ${v.demo || '—'} / ${v.catalogue || '—'}`
          : '';
    return [r.figure, pairCell(r.demo), pairCell(r.catalogue), r.unit, `${r.budget}${verdict}`];
  });
  const head = ['figure', labels.demo, labels.catalogue, 'unit', 'budget'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (l: string[]) =>
    l
      .map((c, i) => (i === 1 || i === 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(fmt)].join('\n');
}

/** A Chromium trace event (the fields the breakdown reads). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

export interface TraceShare {
  /** The event's name, with the script for script events (`FunctionCall index-abc.js`). */
  what: string;
  /** Self time inside the main thread's long tasks (tasks over 50 ms), ms. */
  ms: number;
}

const SCRIPT_EVENTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.compile',
  'v8.evaluateModule',
]);

/**
 * Where a page's long tasks went, from a trace: the renderer main thread (`CrRendererMain`) that
 * ran the most, its top-level tasks (`RunTask`) over 50 ms, and the self time (own time less its
 * children's) of every event inside them by name; script events by their script's file. Largest
 * first, the first `top`.
 */
export function traceBreakdown(
  events: readonly TraceEvent[],
  top = 12,
): { tasks: number; taskMs: number; shares: TraceShare[] } {
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const runTask = (e: TraceEvent) =>
    e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  let best: { pid: number; tid: number; ms: number } | null = null;
  for (const m of mains) {
    const ms = events
      .filter((e) => e.pid === m.pid && e.tid === m.tid && runTask(e))
      .reduce((s, e) => s + (e.dur ?? 0), 0);
    if (!best || ms > best.ms) best = { pid: m.pid, tid: m.tid, ms };
  }
  if (!best) return { tasks: 0, taskMs: 0, shares: [] };
  const mine = events
    .filter((e) => e.pid === best.pid && e.tid === best.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const by = new Map<string, number>();
  let tasks = 0;
  let taskMs = 0;
  // a stack of open events inside the current long task: each one's self time is its duration
  // less its direct children's
  let stack: { e: TraceEvent; end: number; children: number; what: string }[] = [];
  let taskEnd = -1;
  const close = (upTo: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= upTo) {
      const top = stack.pop()!;
      const self = (top.e.dur ?? 0) - top.children;
      by.set(top.what, (by.get(top.what) ?? 0) + self / 1000);
      if (stack.length) stack[stack.length - 1]!.children += top.e.dur ?? 0;
    }
  };
  for (const e of mine) {
    if (runTask(e) && e.ts >= taskEnd) {
      close(Infinity);
      stack = [];
      if ((e.dur ?? 0) <= 50_000) {
        taskEnd = -1;
        continue;
      }
      tasks++;
      taskMs += (e.dur ?? 0) / 1000;
      taskEnd = e.ts + (e.dur ?? 0);
    } else if (taskEnd < 0 || e.ts >= taskEnd) continue;
    close(e.ts);
    const url = e.args?.data?.url;
    const what =
      SCRIPT_EVENTS.has(e.name) && url !== undefined
        ? `${e.name} ${url ? scriptName(url) : '(inline)'}`
        : runTask(e)
          ? '(task, outside any traced event)'
          : e.name;
    stack.push({ e, end: e.ts + (e.dur ?? 0), children: 0, what });
  }
  close(Infinity);
  return {
    tasks,
    taskMs: Number(taskMs.toFixed(1)),
    shares: [...by.entries()]
      .map(([what, ms]) => ({ what, ms: Number(ms.toFixed(1)) }))
      .filter((s) => s.ms > 0)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
  };
}
