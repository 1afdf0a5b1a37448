/**
 * Search keys (docs/data-model.md, Search keys; docs/product-rules.md, Search): the hidden text
 * `searchKey` of `photoCards` and `groups`, and the index the search route (lib/search.js) finds
 * cards by.
 *
 * A key is the record's searchable fields, each folded (NFKC, lower case, every blank removed, so
 * '원 빈' and 'le sserafim' match '원빈' and 'lesserafim'), then the initial consonants (choseong,
 * es-hangul's getChoseong) of each name and title that has Hangul ('원빈' → 'ㅇㅂ', '라이즈' →
 * 'ㄹㅇㅈ'; not of a label), folded the same way, all joined by a line break. A query is folded the same way, so it holds no
 * line break and a match never spans two fields. A query made only of choseong letters finds them
 * in the choseong parts; a query with a syllable or a Latin letter cannot match there.
 *
 * A card's key has its own fields (group name, member name and its Latin form, title, label) and
 * its group's names (`groupName`, `groupNameKo`), so 라이즈 and ㄹㅇㅈ find RIIZE's cards.
 *
 * The substring search runs on an index, not on a scan of the keys (a scan of 200,000 keys took
 * about 100 ms): `photoCardsSearch`, an FTS5 table with the trigram tokenizer over each key with
 * every character tripled (indexText), and `photoCardsSearchIds`, which gives each card its row
 * number there. Every key write goes through storeCardKeys, which keeps both.
 *
 * This module only makes keys and index text, touching no database; writing them (storeCardKeys,
 * the record hooks' helpers, the backfill) is lib/search-key-store.js.
 *
 * The same folding runs on devices over the cards they hold (src/lib/card-search.ts);
 * tests/unit/search-key.test.ts checks that both agree.
 */

const { getChoseong } = require(`${__hooks}/lib/vendor/es-hangul.js`);

const SEPARATOR = '\n';
const BLANKS = /\s+/g;
const HANGUL_SYLLABLE = /[가-힣]/;

/** NFKC, lower case, no blanks: how keys and queries are compared. */
function fold(text) {
  return String(text == null ? '' : text)
    .normalize('NFKC')
    .toLowerCase()
    .replace(BLANKS, '');
}

/** A field's folded text and its folded choseong ('' without Hangul). */
function foldField(value, memo) {
  const raw = String(value == null ? '' : value);
  const fields = memo ? memo.fields || (memo.fields = new Map()) : null;
  const hit = fields ? fields.get(raw) : undefined;
  if (hit) return hit;
  const folded = fold(raw);
  const cho = HANGUL_SYLLABLE.test(folded) ? fold(getChoseong(folded)) : '';
  const out = [folded, cho];
  if (fields) fields.set(raw, out);
  return out;
}

/**
 * The key of field values: the folded `fields`, then the choseong of `named` (names and titles:
 * a label such as 앨범 would make ㅇㅂ find a fifth of the catalogue), once each. `memo` (an
 * object) keeps folded fields across calls: the backfill meets the same names again and again.
 */
function keyOf(fields, named, memo) {
  const parts = [];
  const seen = {};
  const add = (part) => {
    if (part && !seen[part]) {
      seen[part] = true;
      parts.push(part);
    }
  };
  for (const v of fields) add(foldField(v, memo)[0]);
  for (const v of named) add(foldField(v, memo)[1]);
  return parts.join(SEPARATOR);
}

/** A group's key from its names. */
function groupKey(group) {
  const names = [group.groupName, group.groupNameKo];
  return keyOf(names, names);
}

/**
 * A card's key from its fields and its group's names (`group` may be null). With `memo`, the
 * parts of the group's and the member's names are kept per group and member (the backfill's cards
 * share them), so a card costs its title and label only.
 */
function cardKey(card, group, memo) {
  const head = [
    card.groupName,
    group ? group.groupName : '',
    group ? group.groupNameKo : '',
    card.memberName,
    card.memberNameEn,
  ];
  const headKey = head.join('\u0001');
  let parts = memo && memo.heads ? memo.heads.get(headKey) : undefined;
  if (!parts) {
    const fields = head.map((v) => foldField(v, memo));
    parts = { folded: unique(fields.map((f) => f[0])), cho: unique(fields.map((f) => f[1])) };
    if (memo) (memo.heads || (memo.heads = new Map())).set(headKey, parts);
  }
  const title = foldField(card.title, memo);
  const label = foldField(card.label, memo)[0];
  const out = parts.folded.slice();
  if (title[0] && out.indexOf(title[0]) < 0) out.push(title[0]);
  if (label && out.indexOf(label) < 0) out.push(label);
  for (const c of parts.cho) if (out.indexOf(c) < 0) out.push(c);
  if (title[1] && out.indexOf(title[1]) < 0) out.push(title[1]);
  return out.join(SEPARATOR);
}

/** The non-empty values, once each, in order. */
function unique(values) {
  const out = [];
  for (const v of values) if (v && out.indexOf(v) < 0) out.push(v);
  return out;
}

// ---------------------------------------------------------------- the index

/**
 * The text the index holds for a key: every character three times ('원빈' → '원원원빈빈빈'), so
 * that FTS5's trigram tokenizer, which finds strings of three or more characters, holds each
 * character ('원원원') and each pair of neighbours ('원원빈', '원빈빈') as a token.
 */
function indexText(text, memo) {
  const triples = memo ? memo.triples || (memo.triples = new Map()) : null;
  const parts = String(text).split(SEPARATOR);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    let t = triples ? triples.get(part) : undefined;
    if (t === undefined) {
      t = '';
      for (const ch of part) t += ch + ch + ch;
      if (triples) triples.set(part, t);
    }
    parts[i] = t;
  }
  return parts.join(SEPARATOR + SEPARATOR + SEPARATOR);
}

/**
 * The FTS5 query that narrows the cards down for a folded query: every pair of neighbouring
 * different characters of the query, tripled ('원빈' → '원원빈'), must be in the key, or, for a
 * query without such a pair ('ㅋ', 'ㅋㅋ'), its character three times. Those trigrams are rare
 * enough to narrow fast, where a phrase of all the query's trigrams would also walk the very
 * common ones ('ㅇㅇㅇ', 'nnn'). The caller checks each card found holds the query itself
 * (`instr` over its key): the trigrams say only that its pairs are somewhere in the key.
 */
function matchQuery(q) {
  const chars = Array.from(q);
  const terms = {};
  for (let i = 0; i + 1 < chars.length; i++) {
    if (chars[i] !== chars[i + 1]) terms[chars[i] + chars[i] + chars[i + 1]] = true;
  }
  const list = Object.keys(terms);
  if (!list.length) list.push(chars[0] + chars[0] + chars[0]);
  return list.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ');
}

module.exports = {
  SEPARATOR,
  fold,
  keyOf,
  groupKey,
  cardKey,
  indexText,
  matchQuery,
};
