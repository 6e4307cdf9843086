/**
 * What a message to the bot means (ADR 027): a small rule-based reader over our own dictionaries, in English, Iraqi
 * Arabic as people write it, and Sorani (Arabic script; Latin-script Kurdish for the commonest words). No language
 * model: nothing leaves the Worker.
 *
 * It finds known phrases (commands, service words, cities, days and times of day) with the phrase index the
 * search uses (prefixes such as «بال», «لل», suffixes such as «ەکان», «ات», English plurals), then decides:
 * a service or a city is a search; otherwise a command; otherwise a greeting, thanks, yes or no; otherwise
 * nothing it understood, which the engine answers with one short "I didn't catch that" and the menu.
 * Its utterance set (utterances.ts) is the test of record.
 */
import { whenInText, type DaySlot, type DayWord } from "../text/dayPhrases";
import type { Lang } from "../text/lang";
import { joinWords } from "../text/analysis/chain";
import { normalizeDigits, tokenize } from "../text/normalize";
import { findPhrases } from "../text/phrases";
import { problemWordCount, saysPain } from "../lexicon/problemWords";
import { followsAddressWord } from "../lexicon/addressWords";
import { STATUS_QUESTIONS, type Command } from "../lexicon/commands";
import { WORK_VERBS } from "../lexicon/fillerWords";
import { botService, indexFor, type Place } from "./botIndex";
import { mendTypos } from "./typos";

// (split along its seams: the bot's index in botIndex.ts, slips in typos.ts, the search box's reading in readQuery.ts)
export { indexFor, type Place } from "./botIndex";
export { ONE_SLIP_FROM, TWO_SLIPS_FROM, type Slip } from "./typos";
export { readQuery, searchTextOf, type QueryReading } from "./readQuery";
export type { Command };

import type { Understood } from "./understood";

export type { Understood };

const EMOJI: [RegExp, Command][] = [
  [/^(?:👍|👌|✅|🆗|☑️|✔️)+$/u, "yes"],
  [/^(?:👎|❌|🚫)+$/u, "no"],
  [/^(?:🙏|❤️|♥️|😊|🌹|💐|🤝)+$/u, "thanks"],
  [/^(?:👋|🖐️?|✋)+$/u, "greeting"],
];

/** The booking number a message names: "#12", "booking 12", «حجز ١٢», «رقم 12». */
const BOOKING_ID = /#\s*(\d{1,9})\b|(?:booking|order|no\.?|number|حجز|الحجز|رقم|کاتگرتنی|ژمارە)\s*#?\s*(\d{1,9})\b/i;

/** "Delete my account" in en, ar, ku: a verb of removing next to the word for account. */
const DELETE_ACCOUNT = [
  /\b(delete|remove|close|erase|deactivate|cancel)\s+(my\s+|the\s+)?(dalil\s+)?(account|profile)\b/i,
  /\b(account|profile)\s+(deletion|delete|removal)\b/i,
  /(احذف|حذف|امسح|مسح|الغي|ألغي|الغاء|إلغاء|اغلق|أغلق|اغلاق|إغلاق|اسد|سد|شيل)\s*(لي\s+)?(ال)?حساب/,
  /(سڕینەوە|بسڕەوە|بسڕمەوە|دەسڕمەوە|بسڕنەوە|داخستن|دابخە|لابردن|لابە)\S*\s+(ی\s+)?(هەژمار|ئەکاونت)/,
  /(هەژمار|ئەکاونت)\S*\s+(\S+\s+)?(بسڕەوە|بسڕمەوە|بسڕنەوە|دەسڕمەوە|سڕینەوە|دابخە|لابە|لاببە)/,
];

