/**
 * A name as compared: lower case, without accents ("Étienne" and "etienne" are one name) and
 * without the modifier letters some names are written with (the ʻokina of "ʻAna", "ʼ", "ˈ"), which
 * people leave out when typing the name ("Ana").
 */
export const foldName = (name: string) => foldAccents(name).replace(/[\u02b0-\u02ff]/g, '');

/** Lower case, without accents, marks kept: as foldedSql folds a column (the stored name words are split so). */
export const foldAccents = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .toLowerCase();

/**
 * Accented letters of the Latin alphabets and their plain lower-case letter, one for one, for SQL's
 * translate(): the same folding in the database as foldName, without an extension (PGlite has no unaccent).
 */
const ACCENTED = [...'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥìíîïĩīĭįıĵķĺļľñńņňòóôõöōŏőøŕŗřśŝşšţťùúûüũūŭůűųŵýÿŷźżžł'].flatMap(
  (c) => [c, c.toUpperCase()],
);
const FOLD_FROM = ACCENTED.join('');
const FOLD_TO = ACCENTED.map((c) => foldAccents(c)).join('');

/** An SQL expression folding a text column as foldName folds a name (the letters are constants, never input). */
export const foldedSql = (column: string) => `lower(translate(${column}, '${FOLD_FROM}', '${FOLD_TO}'))`;
