/**
 * Names and nicknames only the operators may use (관리자, 운영자, admin, 포카마켓...): the words are
 * in pb_hooks/reserved-names.json, which the client reads too (src/lib/reserved-names.ts), so both
 * refuse the same values with the same Korean message.
 *
 * A value is reserved when, brought to its canonical form, it is one of the words or several of
 * them run together ('포카마켓 운영팀', 'official_admin'). The canonical form folds the ways a
 * look-alike is usually made:
 *  - NFKC (full-width 'ａｄｍｉｎ' → 'admin'), lower case, no whitespace ('관 리 자') and no
 *    zero-width or filler characters;
 *  - Cyrillic and Greek letters that look like Latin ones ('аdmin' with a Cyrillic а);
 *  - digits and signs written for letters: 0→o, 1 ! | l→i, 3→e, 4 `@`→a, 5 $→s, 7→t ('adm1n',
 *    'r00t'); 'l' and 'i' count as one letter, in the words too;
 *  - digits and separators at either end ('admin2', '관리자1', '_admin.') dropped, or the digits
 *    read as letters ('4dmin'): either way counts; after the folding, every character but
 *    letters and digits is dropped ('ad-min', 'official_admin').
 * So 'badminton' or '관리자님과친구' stay free: only whole values made of the words are refused.
 */

/** Digits and separators at either end ('admin2', '_admin.'), but not signs read as letters. */
const ENDS = /^[0-9\s"#%&'()*+,\-./:;<=>?[\\\]^_`{}~]+|[0-9\s"#%&'()*+,\-./:;<=>?[\\\]^_`{}~]+$/g;

let data;
function load() {
  if (!data) {
    const path = `${__hooks}/reserved-names.json`;
    let json;
    try {
      json = require(path);
    } catch {
      json = JSON.parse(toString($os.readFile(path)));
    }
    // the look-alikes first: canonical() folds the words with them
    data = { words: [], messages: json.messages, lookAlikes: json.lookAlikes || {} };
    for (const w of json.words || []) {
      const c = canonical(w);
      if (c && data.words.indexOf(c) < 0) data.words.push(c);
    }
  }
  return data;
}

/** Look-alike letters folded, then every character but letters and digits dropped. */
function fold(s) {
  const lookAlikes = load().lookAlikes;
  let out = '';
  for (const ch of Array.from(s)) {
    const mapped = lookAlikes[ch];
    out += mapped === undefined ? ch : mapped;
  }
  return out.replace(/[^0-9a-z가-힣]/g, '');
}

/** NFKC, lower case, no whitespace nor zero-width characters (lib/input-rules.js). */
function plain(value) {
  return require(`${__hooks}/lib/input-rules.js`).normalizeText(value);
}

/** The form reserved words are compared in (see the top of this file). */
function canonical(value) {
  return fold(plain(value).replace(ENDS, ''));
}

/** Whether `s` is one or more of `words` run together. */
function madeOfWords(s, words) {
  if (!s) return false;
  const ok = [true];
  for (let end = 1; end <= s.length; end++) {
    ok[end] = false;
    for (const w of words) {
      const start = end - w.length;
      if (start >= 0 && ok[start] && s.slice(start, end) === w) {
        ok[end] = true;
        break;
      }
    }
  }
  return ok[s.length];
}

/** Whether a display name or nickname is reserved for the operators. */
function isReservedName(value) {
  const words = load().words;
  // with the digits at the ends dropped ('admin2'), or read as letters ('4dmin')
  return madeOfWords(canonical(value), words) || madeOfWords(fold(plain(value)), words);
}

const MSG_RESERVED_NAME = load().messages.name;
const MSG_RESERVED_USERNAME = load().messages.username;

module.exports = {
  canonical,
  isReservedName,
  MSG_RESERVED_NAME,
  MSG_RESERVED_USERNAME,
};
