// Takes tracker references ("issue #38", "issues #18, #26 item 4's") out of a comment's or a test title's words, so
// the reason reads without a tracker the reader doesn't have. What it can't take out cleanly is left and reported.

// one reference: "issue #38", "issues #18, #26", "issue #37 item 4", "issue #19 items 4, 5, 7", "issue #37's"
const REF =
  String.raw`[Ii]ssues? #\d+(?:(?:, | and | & |, and )#\d+)*(?:'s)?` +
  String.raw`(?: items? \d+(?:(?:, | and |, and | ?[–-] ?)\d+)*(?:'s)?)?(?:'s(?: walk| gap| kind| leftovers)?)?`;

/** A capitalised reference that opened a sentence ("Issue #27: one file…") leaves the next word capitalised. */
const CAP = "\u0001";
const capital = (m, pre) => pre + ((pre === "" || pre === ". ") && m.slice(pre.length).startsWith("I") ? CAP : "");

const RULES = [
  // "(issue #38)", "(see issue #38)", "(issue #37 item 4's gap)" → nothing
  [new RegExp(String.raw` ?\((?:see |as in |from |per )?${REF}(?: gap| walk)?\)`, "g"), ""],
  // "(ADR 025, amended by issue #31 item 6)" → "(ADR 025, amended)"
  [new RegExp(String.raw`(,? (?:as )?amended) (?:by|for|in) ${REF}`, "g"), "$1"],
  // "(issue #38 item 7, ADR 069)", "(issue #38: an index…)" → "(ADR 069)", "(an index…)"
  [new RegExp(String.raw`\((?:see )?${REF}(?:[,;:] ?| — | – )`, "g"), "("],
  // "(ADR 016, issue #26)", "(… by this rule; issue #26)" → "(ADR 016)"
  [new RegExp(String.raw`(?:[,;:] | — | – )${REF}(?=\))`, "g"), ""],
  // "…; issue #37, the third holdout's kind)" → "…; the third holdout's kind)"
  [new RegExp(String.raw`([;:] )${REF}[,:] `, "g"), "$1"],
  // "Issue #28 (ADR 043): what follows…" → "ADR 043: what follows…"
  [new RegExp(String.raw`^${REF} \(([^)]*)\):`, "g"), "$1:"],
  // "(ADR 016, issue #26, the walk)" → "(ADR 016, the walk)"
  [new RegExp(String.raw`, ${REF}(?=[,;])`, "g"), ""],
  // "Issue #27: one file per…", "── issue #39: what people…" → the words after it
  [new RegExp(String.raw`(^|[-—─–*•] |\. |: |")${REF}(?:[:,] | — | – )`, "g"), capital],
  // "the walk of issue #37: status…", "the scheduler of issue #28, ADR 043" → "the walk: status…"
  [new RegExp(String.raw` (?:of|from|in|for|by|since|after|before|under|per|as in) ${REF}(?='s)?(?:'s)?`, "g"), ""],
  // "«دار ١٢» stays «دار ١٢», issue #31 item 5)" or "…, issue #26." → drop the reference and its comma
  [new RegExp(String.raw`[,;:] ${REF}(?=[).;:!?]|$)`, "g"), ""],
  // "issue #39 item 6: the next result" at the start of a title or sentence
  [new RegExp(String.raw`^()${REF}(?:[:,] | — | – )`, "g"), capital],
  // "the holdout (issue #37 item\n4)" joined, leftovers like "(issue #37, #39)" already gone; a bare reference last
  [new RegExp(String.raw` \(${REF}\)`, "g"), ""],
];

export const HAS_REF = /\bissues? #\d/i;

/**
 * The text with its tracker references taken out; `rest` is true when one is still there (for the report).
 * Sentence case is kept: a reference that opened a sentence leaves its next word capitalised.
 */
export function dropRefs(text) {
  if (!HAS_REF.test(text)) return { text, changed: false, rest: false };
  let out = text;
  for (let pass = 0; pass < 4 && HAS_REF.test(out); pass++) for (const [re, to] of RULES) out = out.replace(re, to);
  // a reference that opened the text leaves a lower-case start where there was a capital: keep the capital
  if (/^[A-Z]/.test(text.trimStart()) && /^[a-z]/.test(out.trimStart())) {
    const at = out.length - out.trimStart().length;
    out = out.slice(0, at) + out[at].toUpperCase() + out.slice(at + 1);
  }
  out = out.replace(/ ?\(\s*\)/g, "").replace(new RegExp(`${CAP}(.?)`, "gu"), (m, c) => c.toUpperCase());
  return { text: out, changed: out !== text, rest: HAS_REF.test(out) };
}
