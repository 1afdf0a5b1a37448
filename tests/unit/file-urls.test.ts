/**
 * The pure parts of files and uploads: file-token URLs and cache keys (src/data/pb/files.ts,
 * file-token.ts) and the server's sniffing, stored names, day and quota arithmetic
 * (pb_hooks/lib/uploads.js, evaluated from its CommonJS source like report-rules.test.ts does).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileUrlWithToken, tokenExpiry } from '../../src/data/pb/file-token.ts';
import {
  fileUrl,
  isProtectedFile,
  withFileToken,
  withoutFileToken,
} from '../../src/data/pb/files.ts';

interface Quota {
  files: number;
  bytes: number;
  what: string;
}
interface Uploads {
  sniffImage: (bytes: number[]) => string;
  storedName: (generated: string, mime: string) => string;
  dayStart: (ms: number) => number;
  quotaProblem: (q: Quota, used: Omit<Quota, 'what'>, adding: Omit<Quota, 'what'>) => string;
  QUOTAS: Record<string, Quota>;
}
function loadUploads(): Uploads {
  const source = readFileSync(resolve(__dirname, '../../pb_hooks/lib/uploads.js'), 'utf8');
  const module = { exports: {} as unknown };
  new Function('module', 'exports', source)(module, module.exports);
  return module.exports as Uploads;
}
const server = loadUploads();

describe('file token URLs', () => {
  it('adds and strips the token, keeping the thumb', () => {
    const url = fileUrl('informUs', 'abc', 'x_1.png', '100x135');
    const tokened = withFileToken(url, 'a.b.c');
    expect(tokened).toBe('/api/files/informUs/abc/x_1.png?thumb=100x135&token=a.b.c');
    expect(withoutFileToken(tokened)).toBe(url);
    expect(withoutFileToken(withFileToken('/api/files/c/i/f.png', 't'))).toBe(
      '/api/files/c/i/f.png',
    );
    expect(withoutFileToken('http://h/api/files/c/i/f.png?token=t&thumb=1x1#x')).toBe(
      'http://h/api/files/c/i/f.png?thumb=1x1#x',
    );
    // only `token` goes: a parameter that merely starts with it stays
    expect(withoutFileToken('/f.png?tokens=1')).toBe('/f.png?tokens=1');
  });

  it('only reports and collect books are protected', () => {
    expect(['informUs', 'collectBook'].every(isProtectedFile)).toBe(true);
    expect(['groups', 'photoCards', 'meetUps', 'users'].some(isProtectedFile)).toBe(false);
  });

  it('a protected URL waits for the first token, then carries it, or goes without once settled', () => {
    const url = '/api/files/informUs/a/b.png';
    expect(fileUrlWithToken('informUs', url, { token: '', settled: false })).toBe('');
    expect(fileUrlWithToken('informUs', url, { token: 't', settled: true })).toBe(`${url}?token=t`);
    expect(fileUrlWithToken('informUs', url, { token: '', settled: true })).toBe(url);
    expect(
      fileUrlWithToken('users', '/api/files/users/a/b.png', { token: '', settled: false }),
    ).toBe('/api/files/users/a/b.png');
  });

  it('reads a token’s expiry from its exp claim, or assumes a short life', () => {
    const payload = btoa(JSON.stringify({ exp: 1_900_000_000 })).replace(/=+$/, '');
    expect(tokenExpiry(`h.${payload}.s`)).toBe(1_900_000_000_000);
    expect(tokenExpiry('garbage', 1000)).toBe(121_000);
  });
});

describe('server: what an upload is and what it is called', () => {
  const bytes = (s: string) => s.split('').map((c) => c.charCodeAt(0));
  it('knows the four image types by their first bytes, nothing else', () => {
    expect(server.sniffImage([0x89, ...bytes('PNG\r\n\x1a\n')])).toBe('image/png');
    expect(server.sniffImage([0xff, 0xd8, 0xff, 0xe0])).toBe('image/jpeg');
    expect(server.sniffImage(bytes('GIF89a'))).toBe('image/gif');
    expect(server.sniffImage(bytes('GIF87a'))).toBe('image/gif');
    expect(server.sniffImage(bytes('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    for (const other of ['RIFF\0\0\0\0WAVE', '<svg', 'alert(1)', '%PDF-1.4', 'GIF8', ''])
      expect(server.sniffImage(bytes(other)), other).toBe('');
  });

  it('keeps the generated name and puts the real extension on it', () => {
    expect(server.storedName('x_abc123.js', 'image/gif')).toBe('x_abc123.gif');
    expect(server.storedName('photo_abc123.jpeg', 'image/jpeg')).toBe('photo_abc123.jpg');
    expect(server.storedName('noext_abc123', 'image/png')).toBe('noext_abc123.png');
  });

  it('a day starts at midnight in Korea (15:00 UTC)', () => {
    const at = Date.UTC(2026, 0, 2, 14, 59);
    expect(new Date(server.dayStart(at)).toISOString()).toBe('2026-01-01T15:00:00.000Z');
    expect(new Date(server.dayStart(at + 60_000)).toISOString()).toBe('2026-01-02T15:00:00.000Z');
  });

  it('over either the count or the bytes, a Korean message', () => {
    const q = server.QUOTAS['informUs']!;
    expect(server.quotaProblem(q, { files: q.files - 1, bytes: 0 }, { files: 1, bytes: 1 })).toBe(
      '',
    );
    expect(server.quotaProblem(q, { files: q.files, bytes: 0 }, { files: 1, bytes: 1 })).toMatch(
      /^오늘은 제보 이미지를 더 올릴 수 없습니다/,
    );
    expect(server.quotaProblem(q, { files: 0, bytes: q.bytes }, { files: 1, bytes: 1 })).not.toBe(
      '',
    );
  });
});
