// Reserved names and nicknames (관리자, admin, 포카마켓 and their look-alikes): the client's rule
// (src/lib/reserved-names.ts) and the server's (pb_hooks/lib/reserved-names.js) give the same
// answers, and the sign-up name rule uses it with the server's Korean message.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { nameError } from '../../src/lib/account-validation';
import { canonicalName, isReservedName, MSG_RESERVED_NAME } from '../../src/lib/reserved-names';

const RESERVED = [
  'admin',
  'ADMIN',
  'Admin',
  'admin.',
  '_admin',
  '.admin_',
  '-admin-',
  'admin2',
  'adm1n',
  '4dmin',
  'r00t',
  'ａｄｍｉｎ',
  'a d m i n',
  'admin\u200b',
  '\u0430dmin', // Cyrillic а
  'ad-min',
  'administrator',
  'root',
  'System',
  'sys_admin',
  'official_admin',
  '관리자',
  '관 리 자',
  ' 관리자 ',
  '관리자1',
  '관리자\u200b',
  '운영자',
  '운영팀',
  '고객센터',
  '포카마켓',
  '포카마켓 운영팀',
  'pocamarket',
  'PocaMarket_Official',
];

const FREE = [
  'badminton',
  'adminkim',
  'rooted',
  'systematic',
  '관리자님팬',
  '포카러버',
  '김하린',
  'Hong Gildong',
  'minji_4k2p',
  '1004',
  '',
];

let server: { isReservedName(v: string): boolean; canonical(v: string): string };

/**
 * Loads a pb_hooks module the way PocketBase's JSVM runs it (CommonJS, `${__hooks}` the hooks
 * directory); package.json makes Node read .js files as ES modules, so it is evaluated here.
 */
function loadHook(path: string): unknown {
  if (path.endsWith('.json')) return JSON.parse(readFileSync(path, 'utf8'));
  const module = { exports: {} as unknown };
  const source = readFileSync(path, 'utf8');
  const run = new Function('module', 'exports', 'require', '__hooks', source) as (
    ...args: unknown[]
  ) => void;
  run(module, module.exports, loadHook, join(process.cwd(), 'pb_hooks'));
  return module.exports;
}

beforeAll(() => {
  server = loadHook(join(process.cwd(), 'pb_hooks/lib/reserved-names.js')) as typeof server;
});

describe('reserved names', () => {
  it.each(RESERVED)('%j is reserved, on both sides', (value) => {
    expect(isReservedName(value)).toBe(true);
    expect(server.isReservedName(value)).toBe(true);
  });

  it.each(FREE)('%j is free, on both sides', (value) => {
    expect(isReservedName(value)).toBe(false);
    expect(server.isReservedName(value)).toBe(false);
  });

  it('folds the same way on both sides', () => {
    for (const value of [...RESERVED, ...FREE]) {
      expect(canonicalName(value)).toBe(server.canonical(value));
    }
    expect(canonicalName('_Ａdm1n.')).toBe('admin');
    expect(canonicalName('관 리 자1')).toBe('관리자');
  });

  it('the sign-up name rule refuses them with the server message', () => {
    expect(MSG_RESERVED_NAME).toBe('사용할 수 없는 이름입니다.');
    expect(nameError('관리자')).toBe(MSG_RESERVED_NAME);
    expect(nameError('운영자')).toBe(MSG_RESERVED_NAME);
    expect(nameError('Admin Root')).toBe(MSG_RESERVED_NAME);
    expect(nameError('김하린')).toBeNull();
    // the format rule still comes first
    expect(nameError('관리')).toBeNull();
    expect(nameError('관 리 자')).toBe('이름 형식으로 입력해주세요');
  });
});
