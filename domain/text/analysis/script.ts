/**
 * Which language an Arabic-script word is written in, by its letters (ADR 081): Arabic and Sorani share the script, and
 * each stemmer and normaliser would wreck the other's words. A word carrying a letter Arabic never writes (ە ێ ۆ ڕ ڵ ڤ,
 * or ه before a zero-width non-joiner, which a Sorani typist writes for ە) is Sorani; any other Arabic-script word is
 * read as Arabic. پ چ ژ گ do not decide alone: Iraqi Arabic writes them too («چاي», «گاز», «پنچر»).
 */
export type Script = "ar" | "ku" | "other";

const SORANI_ONLY = /[\u06D5\u06CE\u06C6\u0695\u06B5\u06A4\u0692]|\u0647\u200C/;
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

export function scriptOf(word: string): Script {
  if (!ARABIC_SCRIPT.test(word)) return "other";
  return SORANI_ONLY.test(word) ? "ku" : "ar";
}
