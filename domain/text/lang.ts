/** Interface languages: English, Arabic, Kurdish (Sorani, Arabic script; BCP 47 "ckb"). */
export type Lang = "en" | "ar" | "ku";

export const LANGS: readonly Lang[] = ["en", "ar", "ku"];

export function isLang(x: unknown): x is Lang {
  return x === "en" || x === "ar" || x === "ku";
}

/** Letters Sorani writes and Arabic does not (ە ۆ ێ ڕ ڵ ڤ ھ), and the Persian-keyboard forms of ک and ی it uses. */
const SORANI_ONLY = /[\u06D5\u06C6\u06CE\u0695\u06B5\u06A4\u06BE]/u;
const SORANI_KAF_YEH = /[\u06A9\u06CC]/u;
/** Letters Arabic writes and Sorani does not (ة ي ك ى ث ذ ض ظ أ إ ؤ). */
const ARABIC_ONLY = /[\u0629\u064A\u0643\u0649\u062B\u0630\u0636\u0638\u0623\u0625\u0624]/u;
const ARABIC_SCRIPT = /[\u0600-\u06FF]/u;

/**
 * The language a short text (a specialty) is typed in, by its letters: Sorani when it has a letter only Sorani
 * writes, or Sorani's ک/ی and no letter only Arabic writes; Arabic for other Arabic script; English otherwise.
 */
export function languageOfText(s: string): Lang {
  if (!ARABIC_SCRIPT.test(s)) return "en";
  if (SORANI_ONLY.test(s) || (SORANI_KAF_YEH.test(s) && !ARABIC_ONLY.test(s))) return "ku";
  return "ar";
}
