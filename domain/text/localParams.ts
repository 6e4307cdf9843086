/**
 * Parameters that are words of ours, not of a person, rendered in the reader's language at the moment the
 * sentence is read (ADR 025): a notification or a bot alert stores `day: "2026-11-25"`, `slot: "evening"`,
 * `urgency: "high"`, and each reader sees «الأربعاء ٢٥ تشرين الثاني» · «مساءً» or "Wednesday, 25 November".
 * Stored values may carry bidi isolates (notify() isolates every string); those are removed first.
 */
import { stripIsolates } from "./bidi";
import { formatDay } from "./dates";
import { oneLine } from "./oneLine";

type Render = (key: string, params?: Record<string, string | number>) => string;
const LOCALE = { en: "en-IQ", ar: "ar-IQ", ku: "ckb-IQ" } as const;

const SLOTS = new Set(["morning", "afternoon", "evening", "flexible"]);
const URGENCIES = new Set(["low", "normal", "high", "emergency"]);

/** The params with `day`, `slot` and `urgency` in the reader's words; every other value as it was. */
export function localizeParams(lang: "en" | "ar" | "ku", params: Record<string, string | number> | undefined, t: Render): Record<string, string | number> | undefined {
  if (!params || !("day" in params || "slot" in params || "urgency" in params)) return params;
  const out = { ...params };
  if ("day" in params) {
    const day = stripIsolates(String(params.day));
    out.day = /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDay(day, LOCALE[lang], "full") : t("notices.anyDay");
  }
  if ("slot" in params) {
    const slot = stripIsolates(String(params.slot));
    out.slot = t(`booking.${SLOTS.has(slot) ? slot : "flexible"}`);
  }
  if ("urgency" in params) {
    const u = stripIsolates(String(params.urgency));
    out.urgency = t(urgencyKey(URGENCIES.has(u) ? u : "normal"));
  }
  return out;
}

/** A person's first name for a short alert: "Karwan" of "Karwan Aziz"; «عبد الله» stays whole. */
export function firstName(name: string): string {
  const words = oneLine(stripIsolates(name)).split(" ").filter(Boolean);
  if (!words.length) return "";
  // compound first names: «عبد الله», «أبو علي», "Abdul Karim", «عەبدوڵڵا» is one word already
  if (words.length > 1 && /^(عبد|عبدال|ابو|أبو|ام|أم|abd|abdul|abu|um|umm)$/i.test(words[0])) return `${words[0]} ${words[1]}`;
  return words[0];
}

/** The catalog key of an urgency's label ("high" → booking.urgencyHigh). */
export const urgencyKey = (u: string) => `booking.urgency${u[0]!.toUpperCase()}${u.slice(1)}`;
