import { describe, expect, it } from 'vitest';
import {
  frameScripts,
  groupsNear,
  keystrokeDurations,
  longTaskFigures,
  OTHER,
  sideBySideMarkdown,
  stoppedGrowing,
  STYLE_LAYOUT,
  traceBreakdown,
  UNDER_THRESHOLD_MS,
  verdicts,
  type PairRow,
} from '../../bench/phone/figures.ts';
import { summarize } from '../../bench/lib/stats.ts';

describe('phone bench: long tasks', () => {
  const tasks = [
    { start: 10, duration: 60 },
    { start: 500, duration: 250 },
    { start: 900, duration: 51 },
    { start: 2000, duration: 400 },
  ];

  it('sums the tasks that start in the window, with the longest and those over 200 ms', () => {
    expect(longTaskFigures(tasks, 0, 1000)).toEqual({
      count: 3,
      totalMs: 361,
      longestMs: 250,
      over: 1,
      blockingMs: 10 + 200 + 1,
    });
  });

  it('a window with no tasks is all zeros', () => {
    expect(longTaskFigures(tasks, 3000, 4000)).toEqual({
      count: 0,
      totalMs: 0,
      longestMs: 0,
      over: 0,
      blockingMs: 0,
    });
  });
});

describe('phone bench: long animation frames by script', () => {
  it('adds script time by chunk and invoker, then layout and the rest of each frame', () => {
    const origin = 'http://127.0.0.1:8090';
    const frames = [
      {
        start: 100,
        duration: 120,
        blockingDuration: 70,
        styleAndLayoutStart: 200,
        scripts: [
          {
            url: `${origin}/assets/client-abc.js`,
            invoker: 'MessagePort.onmessage',
            invokerType: 'event-listener',
            duration: 80,
          },
        ],
      },
      {
        start: 400,
        duration: 60,
        blockingDuration: 10,
        scripts: [
          {
            url: `${origin}/assets/client-abc.js`,
            invoker: 'MessagePort.onmessage',
            invokerType: 'event-listener',
            duration: 50,
          },
        ],
      },
      { start: 5000, duration: 300, blockingDuration: 250, scripts: [] },
    ];
    expect(frameScripts(frames, 0, 1000, origin)).toEqual(
      [
        { script: 'client-abc.js MessagePort.onmessage', ms: 130, frames: 2 },
        { script: STYLE_LAYOUT, ms: 20, frames: 1 },
        { script: OTHER, ms: 30, frames: 2 },
      ].sort((a, b) => b.ms - a.ms),
    );
  });
});

describe('phone bench: keystrokes', () => {
  it("takes each key's longest event before the next key; none over 16 ms counts as 16", () => {
    const events = [
      { name: 'keydown', start: 1000, duration: 24 },
      { name: 'input', start: 1002, duration: 56 },
      { name: 'keyup', start: 2500, duration: 40 },
      { name: 'input', start: 3100, duration: 104 },
    ];
    const keys = keystrokeDurations(events, [1000, 2000, 3000], 4000);
    expect(keys.map((k) => k.ms)).toEqual([56, 40, 104]);
    expect(keystrokeDurations([], [1000], 2000)).toEqual([
      { ms: UNDER_THRESHOLD_MS, reported: false, events: [] },
    ]);
  });
});

describe('phone bench: when the store stopped growing', () => {
  it('is the first sample with the final count; settled once it stayed so long enough', () => {
    const samples = [
      { at: 1000, records: 0 },
      { at: 2000, records: 40 },
      { at: 3000, records: 95 },
      { at: 4000, records: 95 },
      { at: 9000, records: 95 },
    ];
    expect(stoppedGrowing(samples, 5000)).toEqual({ at: 3000, records: 95, settled: true });
    expect(stoppedGrowing(samples.slice(0, 4), 5000)).toEqual({
      at: 3000,
      records: 95,
      settled: false,
    });
    expect(stoppedGrowing([], 5000)).toBeNull();
  });
});

