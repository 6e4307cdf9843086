import { z } from "zod";
import { normalizeDigits } from "./text/normalize";

/** The largest amount Dalil takes, in dinars (a billion IQD is far above any household job). */
export const MAX_IQD = 1_000_000_000;

/**
 * Whole Iraqi dinars as people write them: digits (Western or Arabic-Indic), optionally grouped in threes with
 * "," or the Arabic thousands separator "٬" ("25,000", "٢٥٬٠٠٠", "25000"). Anything else is refused rather than
 * guessed: "2.5" and "1,5" (fractions or a decimal comma), "0x10", "1e3", "0b11", "-5", "+5", blanks.
 */
export function toIqd(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isSafeInteger(raw) && raw >= 1 && raw <= MAX_IQD ? raw : null;
  if (typeof raw !== "string") return null;
  const s = normalizeDigits(raw).trim();
  if (!/^(?:\d+|\d{1,3}(?:[,\u066c]\d{3})+)$/.test(s)) return null;
  const n = Number(s.replace(/[,\u066c]/g, ""));
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_IQD ? n : null;
}

/** The zod field for an amount in dinars: `validation.amount` when it is not one. */
export const iqdAmount = z.unknown().transform((raw, ctx) => {
  const n = toIqd(raw);
  if (n === null) {
    ctx.addIssue({ code: "custom", message: "validation.amount" });
    return z.NEVER;
  }
  return n;
});
