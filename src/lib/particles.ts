/**
 * Korean particles (조사) after a name that comes from data: 을/를, 이/가, 은/는, 과/와, 으로/로
 * (docs/accounts.md, Korean particles). The form follows how the word's last syllable is read:
 * a final consonant (받침) takes the first form, a vowel the second; for 으로/로 a final ㄹ reads
 * like a vowel (서울로).
 *
 * Hangul is read from the syllable itself. Latin names and digits are read the way Korean fans say
 * them: 'IVE' is 아이브 (vowel), 'LE SSERAFIM' 르세라핌 (ㅁ), 'NCT' letter by letter 엔시티 (vowel),
 * 'GOT7' ends in 칠 (ㄹ). Anything else (an emoji, kana) gets both forms, '을(를)', which is never
 * wrong. These are grammar, not wording: the sentences around them live in src/i18n/.
 */

export type ParticlePair = '을/를' | '이/가' | '은/는' | '과/와' | '으로/로';

/** How the last syllable ends: a vowel, ㄹ, another consonant, or unknown. */
export type Ending = 'vowel' | 'rieul' | 'consonant' | 'unknown';

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** The index of ㄹ among the 28 final-consonant slots of a Hangul syllable. */
const JONG_RIEUL = 8;

/** How each digit is read at the end of a number (영, 일, 이, 삼, 사, 오, 육, 칠, 팔, 구). */
const DIGIT_ENDINGS: readonly Ending[] = [
  'consonant',
  'rieul',
  'vowel',
  'consonant',
  'vowel',
  'vowel',
  'consonant',
  'rieul',
  'rieul',
  'vowel',
];

/** Letters read on their own (an acronym's last letter): 엘 ends in ㄹ, 엠 and 엔 in a consonant. */
function letterNameEnding(letter: string): Ending {
  if (letter === 'l') return 'rieul';
  if (letter === 'm' || letter === 'n') return 'consonant';
  return 'vowel';
}

const VOWEL_LETTERS = 'aeiou';

function isVowelLetter(ch: string | undefined): boolean {
  return ch !== undefined && VOWEL_LETTERS.includes(ch);
}

/** The ending of a number written in digits: its last non-zero digit, or 십/백/천/만 for zeros. */
function numberEnding(digits: string): Ending {
  const zeros = digits.length - digits.replace(/0+$/, '').length;
  if (zeros === 0) return DIGIT_ENDINGS[Number(digits[digits.length - 1])] ?? 'unknown';
  if (zeros === digits.length) return 'consonant'; // 영
  // 십 (ㅂ), 백 (ㄱ), 천 (ㄴ), 만 (ㄴ), 십만...: all end in a consonant that is not ㄹ
  return 'consonant';
}

/**
 * A Latin word as it is read in Korean. Capitals without a vowel are spelt out (NCT, BTS, TXT);
 * anything else is read as a word, by its last letters:
 * - m, n, ng → a consonant (르세라핌, 세븐틴); l and -le → ㄹ (애플, 스마일);
 * - k, p, t right after a vowel → a consonant (릿, 팝, 벨벳), 'ck' too (블랙); after a consonant
 *   they are read with ㅡ (핑크, 점프, 포인트) → a vowel;
 * - a silent final e leaves the consonant before it: -me, -ne → a consonant (게임, 원); -ve, -ze,
 *   -ce... → a vowel (아이브, 라이즈, 트와이스);
 * - every other ending (a vowel, y, r, s, x, z, f, v, b, d, g, h...) is read with a vowel.
 */
function latinEnding(word: string): Ending {
  if (/^[A-Z]{2,}$/.test(word) && !/[AEIOU]/.test(word)) {
    return letterNameEnding(word[word.length - 1]!.toLowerCase());
  }
  const w = word.toLowerCase();
  if (w.length === 1) return letterNameEnding(w);
  const last = w[w.length - 1]!;
  const before = w[w.length - 2];
  if (last === 'e' && before !== undefined && !isVowelLetter(before) && before !== 'y') {
    if (before === 'm' || before === 'n') return 'consonant';
    if (before === 'l') return 'rieul';
    return 'vowel';
  }
  if (last === 'm' || last === 'n') return 'consonant';
  if (last === 'g') return before === 'n' ? 'consonant' : 'vowel';
  if (last === 'l') return 'rieul';
  if (last === 'k' || last === 'p' || last === 't') {
    if (last === 'k' && before === 'c') return 'consonant';
    return isVowelLetter(before) ? 'consonant' : 'vowel';
  }
  return 'vowel';
}

/** How the last readable part of `word` ends (trailing spaces, signs and brackets are skipped). */
export function lastSound(word: string): Ending {
  const trimmed = word.replace(/[\s.,!?~'"’”)\]}>·…_-]+$/u, '');
  if (trimmed === '') return 'unknown';
  const lastChar = Array.from(trimmed).pop()!;
  const code = lastChar.codePointAt(0)!;
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) {
    const jong = (code - HANGUL_FIRST) % 28;
    if (jong === 0) return 'vowel';
    return jong === JONG_RIEUL ? 'rieul' : 'consonant';
  }
  const digits = /[0-9]+$/.exec(trimmed);
  if (digits) return numberEnding(digits[0]);
  const latin = /[A-Za-z]+$/.exec(trimmed);
  if (latin) return latinEnding(latin[0]);
  return 'unknown';
}

/** The particle of `pair` that goes after `word` ('을(를)' when the ending can't be read). */
export function particle(word: string, pair: ParticlePair): string {
  const [withConsonant, withVowel] = pair.split('/') as [string, string];
  const ending = lastSound(word);
  if (ending === 'unknown') {
    return pair === '으로/로' ? '(으)로' : `${withConsonant}(${withVowel})`;
  }
  if (ending === 'vowel') return withVowel;
  if (ending === 'rieul') return pair === '으로/로' ? withVowel : withConsonant;
  return withConsonant;
}

/** `word` followed by its particle: withParticle('IVE', '을/를') → 'IVE를'. */
export function withParticle(word: string, pair: ParticlePair): string {
  return word + particle(word, pair);
}
