/**
 * Lucene's own test cases for the four filters our chain follows, as data (ADR 081). Source: apache/lucene,
 * lucene/analysis/common/src/test/org/apache/lucene/analysis/ar/TestArabicNormalizationFilter.java and
 * TestArabicStemFilter.java, and .../ckb/TestSoraniNormalizationFilter.java and TestSoraniStemFilter.java (every
 * check(input, expected) and checkOneTerm(analyzer, input, expected) there, the empty term included).
 *
 * Each case is run twice (analysis.test.ts): through our filter alone, where it must give Lucene's answer, and
 * through the whole chain, where it must give Lucene's answer in our one alphabet (ی, ک: foldLetters) unless `chain`
 * says what the chain gives instead and `why`. Not bundled: only the test and the bench read it.
 */
import { normalizeArabic } from "./arabicNormalizer";
import { stemArabic } from "./arabicStemmer";
import { normalizeSorani } from "./soraniNormalizer";
import { stemSorani } from "./soraniStemmer";
import { foldLetters, lightStem } from "./chain";
import { normalizeText } from "../normalize";

export type LuceneFilter = "arabicNormalizer" | "arabicStemmer" | "soraniNormalizer" | "soraniStemmer";

export interface LuceneCase {
  filter: LuceneFilter;
  /** the Lucene test method */
  name: string;
  input: string;
  expected: string;
  /** what our whole chain gives instead, on purpose */
  chain?: string;
  why?: string;
}

const c = (
  filter: LuceneFilter,
  name: string,
  input: string,
  expected: string,
  differs?: { chain: string; why: string },
): LuceneCase => ({
  filter,
  name,
  input,
  expected,
  ...differs,
});
const AS_ARABIC =
  "no letter Arabic never writes, so the chain reads the word as Arabic, where a final ه, ة and an initial ر " +
  "are letters of their own";

