import { oneLine } from "../text/oneLine";

/**
 * Which of a listing's two names a reader sees first (ADR 013): the one in the reader's script when
 * there is one — Arabic script for ar and ku readers, Latin for en — and the other beneath it.
 */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;
const LATIN = /[A-Za-z\u00C0-\u024F]/;

/** "arabic" when a name has Arabic-script letters and no Latin ones, "latin" for the reverse, else "mixed". */
export function scriptOf(s: string): "arabic" | "latin" | "mixed" {
  const a = ARABIC_SCRIPT.test(s);
  const l = LATIN.test(s);
  return a && !l ? "arabic" : l && !a ? "latin" : "mixed";
}

export function namesForReader(
  p: { name: string; nameOther?: string | null },
  lang: string,
): { primary: string; secondary: string | null } {
  // one line each, whatever a row stored before names were: bot lists and alerts print them
  const name = oneLine(p.name);
  const other = oneLine(p.nameOther ?? "") || null;
  if (!other) return { primary: name, secondary: null };
  const want = lang === "en" ? "latin" : "arabic";
  if (scriptOf(name) !== want && scriptOf(other) === want) return { primary: other, secondary: name };
  return { primary: name, secondary: other };
}

/**
 * A listing's specialty in the reader's language: the Arabic or Sorani text when there is one, else the English.
 * (Here, not in the provider card, so the profile and chat pages do not load the card's code for it.)
 */
export function specialtyIn(
  p: { specialty: string; specialtyAr?: string | null; specialtyKu?: string | null },
  lang: string,
) {
  if (lang === "ar") return p.specialtyAr || p.specialty;
  if (lang === "ku") return p.specialtyKu || p.specialtyAr || p.specialty;
  return p.specialty;
}
