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
  const other = p.nameOther?.trim() || null;
  if (!other) return { primary: p.name, secondary: null };
  const want = lang === "en" ? "latin" : "arabic";
  if (scriptOf(p.name) !== want && scriptOf(other) === want) return { primary: other, secondary: p.name };
  return { primary: p.name, secondary: other };
}
