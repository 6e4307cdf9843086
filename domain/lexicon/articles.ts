/**
 * The Arabic definite article and its article+preposition forms, longest first, as typed (both kafs: «كال», «کال»).
 * A word without one is what the phrase index (text/phrases.ts) and the name keys (text/transliterate.ts) look up;
 * the remainder must keep at least two letters. (Lucene's Arabic stemmer keeps its own list, analysis/arabicStemmer.ts.)
 */
export const ARTICLE_PREFIXES: readonly string[] = ["وبال", "وال", "بال", "كال", "کال", "فال", "لل", "ال"];
