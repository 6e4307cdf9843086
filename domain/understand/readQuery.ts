/**
 * What a search box query says (ADR 040): the bot's reading for the search, and the text the bot searches for a message
 * it read as a search; split out of understand.ts along its seam, unchanged.
 */
import { whenInText } from "../text/dayPhrases";
import type { DaySlot, DayWord } from "../text/dayPhrases";
import { joinWords } from "../text/analysis/chain";
import { normalizeDigits, normalizeText } from "../text/normalize";
import { findPhrases } from "../text/phrases";
import { followsAddressWord } from "../lexicon/addressWords";
import { qualify } from "../lexicon/qualifiers";
import { SERVICE_BY_EN } from "../lexicon/trades";
import { indexFor, type Place } from "./botIndex";
import { mendTypos, type Slip } from "./typos";
import type { Understood } from "./understood";

/**
 * What a search box query says (ADR 040): the same reading as `understand` (the dictionary of trades, the places with
 * their Arabic «ب»/«بال» and Sorani «لە», slips mended), for the search. What it took drives the search; `words` is the
 * text it did not take, matched against names and descriptions. Unlike a chat message, a command word («سلام», "home")
 * stays a word here (it may be a name), and a day or a time is taken only beside a trade or a place («جمعة» alone is a
 * name; "electrician tomorrow" is a request).
 */
export interface QueryReading {
  /** the trade named: a service term's English name ("refrigerator repair"), the finest the dictionary knows */
  service?: string;
  /** a city or neighbourhood slug */
  city?: string;
  day?: DayWord;
  slot?: DaySlot;
  nearMe?: boolean;
  /** the text nobody took, slips in trade and place words mended (the search's free text) */
  words: string;
  /** a slip was mended: the text as typed may still be a real word («مدرسة», a school, is not «مدرس») */
  mended?: true;
  /** the typed words that were mended, normalised (the search keeps those a listing holds: `opts.keep`) */
  mendedFrom?: string[];
  /** typed words one slip from known words of several meanings, left as typed (the search may `choose`) */
  slips?: Slip[];
  /** beside the trade, qualifiers no listing says yet ("woman", «رخيص»), as typed: shown as not applied (ADR 082) */
  notApplied?: string[];
}

