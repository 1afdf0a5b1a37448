import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isHttpUrl,
  isValidReportImage,
  questionsToShow,
} from '../../src/features/reports/report-rules.ts';

// The server's rules (pb_hooks/lib/reports.js) are CommonJS for PocketBase's JS VM (this package is
// ESM, so Node won't `require` a .js file): evaluate its source with a module object, and run its
// pure part here, so the client and the server are checked against the same cases.
function loadServerRules(): unknown {
  const source = readFileSync(resolve(__dirname, '../../pb_hooks/lib/reports.js'), 'utf8');
  const module = { exports: {} as unknown };
  new Function('module', 'exports', source)(module, module.exports);
  return module.exports;
}
const server = loadServerRules() as {
  PHOCA_TYPES: string[];
  isHttpUrl: (s: string) => boolean;
  reportProblems: (type: string, get: (f: string) => unknown) => { field: string }[];
};

describe('isHttpUrl (client and server agree)', () => {
  const good = [
    'https://x.com/pocamarket/status/1',
    'http://cafe.example.kr',
    'HTTPS://Example.com/a?b=c#d',
    '  https://example.com/path  ',
  ];
  const bad = [
    '',
    'not a link',
    'x.com/status/1',
    'ftp://files.example.com/a',
    'javascript:alert(1)',
    'https://',
    'https:// example.com',
    'mailto:a@b.c',
  ];
  it.each(good)('accepts %s', (url) => {
    expect(isHttpUrl(url)).toBe(true);
    expect(server.isHttpUrl(url.trim())).toBe(true);
  });
  it.each(bad)('refuses %s', (url) => {
    expect(isHttpUrl(url)).toBe(false);
    expect(server.isHttpUrl(url.trim())).toBe(false);
  });
});

describe('isValidReportImage', () => {
  it('takes PNG, JPEG, WEBP and GIF up to 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
      expect(isValidReportImage(new Blob(['x'], { type }))).toBe(true);
    }
  });
  it('refuses other types and bigger files', () => {
    expect(isValidReportImage(new Blob(['x'], { type: 'image/svg+xml' }))).toBe(false);
    expect(isValidReportImage(new Blob(['x'], { type: 'text/plain' }))).toBe(false);
    expect(
      isValidReportImage(new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' })),
    ).toBe(false);
  });
});

describe('questionsToShow (the progressive reveal)', () => {
  it('shows the answered questions and the first open one', () => {
    expect(questionsToShow([false, false, false])).toBe(1);
    expect(questionsToShow([true, false, false])).toBe(2);
    expect(questionsToShow([true, true, false])).toBe(3);
    expect(questionsToShow([true, true, true])).toBe(3);
  });
  it('never skips an open question', () => {
    expect(questionsToShow([true, false, true, true])).toBe(2);
  });
  it('keeps questions already shown when an earlier answer is cleared', () => {
    expect(questionsToShow([true, false, false, false], 3)).toBe(3);
    expect(questionsToShow([false, false], 5)).toBe(2);
  });
});

describe('server reportProblems', () => {
  const phoca: Record<string, unknown> = {
    phocaImg: true,
    group: 'RIIZE',
    artistName: '원빈',
    phocaType: '앨범',
    phocaTitle: '앨범 포카',
  };
  const meetup: Record<string, unknown> = {
    meetUpImg: true,
    group: 'RIIZE',
    artistName: '원빈',
    cafeName: '카페',
    cafeAddress: '서울 마포구 양화로 45',
    meetUpDuration: '2026.12.01 - 2026.12.03',
    SourceURL_: 'https://x.com/a',
  };
  const problems = (type: string, fields: Record<string, unknown>) =>
    server.reportProblems(type, (f) => fields[f]).map((p) => p.field);

  it('finds nothing wrong with complete reports', () => {
    expect(problems('phoca', phoca)).toEqual([]);
    expect(problems('meetup', meetup)).toEqual([]);
  });
  it('names every missing or blank field, in the form’s order', () => {
    expect(problems('phoca', { ...phoca, phocaImg: false, phocaTitle: '  ' })).toEqual([
      'phocaImg',
      'phocaTitle',
    ]);
    expect(problems('meetup', {})).toEqual([
      'meetUpImg',
      'artistName',
      'group',
      'cafeName',
      'cafeAddress',
      'meetUpDuration',
      'SourceURL_',
    ]);
  });
  it('counts zero-width characters alone as blank, as the form does', async () => {
    const { filled } = await import('../../src/features/reports/report-rules.ts');
    const invisible = ' \u200b\u2060\ufeff ';
    expect(problems('phoca', { ...phoca, artistName: invisible })).toEqual(['artistName']);
    expect(filled(invisible)).toBe(false);
    expect(problems('phoca', { ...phoca, artistName: '\u200b원빈' })).toEqual([]);
    expect(filled('\u200b원빈')).toBe(true);
  });
  it('takes only the five photo card types', () => {
    for (const t of server.PHOCA_TYPES)
      expect(problems('phoca', { ...phoca, phocaType: t })).toEqual([]);
    expect(problems('phoca', { ...phoca, phocaType: '포스터' })).toEqual(['phocaType']);
  });
  it('has the same five types as the app', async () => {
    const { ko } = await import('../../src/i18n/ko.ts');
    expect(server.PHOCA_TYPES).toEqual([...ko.photoCardTypes]);
  });
});
