/**
 * Arabic light stemming (ADR 081), as Lucene's ArabicStemmer: one prefix off (the article and its prepositions ال وال
 * بال كال فال لل, or the conjunction و), then each suffix of ها ان ات ون ين يه ية ه ة ي in turn. A prefix keeps two
 * letters after it (و three), a suffix two. Each letter is matched as typed and as the chain folds it (ي or ی, ك or ک,
 * ة or ه), so the stemmer reads a word before or after foldLetters (chain.ts) alike.
 */
const PREFIXES = ["ال", "وال", "بال", "كال", "کال", "فال", "لل", "و"];
const SUFFIXES = ["ها", "ان", "ات", "ون", "ين", "ین", "يه", "یه", "ية", "ه", "ة", "ي", "ی"];

export function stemArabic(word: string): string {
  let w = word;
  for (const p of PREFIXES) {
    if (w.startsWith(p) && w.length >= p.length + (p.length === 1 ? 3 : 2)) {
      w = w.slice(p.length);
      break;
    }
  }
  for (const s of SUFFIXES) if (w.endsWith(s) && w.length >= s.length + 2) w = w.slice(0, -s.length);
  return w;
}
