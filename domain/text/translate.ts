/**
 * The translate helper from SPEC §1: look the text up in the built-in dictionary as a whole phrase,
 * then phrase-by-phrase / word-by-word (longest known phrase first, so "English teacher in Baghdad"
 * keeps "English teacher" together), and fall back to the original text, also when any word is unknown: a phrase is
 * translated whole or kept as typed, never half.
 *
 * Works in every direction (en→ar, ar→en, ar→ku, ku→en, …) because each entry is an {en, ar, ku}
 * triple indexed by all its spellings. Text already in the target language is left exactly as typed.
 */
import { DICTIONARY_INDEX } from "../lexicon/dictionary";
import { isLang, type Lang } from "./lang";
import { normalizeText } from "./normalize";
import { findPhrases } from "./phrases";

export type { Lang } from "./lang";

export function translateText(text: string, lang: Lang): string {
  if (typeof text !== "string" || !isLang(lang)) return text;
  const whole = normalizeText(text);
  if (whole.length === 0) return text;

  const hit = DICTIONARY_INDEX.get(whole);
  if (hit) return hit.langs.has(lang) ? text : hit.value[lang];

  let out = "";
  let pos = 0;
  let covered = 0;
  let changed = false;
  for (const m of findPhrases(text, DICTIONARY_INDEX)) {
    // a word the dictionary does not know, left between known ones, would make a machine-mixed phrase («كهربائي ماڵان»)
    if (LETTER.test(text.slice(covered, m.start))) return text;
    covered = m.end;
    if (m.hit.langs.has(lang)) continue; // already in the target language: keep as typed
    out += text.slice(pos, m.start) + m.hit.value[lang];
    pos = m.end;
    changed = true;
  }
  if (LETTER.test(text.slice(covered))) return text;
  return changed ? out + text.slice(pos) : text;
}

const LETTER = /\p{L}/u;
