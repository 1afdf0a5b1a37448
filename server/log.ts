/**
 * The launcher's log lines and LOG_LEVEL (docs/operators.md, Logs): `error`, `warn`, `info` (the
 * default) or `debug`. Errors and warnings go to stderr, the rest to stdout, one line each, as
 * they are (the part's own prefix, `[push] …`, `[mail] …`, says where a line comes from). An idle
 * server at `info` prints nothing: lines are for events (a mail, a push sent or failed, a
 * cleanup), start-up chatter is `debug`.
 */

export type Level = 'error' | 'warn' | 'info' | 'debug';

export const LEVELS: readonly Level[] = ['error', 'warn', 'info', 'debug'];

/** LOG_LEVEL as given, or `info` when unset or not one of LEVELS (see `levelProblem`). */
export function logLevel(env: NodeJS.ProcessEnv = process.env): Level {
  const asked = env['LOG_LEVEL']?.trim().toLowerCase();
  return LEVELS.find((l) => l === asked) ?? 'info';
}

/** A sentence for the log when LOG_LEVEL is set to something it does not know; else null. */
export function levelProblem(env: NodeJS.ProcessEnv = process.env): string | null {
  const asked = env['LOG_LEVEL']?.trim();
  if (!asked || LEVELS.includes(asked.toLowerCase() as Level)) return null;
  return `[start] LOG_LEVEL=${asked} is not one of ${LEVELS.join(', ')}: using info`;
}

/** Whether a line of `level` is printed at LOG_LEVEL. */
export function enabled(level: Level, env: NodeJS.ProcessEnv = process.env): boolean {
  return LEVELS.indexOf(level) <= LEVELS.indexOf(logLevel(env));
}

/** Prints `line` at `level` when LOG_LEVEL lets it through. */
export function logAt(level: Level, line: string): void {
  if (!enabled(level)) return;
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

export const log = {
  error: (line: string) => logAt('error', line),
  warn: (line: string) => logAt('warn', line),
  info: (line: string) => logAt('info', line),
  debug: (line: string) => logAt('debug', line),
};

/**
 * The level of a line from a part that only says what happened (the push dispatcher, the
 * replication): one that reports a failure is a warning, the rest is information.
 */
export function levelOf(line: string): 'warn' | 'info' {
  return /\b(fail(ed|s|ure)?|refused|error|could not|cannot|not sent|malformed|timed? ?out)\b/i.test(
    line,
  )
    ? 'warn'
    : 'info';
}

/** Logs `line` at the level `levelOf` gives it. */
export function logEvent(line: string): void {
  logAt(levelOf(line), line);
}

/**
 * Calls `onLine` with each whole line of a child's stream (a chunk may end mid-line); the rest is
 * passed on when the stream ends.
 */
export function eachLine(
  stream: NodeJS.ReadableStream | null | undefined,
  onLine: (line: string) => void,
): void {
  if (!stream) return;
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(line.replace(/\r$/, ''));
  });
  stream.on('end', () => {
    if (rest) onLine(rest);
    rest = '';
  });
}