export const LUCENE_CASES: readonly LuceneCase[] = [
  // TestArabicNormalizationFilter
  c("arabicNormalizer", "testAlifMadda", "آجن", "اجن"),
  c("arabicNormalizer", "testAlifHamzaAbove", "أحمد", "احمد"),
  c("arabicNormalizer", "testAlifHamzaBelow", "إعاذ", "اعاذ"),
  c("arabicNormalizer", "testAlifMaksura", "بنى", "بني"),
  c("arabicNormalizer", "testTehMarbuta", "فاطمة", "فاطمه"),
  c("arabicNormalizer", "testTatweel", "روبرـــــت", "روبرت"),
  c("arabicNormalizer", "testFatha", "مَبنا", "مبنا"),
  c("arabicNormalizer", "testKasra", "علِي", "علي"),
  c("arabicNormalizer", "testDamma", "بُوات", "بوات"),
  c("arabicNormalizer", "testFathatan", "ولداً", "ولدا"),
  c("arabicNormalizer", "testKasratan", "ولدٍ", "ولد"),
  c("arabicNormalizer", "testDammatan", "ولدٌ", "ولد"),
  c("arabicNormalizer", "testSukun", "نلْسون", "نلسون"),
  c("arabicNormalizer", "testShaddah", "هتميّ", "هتمي"),
  c("arabicNormalizer", "testEmptyTerm", "", ""),
  // TestArabicStemFilter
  c("arabicStemmer", "testAlPrefix", "الحسن", "حسن"),
  c("arabicStemmer", "testWalPrefix", "والحسن", "حسن"),
  c("arabicStemmer", "testBalPrefix", "بالحسن", "حسن"),
  c("arabicStemmer", "testKalPrefix", "كالحسن", "حسن"),
  c("arabicStemmer", "testFalPrefix", "فالحسن", "حسن"),
  c("arabicStemmer", "testLlPrefix", "للاخر", "اخر"),
  c("arabicStemmer", "testWaPrefix", "وحسن", "حسن"),
  c("arabicStemmer", "testAhSuffix", "زوجها", "زوج"),
  c("arabicStemmer", "testAnSuffix", "ساهدان", "ساهد"),
  c("arabicStemmer", "testAtSuffix", "ساهدات", "ساهد"),
  c("arabicStemmer", "testWnSuffix", "ساهدون", "ساهد"),
  c("arabicStemmer", "testYnSuffix", "ساهدين", "ساهد"),
  c("arabicStemmer", "testYhSuffix", "ساهديه", "ساهد"),
  c("arabicStemmer", "testYpSuffix", "ساهدية", "ساهد"),
  c("arabicStemmer", "testHSuffix", "ساهده", "ساهد"),
  c("arabicStemmer", "testPSuffix", "ساهدة", "ساهد"),
  c("arabicStemmer", "testYSuffix", "ساهدي", "ساهد"),
  c("arabicStemmer", "testComboPrefSuf", "وساهدون", "ساهد"),
  c("arabicStemmer", "testComboSuf", "ساهدهات", "ساهد"),
  c("arabicStemmer", "testShouldntStem", "الو", "الو"),
  c("arabicStemmer", "testNonArabic", "English", "English", {
    chain: "english",
    why: "the chain lower-cases Latin letters (normalizeText)",
  }),
  c("arabicStemmer", "testEmptyTerm", "", ""),
  // TestSoraniNormalizationFilter
  c("soraniNormalizer", "testY (yeh)", "\u064A", "\u06CC"),
  c("soraniNormalizer", "testY (alef maksura)", "\u0649", "\u06CC"),
  c("soraniNormalizer", "testY (farsi yeh)", "\u06CC", "\u06CC"),
  c("soraniNormalizer", "testK (kaf)", "\u0643", "\u06A9"),
  c("soraniNormalizer", "testK (keheh)", "\u06A9", "\u06A9"),
  c("soraniNormalizer", "testH (initial heh + ZWNJ)", "\u0647\u200C", "\u06D5"),
  c("soraniNormalizer", "testH (medial heh + ZWNJ)", "\u0647\u200C\u06A9", "\u06D5\u06A9"),
  c("soraniNormalizer", "testH (heh doachashmee)", "\u06BE", "\u0647"),
  c("soraniNormalizer", "testH (teh marbuta)", "\u0629", "\u06D5", { chain: "\u0647", why: AS_ARABIC }),
  c("soraniNormalizer", "testFinalH", "\u0647\u0647\u0647", "\u0647\u0647\u06D5", {
    chain: "\u0647\u0647\u0647",
    why: AS_ARABIC,
  }),
  c("soraniNormalizer", "testRR", "\u0692", "\u0695"),
  c("soraniNormalizer", "testInitialRR", "\u0631\u0631\u0631", "\u0695\u0631\u0631", {
    chain: "\u0631\u0631\u0631",
    why: AS_ARABIC,
  }),
  ...["\u0640", "\u064B", "\u064C", "\u064D", "\u064E", "\u064F", "\u0650", "\u0651", "\u0652", "\u200C"].map((ch) =>
    c("soraniNormalizer", `testRemove U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`, ch, ""),
  ),
  c("soraniNormalizer", "testEmptyTerm", "", ""),
  // TestSoraniStemFilter (Lucene runs these through its SoraniAnalyzer: normaliser, then stemmer)
  c("soraniStemmer", "testIndefiniteSingular -ek", "پیاوێک", "پیاو"),
  c("soraniStemmer", "testIndefiniteSingular -yek", "دەرگایەک", "دەرگا"),
  c("soraniStemmer", "testDefiniteSingular -aka", "پیاوەكە", "پیاو"),
  c("soraniStemmer", "testDefiniteSingular -ka", "دەرگاكە", "دەرگا"),
  c("soraniStemmer", "testDemonstrativeSingular -a", "کتاویە", "کتاوی"),
  c("soraniStemmer", "testDemonstrativeSingular -ya", "دەرگایە", "دەرگا"),
  c("soraniStemmer", "testIndefinitePlural -An", "پیاوان", "پیاو"),
  c("soraniStemmer", "testIndefinitePlural -yAn", "دەرگایان", "دەرگا"),
  c("soraniStemmer", "testDefinitePlural -akAn", "پیاوەکان", "پیاو"),
  c("soraniStemmer", "testDefinitePlural -kAn", "دەرگاکان", "دەرگا"),
  c("soraniStemmer", "testDemonstrativePlural -Ana", "پیاوانە", "پیاو"),
  c("soraniStemmer", "testDemonstrativePlural -yAna", "دەرگایانە", "دەرگا"),
  c("soraniStemmer", "testEzafe singular", "هۆتیلی", "هۆتیل"),
  c("soraniStemmer", "testEzafe indefinite", "هۆتیلێکی", "هۆتیل"),
  c("soraniStemmer", "testEzafe plural", "هۆتیلانی", "هۆتیل"),
  c("soraniStemmer", "testPostpositions -awa", "دوورەوە", "دوور"),
  c("soraniStemmer", "testPostpositions -dA", "نیوەشەودا", "نیوەشەو"),
  c("soraniStemmer", "testPostpositions -A", "سۆرانا", "سۆران"),
  c("soraniStemmer", "testPossessives -mAn", "پارەمان", "پارە"),
  c("soraniStemmer", "testPossessives -tAn", "پارەتان", "پارە"),
  c("soraniStemmer", "testPossessives -yAn", "پارەیان", "پارە"),
  c("soraniStemmer", "testEmptyTerm", "", ""),
];

/**
 * One case through our filter alone and through the whole chain
 * (normalizeText, then the light stem for a stemmer's case).
 */
export function runLuceneCase(k: LuceneCase): {
  filter: string;
  chain: string;
  filterPasses: boolean;
  chainPasses: boolean;
  asLucene: boolean;
} {
  const run = {
    arabicNormalizer: normalizeArabic,
    arabicStemmer: stemArabic,
    soraniNormalizer: normalizeSorani,
    soraniStemmer: (w: string) => stemSorani(normalizeSorani(w)),
  };
  const filter = run[k.filter](k.input);
  const folded = normalizeText(k.input);
  const chain = k.filter.endsWith("Stemmer") ? (lightStem(folded) ?? folded) : folded;
  const lucene = foldLetters(k.expected);
  return {
    filter,
    chain,
    filterPasses: filter === k.expected,
    chainPasses: chain === (k.chain ?? lucene),
    asLucene: chain === lucene,
  };
}
