/**
 * A turn of the event loop: what follows runs in a task of its own, after any input or rendering
 * that was waiting (docs/first-visit.md, No long tasks). `scheduler.yield()` where the browser has
 * it (it resumes ahead of other queued tasks), a zero timeout elsewhere.
 */
export function yieldToEventLoop(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

let turns: Promise<void> = Promise.resolve();

/**
 * Resolves in a turn of its own, after every turn asked for before it: many callers that would
 * each start some work at the same moment (every read of a screen going live at once) start it
 * one per task instead of all in one long task.
 */
export function nextTurn(): Promise<void> {
  const turn = turns.then(yieldToEventLoop);
  turns = turn.catch(() => undefined);
  return turn;
}
