/** A name as compared: lower case, without accents ("Étienne" and "etienne" are one name). */
export const foldName = (name: string) =>
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
const FOLD_TO = ACCENTED.map((c) => foldName(c)).join('');

/** An SQL expression folding a text column as foldName folds a name (the letters are constants, never input). */
export const foldedSql = (column: string) => `lower(translate(${column}, '${FOLD_FROM}', '${FOLD_TO}'))`;
