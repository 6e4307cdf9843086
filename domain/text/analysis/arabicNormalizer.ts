/**
 * The Arabic normaliser (ADR 081), as Lucene's ArabicNormalizer: alef with hamza or madda (آ أ إ ٱ ٲ ٳ) → ا, teh
 * marbuta ة → ه, alef maksura ى → ي, and tashkeel (harakat, superscript alef) and tatweel removed. The chain's next
 * step (foldLetters, chain.ts) writes yeh as ی and kaf as ک in both languages, so Arabic «كهربائي» and a Kurdish
 * keyboard's «کهربایی» meet.
 */
const TASHKEEL_AND_TATWEEL = /[\u064B-\u065F\u0670\u0640]/g;
const ALEFS = /[\u0622\u0623\u0625\u0671\u0672\u0673]/g;

export function normalizeArabic(word: string): string {
  return word
    .replace(TASHKEEL_AND_TATWEEL, "")
    .replace(ALEFS, "\u0627")
    .replace(/\u0629/g, "\u0647")
    .replace(/\u0649/g, "\u064A");
}
