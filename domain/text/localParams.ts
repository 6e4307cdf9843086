/**
 * Parameters that are words of ours, not of a person, rendered in the reader's language at the moment the
 * sentence is read (ADR 025): a notification or a bot alert stores `day: "2026-11-25"`, `slot: "evening"`,
 * `urgency: "high"`, and each reader sees «الأربعاء ٢٥ تشرين الثاني» · «مساءً» or "Wednesday, 25 November".
 * Stored values may carry bidi isolates (notify() isolates every string); those are removed first.
 */
import { stripIsolates } from "./bidi";
import { formatDay } from "./dates";
import { oneLine } from "./oneLine";
import { arabicIndic } from "./numbers";

type Render = (key: string, params?: Record<string, string | number>) => string;
const LOCALE = { en: "en-IQ", ar: "ar-IQ", ku: "ckb-IQ" } as const;

const SLOTS = new Set(["morning", "afternoon", "evening", "flexible"]);
const URGENCIES = new Set(["low", "normal", "high", "emergency"]);

/** The params with `day`, `slot` and `urgency` in the reader's words; every other value as it was. */
export function localizeParams(
  lang: "en" | "ar" | "ku",
  params: Record<string, string | number> | undefined,
  t: Render,
): Record<string, string | number> | undefined {
  if (
    !params ||
    !(
      "day" in params ||
      "slot" in params ||
      "urgency" in params ||
      "at" in params ||
      "purpose" in params ||
      "gateway" in params
    )
  )
    return params;
  const out = { ...params };
  // what a payment was for and how it was paid (ADR 085), named in the reader's words
  if ("purpose" in params)
    out.purpose = t(`payments.purpose.${stripIsolates(String(params.purpose)).replace(/[^a-z_]/g, "")}`);
  if ("gateway" in params)
    out.gateway = t(`payments.gateway.${stripIsolates(String(params.gateway)).replace(/[^a-z]/g, "")}`);
  if ("day" in params) {
    const day = stripIsolates(String(params.day));
    out.day = /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDay(day, LOCALE[lang], "full") : t("notices.anyDay");
  }
  if ("slot" in params) {
    const slot = stripIsolates(String(params.slot));
    out.slot = t(`booking.${SLOTS.has(slot) ? slot : "flexible"}`);
  }
  if ("at" in params) out.at = clockWords(lang, stripIsolates(String(params.at)), t);
  if ("urgency" in params) {
    const u = stripIsolates(String(params.urgency));
    out.urgency = t(urgencyKey(URGENCIES.has(u) ? u : "normal"));
  }
  return out;
}

/**
 * A time of day ("17:00") in the reader's words and digits ("Today at 5 pm"): 5 pm, «٥ مساءً», «٥ی ئێوارە»; with its
 * minutes when they are not :00.
 */
export function clockWords(lang: "en" | "ar" | "ku", hhmm: string, t: Render): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]);
  const time = `${h % 12 || 12}${m[2] === "00" ? "" : `:${m[2]}`}`;
  const part = h < 12 ? "morning" : h < 17 ? "afternoon" : "evening";
  return t(`notices.clock.${part}`, { time: lang === "en" ? time : arabicIndic(time) });
}

/** A person's first name for a short alert: "Karwan" of "Karwan Aziz"; «عبد الله» stays whole. */
export function firstName(name: string): string {
  const words = oneLine(stripIsolates(name)).split(" ").filter(Boolean);
  if (!words.length) return "";
  // compound first names: «عبد الله», «أبو علي», "Abdul Karim", «عەبدوڵڵا» is one word already
  if (words.length > 1 && /^(عبد|عبدال|ابو|أبو|ام|أم|abd|abdul|abu|um|umm)$/i.test(words[0]))
    return `${words[0]} ${words[1]}`;
  return words[0];
}

/** The catalog key of an urgency's label ("high" → booking.urgencyHigh). */
export const urgencyKey = (u: string) => `booking.urgency${u[0]!.toUpperCase()}${u.slice(1)}`;
