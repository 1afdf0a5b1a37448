/**
 * The launcher's log levels (server/log.ts; docs/operators.md, Logs): what LOG_LEVEL lets
 * through, which lines of PocketBase and of the push dispatcher are warnings, start-up chatter or
 * events, and the request line printed at debug (no query string: file tokens, OAuth codes).
 */
import { describe, expect, it } from 'vitest';
import { enabled, levelOf, levelProblem, logLevel } from '../../server/log.ts';
import { pocketBaseLineLevel } from '../../server/pocketbase.ts';
import { requestLine } from '../../server/request-log.ts';

describe('LOG_LEVEL', () => {
  it('is info by default and for an unknown value, which is reported', () => {
    expect(logLevel({})).toBe('info');
    expect(logLevel({ LOG_LEVEL: 'DEBUG ' })).toBe('debug');
    expect(logLevel({ LOG_LEVEL: 'verbose' })).toBe('info');
    expect(levelProblem({ LOG_LEVEL: 'verbose' })).toMatch(/LOG_LEVEL=verbose .* using info/);
    expect(levelProblem({ LOG_LEVEL: 'warn' })).toBe(null);
    expect(levelProblem({})).toBe(null);
  });

  it('lets through its level and the ones above', () => {
    const at = (LOG_LEVEL: string) =>
      (['error', 'warn', 'info', 'debug'] as const).filter((l) => enabled(l, { LOG_LEVEL }));
    expect(at('error')).toEqual(['error']);
    expect(at('warn')).toEqual(['error', 'warn']);
    expect(at('info')).toEqual(['error', 'warn', 'info']);
    expect(at('debug')).toEqual(['error', 'warn', 'info', 'debug']);
  });
});

describe('the level of a line', () => {
  it("PocketBase's banner is chatter, its hooks' lines events, its stderr warnings", () => {
    for (const line of [
      '2026/11/30 13:34:20 Server started at http://127.0.0.1:8090',
      '├─ REST API:  http://127.0.0.1:8090/api/',
      '└─ Dashboard: http://127.0.0.1:8090/_/',
      '',
      "(!) Launch the URL below in the browser if it hasn't been open already to create your first superuser account:",
      'http://127.0.0.1:8090/_/#/pbinstall/eyJhbGciOi',
    ]) {
      expect(pocketBaseLineLevel(line, 'stdout'), line).toBe('debug');
    }
    expect(
      pocketBaseLineLevel(
        '2026/11/30 04:00:00 [signup] deleted 2 sign-up(s) never completed',
        'stdout',
      ),
    ).toBe('info');
    expect(pocketBaseLineLevel('2026/11/30 04:00:00 something broke', 'stderr')).toBe('warn');
  });

  it("the push dispatcher's failures are warnings, its sends information", () => {
    expect(levelOf('[push] sent 3 push(es), removed 1 expired subscription(s)')).toBe('info');
    expect(levelOf('[push] dispatch pass failed: ClientResponseError 0')).toBe('warn');
    expect(levelOf('[push] push to subscription abc refused (400): bad')).toBe('warn');
    expect(levelOf('[push] could not delete subscription abc: x')).toBe('warn');
    expect(levelOf('[push] notification n1 is older than the TTL: not sent')).toBe('warn');
  });
});

describe('the request line at debug', () => {
  it('has the method, the path without its query, the status and the time', () => {
    expect(
      requestLine({
        method: 'GET',
        url: '/api/files/photoCards/abc/front.webp?token=secret&thumb=100x0',
        status: 200,
        execTime: 3.14159,
      }),
    ).toBe('[http] GET /api/files/photoCards/abc/front.webp 200 3.1ms');
    expect(requestLine({ method: 'POST', url: '/api/batch', status: 400 })).toBe(
      '[http] POST /api/batch 400',
    );
  });
});
