/**
 * What is taken off a decomposed name: the combining marks (the diacritics of the Latin, Greek and
 * Cyrillic letters) and the modifier letters ("ʻ", "ʼ", "ˈ"), in JavaScript and in SQL alike.
 */
const MARKS = '\\u02b0-\\u02ff\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f';
// eslint-disable-next-line no-misleading-character-class -- ranges of combining marks, each taken off alone, are the point
const MARK = new RegExp(`[${MARKS}]`, 'g');

/**
 * Letters that carry their mark in the letter itself, so that no decomposition takes it off, and the
 * plain letters people type for them ("Đặng" is typed "dang", "Łódź" "lodz", "Ærø" "aero").
 */
const UNDECOMPOSED: Readonly<Record<string, string>> = {
  đ: 'd', ð: 'd', ħ: 'h', ŧ: 't', ı: 'i', ł: 'l', ø: 'o', ŀ: 'l', ƀ: 'b', ɨ: 'i', ʉ: 'u',
  æ: 'ae', œ: 'oe', ß: 'ss', þ: 'th',
}; // prettier-ignore
const UNDECOMPOSED_LETTER = new RegExp(`[${Object.keys(UNDECOMPOSED).join('')}]`, 'g');

/**
 * A name as compared: lower case, without accents ("Étienne" and "etienne" are one name) and
 * without the modifier letters some names are written with (the ʻokina of "ʻAna", "ʼ", "ˈ"), which
 * people leave out when typing the name ("Ana"); as foldedSql folds a column (the stored name
 * words are split so). Decomposed ("ặ" is "a" and its marks), the marks taken off, then the
 * letters with a mark of their own.
 */
export const foldName = (name: string) =>
  name
    .normalize('NFD')
    .replace(MARK, '')
    .toLowerCase()
    .replace(UNDECOMPOSED_LETTER, (c) => UNDECOMPOSED[c]);

/** The letters of UNDECOMPOSED in both cases, and their plain letters: those of one letter for translate(), the others replaced. */
const CASED = Object.entries(UNDECOMPOSED).flatMap(([letter, plain]) =>
  [...new Set([letter, letter.toUpperCase()])].filter((c) => c.length === 1).map((c) => [c, plain] as const),
);
const ONE = CASED.filter(([, plain]) => plain.length === 1);
const TWO = CASED.filter(([, plain]) => plain.length > 1);

/**
 * An SQL expression folding a text column as foldName folds a name, without an extension (PGlite
 * has no unaccent): decomposed (normalize, NFD), its marks taken off, the letters with a mark of their
 * own made plain, in lower case. The letters are constants, never input.
 */
export const foldedSql = (column: string) => {
  const unmarked = `regexp_replace(normalize(${column}, NFD), '[${MARKS}]', '', 'g')`;
  const two = TWO.reduce((sql, [letter, plain]) => `replace(${sql}, '${letter}', '${plain}')`, unmarked);
  return `lower(translate(${two}, '${ONE.map(([c]) => c).join('')}', '${ONE.map(([, p]) => p).join('')}'))`;
};