describe("phone bench: the fan's groups", () => {
  it('takes the groups nearest the target size, biggest first; empty groups never', () => {
    const g = (id: string, cardCount: number) => ({ id, groupName: id, cardCount });
    const groups = [g('a', 6700), g('b', 410), g('c', 390), g('d', 402), g('e', 0), g('f', 120)];
    expect(groupsNear(groups, 400, 3).map((x) => x.id)).toEqual(['b', 'd', 'c']);
    // the demo seed: every group is small, so its biggest
    const demo = [g('riize', 63), g('svt', 65), g('skz', 40), g('x', 12)];
    expect(groupsNear(demo, 400, 3).map((x) => x.id)).toEqual(['svt', 'riize', 'skz']);
  });
});

describe('phone bench: the side-by-side table', () => {
  const rows: PairRow[] = [
    {
      figure: 'long tasks',
      unit: 'ms',
      demo: summarize([300, 500, 400]),
      catalogue: summarize([1200]),
      budget: '≤ 1,000 ms',
      limit: { op: '<=', value: 1000 },
    },
    {
      figure: 'repeat LCP',
      unit: 'ms',
      demo: summarize([700]),
      catalogue: summarize([650]),
      budget: 'no slower than demo',
      limit: 'demo',
    },
    { figure: 'records', unit: '', demo: 244, catalogue: null, budget: '' },
  ];

  it('reads each median against the budget, or the catalogue against the demo', () => {
    expect(verdicts(rows[0]!)).toEqual({ demo: 'met', catalogue: 'missed' });
    expect(verdicts(rows[1]!)).toEqual({ demo: '', catalogue: 'met' });
    expect(verdicts(rows[2]!)).toEqual({ demo: '', catalogue: '' });
  });

  it('renders one row per figure with both columns and the budget', () => {
    const md = sideBySideMarkdown(rows, { demo: 'demo', catalogue: '200k' });
    expect(md.split('\n')).toEqual([
      '| figure | demo | 200k | unit | budget |',
      '| --- | ---: | ---: | --- | --- |',
      '| long tasks | 400 (300–500) | 1,200 | ms | ≤ 1,000 ms: met / missed |',
      '| repeat LCP | 700 | 650 | ms | no slower than demo: met |',
      '| records | 244 | — |  |  |',
    ]);
  });
});

describe('phone bench: a trace broken down', () => {
  it("adds the self time of the events inside the busiest renderer's long tasks", () => {
    const x = (name: string, ts: number, dur: number, pid = 1, url?: string) => ({
      name,
      ph: 'X',
      ts,
      dur,
      pid,
      tid: 1,
      ...(url !== undefined ? { args: { data: { url } } } : {}),
    });
    const events = [
      { name: 'thread_name', ph: 'M', ts: 0, pid: 1, tid: 1, args: { name: 'CrRendererMain' } },
      { name: 'thread_name', ph: 'M', ts: 0, pid: 2, tid: 1, args: { name: 'CrRendererMain' } },
      // a long task (100 ms): a script call with a layout in it, then HTML parsing
      x('RunTask', 0, 100_000),
      x('FunctionCall', 10_000, 60_000, 1, 'http://127.0.0.1:8090/assets/client-abc.js'),
      x('Layout', 20_000, 10_000),
      x('ParseHTML', 80_000, 10_000),
      // a short task: left out
      x('RunTask', 200_000, 20_000),
      x('FunctionCall', 205_000, 10_000, 1, 'http://127.0.0.1:8090/assets/db-abc.js'),
      // another renderer that ran less
      x('RunTask', 0, 60_000, 2),
    ];
    expect(traceBreakdown(events)).toEqual({
      tasks: 1,
      taskMs: 100,
      shares: [
        { what: 'FunctionCall client-abc.js', ms: 50 },
        { what: '(task, outside any traced event)', ms: 30 },
        { what: 'Layout', ms: 10 },
        { what: 'ParseHTML', ms: 10 },
      ],
    });
  });
});