/** What a message says. `places` are the cities the bot knows (their labels in all three languages). */
export function understand(raw: string, places: readonly Place[] = []): Understood {
  // "can't", "can’t" and "cant" are one word, as people type them
  // (the analysis chain's first step: «کاره‌باچی» is one word to the readers below, ADR 081)
  const typed = joinWords(normalizeDigits(raw))
    .replace(/(\p{L})['’`](\p{L})/gu, "$1$2")
    .trim();
  if (!typed) return { intent: "unknown" };
  const bare = typed.replace(/[\s\u200d\ufe0f]+/gu, "");
  for (const [re, command] of EMOJI)
    if (re.test(bare)) return { intent: command as "yes" | "no" | "thanks" | "greeting" };
  if (/^[?؟]+$/.test(bare)) return { intent: "help" };
  if (DELETE_ACCOUNT.some((re) => re.test(typed))) return { intent: "deleteAccount" };
  const text = mendTypos(typed, indexFor(places));

  const when = whenInText(text);
  const taken: [number, number][] = [...when.spans];
  const overlaps = (s: number, e: number) => when.spans.some(([a, b]) => s < b && e > a);
  /** A longer phrase took these words: what they said of the day or the time does not count. */
  const dropWhen = (s: number, e: number) => {
    for (const [i, [a, b]] of when.spans.entries()) {
      if (s < b && e > a) {
        if (when.kinds[i] === "day") when.day = undefined;
        else when.slot = undefined;
      }
    }
  };

  let service: string | undefined;
  let saysJob = false;
  let city: string | undefined;
  const commands = new Set<Command>();
  let lang: Lang | undefined;
  for (const m of findPhrases(text, indexFor(places))) {
    const v = m.hit.value;
    const isWhen = overlaps(m.start, m.end);
    // a day or time word inside a longer known phrase ("good morning") belongs to that phrase
    if (isWhen && m.key.split(" ").length < 2) continue;
    if (isWhen) dropWhen(m.start, m.end);
    // a trade's word in an address («قرب مدرسة الحكمة», «شارع الأطباء») says where, not what: it stays a word
    if ("service" in v && followsAddressWord(text, m.start)) continue;
    if ("command" in v) commands.add(v.command);
    else if ("lang" in v) lang ??= v.lang;
    else if ("service" in v) {
      service ??= v.service;
      if (v.says) saysJob = true;
    } else if ("city" in v) city ??= v.city;
    taken.push([m.start, m.end]);
  }
  // "#12", "booking 12"; with cancel or change, a number on its own is the booking's
  const answers = commands.has("accept") || commands.has("decline") || commands.has("complete");
  const named =
    text.match(BOOKING_ID)?.slice(1).find(Boolean) ??
    ((commands.has("cancel") || commands.has("change") || answers) && !when.day
      ? text.match(/(?:^|\s)(\d{1,9})(?:\s|$)/)?.[1]
      : undefined);
  const bookingId = Number(named ?? NaN);
  // the words nobody understood (digits of a booking number aside)
  let rest = "";
  let pos = 0;
  for (const [s, e] of [...taken].sort((a, b) => a[0] - b[0])) {
    if (s >= pos) rest += text.slice(pos, s) + " ";
    pos = Math.max(pos, e);
  }
  rest = (rest + text.slice(pos)).replace(/[#\d\p{P}\p{S}]+/gu, " ").trim();
  const unknownWords = rest ? rest.split(/\s+/).filter((w) => w.length > 1) : [];

  const slot = when.slot;
  const day = when.day;
  if (commands.has("stop") && !service) return { intent: "stop" };
  // "did any one accept my request?": a verb of answering asked after is the person's bookings, not a provider's answer
  if (answers && !service && STATUS_QUESTIONS[0]!.test(text)) return { intent: "myBookings" };
  if (answers && !service && unknownWords.length <= 1) {
    const intent = commands.has("decline")
      ? "declineBooking"
      : commands.has("accept")
        ? "acceptBooking"
        : "completeBooking";
    return { intent, ...(Number.isFinite(bookingId) ? { bookingId } : {}) };
  }
  if ((commands.has("busy") || commands.has("available")) && !service && unknownWords.length <= 1)
    return { intent: commands.has("busy") ? "busy" : "available" };
  if (commands.has("cancel") && (commands.has("myBookings") || Number.isFinite(bookingId) || !service)) {
    return { intent: "cancelBooking", ...(Number.isFinite(bookingId) ? { bookingId } : {}) };
  }
  // (not a problem said with "change" in it: «تغيير زيت وفحص سيارة» is a car's service, ADR 101)
  const changesBooking = Number.isFinite(bookingId) || commands.has("myBookings") || day || slot;
  if (
    commands.has("change") &&
    !commands.has("language") &&
    !lang &&
    (changesBooking || (!service && !problemWordCount(text)))
  ) {
    return {
      intent: "changeBooking",
      ...(Number.isFinite(bookingId) ? { bookingId } : {}),
      ...(day ? { day } : {}),
      ...(slot ? { slot } : {}),
    };
  }
  // «الطلبات», «حجوزات اليوم», "my week": a provider's menu lines (a customer's "today's bookings" is his bookings)
  if ((commands.has("pay") || commands.has("renew")) && !service && !city && unknownWords.length <= 2)
    return { intent: "pay", ...(commands.has("renew") ? { renew: true as const } : {}) };
  if (commands.has("requests") && !service && !city && unknownWords.length <= 1) return { intent: "providerBookings" };
  if (commands.has("week") && !service && !city && !day && !slot && unknownWords.length <= 1) return { intent: "week" };
  // "the electrician didn't come": today's booking, whatever trade is named
  if (commands.has("noShow") && !commands.has("cancel") && unknownWords.length <= 2) return { intent: "noShow" };
  // a question about one's booking that names its trade ("did the plumber accept my booking?"): the bookings
  if (
    commands.has("myBookings") &&
    service &&
    !city &&
    !day &&
    !slot &&
    !commands.has("search") &&
    !commands.has("nearMe")
  )
    return { intent: "myBookings" };
  // "did the plumber confirm?", «الكهربائي أكد الحجز؟»: a trade and a verb of answering a booking, asked after
  if (
    service &&
    !city &&
    !day &&
    !slot &&
    !commands.has("search") &&
    !commands.has("nearMe") &&
    STATUS_QUESTIONS.some((re) => re.test(text))
  )
    return { intent: "myBookings" };
  if (service || city) {
    // words beyond the service, the place and the day ("the generator line is off") describe the job
    // (with no service recognised, the unknown words are most likely the service itself: "network technician")
    // (and a problem said instead of the trade, «السيارة ما تشتغل», is a job described)
    const describes = Boolean(service) && ((unknownWords.length >= 1 && rest.length >= 4) || saysJob);
    return {
      intent: "search",
      ...(service ? { service: botService(service) } : {}),
      ...(city ? { city } : {}),
      ...(commands.has("nearMe") ? { nearMe: true } : {}),
      ...(day ? { day } : {}),
      ...(slot ? { slot } : {}),
      ...(describes ? { describes: true as const } : {}),
    };
  }
  // a problem said in plain words, with no trade named ("my kitchen tap is dripping", «الحنفية تنقط بالمطبخ»): a search
  // of the message as typed, which describes the job (ADR 053). Not a lone word beside a "thanks" or a "yes" ("cool,
  // thanks"), and not one problem word in a long chat («شنو اخبار الجو … كلش حار», "hot" weather)
  const problemWords =
    unknownWords.length && !commands.has("myBookings") ? problemWordCount(unknownWords.join(" ")) : 0;
  // (an emoji is not a word of the sentence: «الثريا طاحت تحتاج تركيب من جديد 😅» is six)
  // (a sentence asking for work, "install a chandelier in the living room", may be longer: up to ten words)
  const sentence = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const asksWork = sentence.some((w) => tokenize(w).some((t) => WORK_VERBS.has(t)));
  if (
    problemWords > 0 &&
    (unknownWords.length >= 2 || commands.size === 0) &&
    (problemWords >= 2 || sentence.length <= 6 || (asksWork && sentence.length <= 10))
  ) {
    return {
      intent: "search",
      ...(commands.has("nearMe") ? { nearMe: true } : {}),
      ...(day ? { day } : {}),
      ...(slot ? { slot } : {}),
      words: unknownWords.join(" "),
      describes: true,
    };
  }
  if (commands.has("nearMe")) return { intent: "nearMe" };
  if (commands.has("myBookings")) return { intent: "myBookings" };
  // "how much?" with no trade named: the listing in view (a trade named is a search: "plumber prices")
  if (commands.has("price") && unknownWords.length <= 2 && !day && !slot) return { intent: "price" };
  if (commands.has("language") || (lang && unknownWords.length === 0 && commands.size === 0))
    return { intent: "language", ...(lang ? { lang } : {}) };
  if (commands.has("more") && unknownWords.length <= 1 && !day && !slot) return { intent: "more" };
  if (commands.has("previous") && unknownWords.length <= 1 && !day && !slot) return { intent: "previous" };
  if (commands.has("help")) return { intent: "help" };
  // "my back hurts": the back that hurts, not the menu's "back" (a pain said with its verb is the doctor's, ADR 098)
  if (commands.has("menu") && saysPain(text)) return { intent: "search", words: text, describes: true };
  if (commands.has("menu")) return { intent: "menu" };
  if (day || slot) {
    if (unknownWords.length === 0) return { intent: "when", ...(day ? { day } : {}), ...(slot ? { slot } : {}) };
  }
  // «بحث», "search" alone: what, is asked, as the menu's 🔎 does
  if (commands.has("search") && commands.size === 1 && unknownWords.length === 0 && !day && !slot)
    return { intent: "searchAsk" };
  // a search word with something we don't know ("I need a welder-ish…"): search those words as typed
  if (commands.has("search") && unknownWords.length > 0 && unknownWords.length <= 4)
    return { intent: "search", words: unknownWords.join(" ") };
  if (unknownWords.length > 2) return { intent: "unknown" };
  // "no thanks", «نەخێر سوپاس»: a no
  for (const c of ["no", "thanks", "greeting", "yes"] as const) if (commands.has(c)) return { intent: c };
  return { intent: "unknown" };
}
