// The keyword normalisations, each the JS twin of a SQL function the indexed text is built with: the catalogue's
// search (tabitoko_search_norm, Migration20261123130000_search) and the admin and brand portal lists' keyword
// (tabitoko_list_norm, Migration20261201100000_list_keyword_norm). Isomorphic.

/**
 * The catalogue's normalisation, the same as the database's tabitoko_search_norm: NFKC (full-width letters
 * and digits to half-width, half-width katakana to full-width, a full-width space to U+0020), lower case, katakana
 * to hiragana.
 */
export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/**
 * A list's keyword as its text is normalised (tabitoko_list_norm): the catalogue's normalisation without any
 * whitespace, so 佐藤ゆうき, 佐藤 ゆうき and 佐藤　ゆうき are one keyword. The list's text keeps its line feeds (they
 * separate its fields) and this removes them too, so a keyword never matches across two fields.
 */
export function normalizeListKeyword(value: string): string {
  return normalizeSearchText(value).replace(/\s/g, '');
}
