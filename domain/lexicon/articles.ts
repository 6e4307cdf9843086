/**
 * The Arabic definite article and its article+preposition forms, longest first, as typed (both kafs: «كال», «کال»).
 * A word without one is what the phrase index (text/phrases.ts) and the name keys (text/transliterate.ts) look up;
 * the remainder must keep at least two letters. (Lucene's Arabic stemmer keeps its own list, analysis/arabicStemmer.ts.)
 */
export const ARTICLE_PREFIXES: readonly string[] = ["وبال", "وال", "بال", "كال", "کال", "فال", "لل", "ال"];

/**
 * The article forms a word's length is counted without, where a slip's or a short word's length decides
 * (understand/typos.ts, search/searchProviders.ts): the article and its و/ب/ل forms, not «كال»/«فال», which begin
 * ordinary words as often as they are an article.
 */
export const LEADING_ARTICLE = /^(?:وبال|بال|وال|لل|ال)/;