export function readQuery(
  raw: string,
  places: readonly Place[] = [],
  opts: { keep?: ReadonlySet<string>; choose?: ReadonlyMap<string, string>; short?: ReadonlySet<string> } = {},
): QueryReading {
  // (the analysis chain's first step: «کاره‌باچی» is one word to the readers below, ADR 081)
  const typed = joinWords(normalizeDigits(String(raw ?? "").slice(0, 500)))
    .replace(/(\p{L})['’`](\p{L})/gu, "$1$2")
    .trim();
  if (!typed) return { words: "" };
  const index = indexFor(places);
  const slips: Slip[] = [];
  const text = mendTypos(typed, index, opts.keep, opts.choose, slips, opts.short);
  const when = whenInText(text);
  const overlaps = (s: number, e: number) => when.spans.some(([a, b]) => s < b && e > a);
  const taken: [number, number][] = [];
  /** words that only say how ("find", «أريد», "please", "repair"): dropped beside a trade or a place, else searched */
  const how: [number, number][] = [];
  /**
   * "find", «أريد», «ابي»: a request's verb comes before what is
   * asked («ابي سباك»); after it, it is a word («مدرسة أبي تمام»)
   */
  const verbs: [number, number][] = [];
  let service: string | undefined;
  let city: string | undefined;
  let nearMe = false;
  for (const m of findPhrases(text, index)) {
    const v = m.hit.value;
    if (overlaps(m.start, m.end) && m.key.split(" ").length < 2) continue;
    if ("command" in v) {
      // "find", «أريد», «دەمەوێت» and "near me" say how, not what; every other command word may be a name
      if (v.command === "nearMe") {
        nearMe = true;
        taken.push([m.start, m.end]);
      } else if (v.command === "search") verbs.push([m.start, m.end]);
      continue;
    } else if ("lang" in v) continue;
    else if ("filler" in v) {
      how.push([m.start, m.end]);
      continue;
    } else if ("service" in v) {
      // a trade's word in an address («قرب مدرسة الحكمة»: near a school, not a woman teacher) is searched as a word
      if (followsAddressWord(text, m.start)) continue;
      // a kind of the trade named after it («مامۆستا بۆ بیرکاری»,
      // "driver, taxi") is the finer trade asked for (ADR 087)
      if (service && SERVICE_BY_EN.get(v.service)?.kindOf === service) service = v.service;
      service ??= v.service;
    } else if ("city" in v) city ??= v.city;
    taken.push([m.start, m.end]);
  }
  // a qualifier beside the trade: a narrower kind of it ("kids doctor"), or what listings cannot say ("woman doctor")
  const qualified = service ? qualify(service, text, taken) : null;
  if (qualified) {
    service = qualified.service;
    taken.push(...qualified.taken);
  }
  const request = Boolean(service || city);
  const firstAsked = Math.min(...taken.map(([a]) => a));
  if (request) taken.push(...when.spans, ...how, ...verbs.filter(([a]) => a < firstAsked));
  let words = "";
  let pos = 0;
  for (const [s, e] of [...taken].sort((a, b) => a[0] - b[0])) {
    if (s >= pos) words += text.slice(pos, s) + " ";
    pos = Math.max(pos, e);
  }
  words = (words + text.slice(pos)).replace(/\s+/g, " ").trim();
  // a word mended toward a trade or a place that then took nothing
  // stays as it was typed ("Qasim" is a name, not «القائم»)
  if (text !== typed) {
    const typedWords = typed.match(/[\p{L}\p{M}]+/gu) ?? [];
    const mendedWords = text.match(/[\p{L}\p{M}]+/gu) ?? [];
    const back = new Map<string, string>();
    // (Arabizi read as Arabic script stays so: «sakhuna» is the problem word «سخونة», which the search reads)
    if (typedWords.length === mendedWords.length)
      typedWords.forEach(
        (w, i) =>
          mendedWords[i] !== w &&
          !(/[a-z]/i.test(w) && /[\u0600-\u06FF]/.test(mendedWords[i]!)) &&
          back.set(mendedWords[i]!, w),
      );
    words = words.replace(/[\p{L}\p{M}]+/gu, (w) => back.get(w) ?? w);
  }
  const typedWords = typed.match(/[\p{L}\p{M}]+/gu) ?? [];
  const mendedWords = text.match(/[\p{L}\p{M}]+/gu) ?? [];
  const mendedFrom =
    typedWords.length === mendedWords.length
      ? typedWords.filter((w, i) => mendedWords[i] !== w).map(normalizeText)
      : [];
  return {
    ...(service ? { service } : {}),
    ...(city ? { city } : {}),
    ...(request && when.day ? { day: when.day } : {}),
    ...(request && when.slot ? { slot: when.slot } : {}),
    ...(nearMe ? { nearMe: true } : {}),
    words,
    ...(text !== typed ? { mended: true as const, mendedFrom } : {}),
    ...(slips.length ? { slips } : {}),
    ...(qualified?.notApplied.length ? { notApplied: qualified.notApplied } : {}),
  };
}

/**
 * What the bot searches for a message it read as a search (ADR 040): the finest trade this reader finds in it (an
 * air cooler, where the bot's reply says "AC repair"), or the words alone after an explicit "search"; the city
 * goes as the search's city.
 */
export function searchTextOf(
  u: Extract<Understood, { intent: "search" }>,
  text: string,
  places: readonly Place[] = [],
): string | undefined {
  return (u.service ? readQuery(text, places).service : undefined) ?? u.service ?? u.words;
}
