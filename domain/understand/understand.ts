/**
 * What a message to the bot means (issue #20 item 1, ADR 027): a small rule-based reader over our own
 * dictionaries, in English, Iraqi Arabic as people write it, and Sorani (Arabic script; Latin-script
 * Kurdish for the commonest words). No language model: nothing leaves the Worker.
 *
 * It finds known phrases (commands, service words, cities, days and times of day) with the phrase index the
 * search uses (prefixes such as «بال», «لل», suffixes such as «ەکان», «ات», English plurals), then decides:
 * a service or a city is a search; otherwise a command; otherwise a greeting, thanks, yes or no; otherwise
 * nothing it understood, which the engine answers with one short "I didn't catch that" and the menu.
 * Its utterance set (utterances.ts) is the test of record.
 */
import { DAY_VOCAB, whenInText, type DaySlot, type DayWord } from "../text/dayPhrases";
import type { Lang } from "../text/lang";
import { CITIES, formsOf } from "../lexicon/dictionary";
import { normalizeDigits, normalizeText } from "../text/normalize";
import { candidateForms, findPhrases, PhraseIndex, type PhraseLookup } from "../text/phrases";
import { SERVICE_BY_EN, SERVICE_TERMS } from "../lexicon/trades";
import { problemWordCount } from "../lexicon/problemWords";
// (the filler shelf registers with the lexicon when fillerWords.ts loads)
import "../lexicon/fillerWords";
import { isLexiconWord } from "../lexicon/index";
import { followsAddressWord } from "../lexicon/addressWords";
import { foldArabizi } from "../lexicon/arabizi";

import { COMMAND_PHRASES, type Command, type CommandValue } from "../lexicon/commands";
import { LEXICON, type Shelf, type Shelves } from "../lexicon/phraseIndex";

export type { Command };

export type Understood =
  | { intent: "search"; service?: string; city?: string; nearMe?: boolean; day?: DayWord; slot?: DaySlot; words?: string; describes?: true }
  | { intent: "cancelBooking" | "changeBooking"; bookingId?: number; day?: DayWord; slot?: DaySlot }
  /** a provider's answer to a booking: "accept 9", «قبول ٩», «تەواو» */
  | { intent: "acceptBooking" | "declineBooking" | "completeBooking"; bookingId?: number }
  /** the provider's availability switch: "busy today", «متوفر» */
  | { intent: "busy" | "available" }
  | { intent: "language"; lang?: Lang }
  | { intent: "when"; day?: DayWord; slot?: DaySlot }
  | { intent: "menu" | "help" | "stop" | "myBookings" | "greeting" | "thanks" | "yes" | "no" | "nearMe" | "unknown" }
  /** the next page of the last list: "next", «غيرهم», «زیاتر» */
  | { intent: "more" }
  /** the page before, as the "◀ Previous" button says: "prev", «السابق», «پێشوو» (issue #31 item 9) */
  | { intent: "previous" }
  /** "delete my account": the bot explains how (it needs the password, on the web: issue #30) */
  | { intent: "deleteAccount" }
  /** "he didn't come", «الاسطة ما اجه», «نەهات»: today's booking, with "did not come" to tap (issue #39 item 6) */
  | { intent: "noShow" }
  /** "how much?", «شكد ياخذ؟», «چەند دەبات؟»: what the listing in view charges, or how to ask it (issue #39 item 6) */
  | { intent: "price" };

export interface Place {
  slug: string;
  name: string;
  nameAr?: string | null;
  nameKu?: string | null;
}

type Value = CommandValue | { filler: true } | { service: string; says?: true } | { city: string };
// words that carry no meaning of their own here
// (the lexicon's one list, domain/lexicon/fillerWords.ts, where no command took the word first: «لا» is "no")
const FILLER_VALUE: Value = { filler: true };

// services: the one dictionary the search indexes listings by (domain/lexicon/trades.ts, ADR 040, 053): its English,
// Iraqi Arabic, Sorani and Latin-script Kurdish forms, the dialect words and the trades without a category yet
const serviceValues = new Map<string, Value>();
const serviceValue = (name: string, says = false) => {
  const key = says ? `says:${name}` : name;
  let v = serviceValues.get(key);
  if (!v) serviceValues.set(key, (v = says ? { service: name, says: true } : { service: name }));
  return v;
};
// (services first: a service word that is also a command word, such as «تكييف», is a service); what people say
// instead of the trade («السيارة ما تشتغل») is the trade, and the message describes the job
/** The bot's view of the lexicon's one index: trades, then commands, then filler where no trade or command took the word. */
const BOT_VIEW = LEXICON.view<Value>(
  ["trade", "command", "filler"],
  (shelf: Shelf, value: never) => {
    if (shelf === "trade") {
      const v = value as Shelves["trade"];
      return serviceValue(v.term.en, v.says);
    }
    return shelf === "filler" ? FILLER_VALUE : (value as CommandValue);
  },
  { quiet: ["filler"] },
);
/** The service the bot names a trade by (an air cooler is the AC repairer's work). */
const botService = (name: string) => SERVICE_BY_EN.get(name)?.parent ?? name;


/**
 * Typing slips in service and city words (issue #20): a word of five letters or more that the index doesn't
 * know is read as the one service or city word at edit distance 1 (a letter missing, extra, changed or two
 * swapped: "electrican", "plumer", "Basrra"); and any word whose Persian-keyboard letters (گ پ چ ژ ڤ) are
 * the Arabic ones of a known word («سباگ» for «سباك»). Short words and command words are never guessed at.
 */
interface TypoVocab {
  /** known service and city words of 4+ letters, by length (only typed words of 5+ letters are mended) */
  byLength: Map<number, string[]>;
  /** keyboard-letter-folded form → the known word, when only one word folds to it */
  folded: Map<string, string | null>;
}
const typoVocabs = new WeakMap<PhraseLookup<Value>, TypoVocab>();
const FOLD: Record<string, string> = { "گ": "ک", "ڭ": "ک", "پ": "ب", "چ": "ج", "ژ": "ز", "ڤ": "ف" };
const fold = (w: string) => w.replace(/[گڭپچژڤ]/g, (c) => FOLD[c] ?? c);
function buildTypoVocab(words: Set<string>, index: PhraseLookup<Value>): TypoVocab {
  const byLength = new Map<number, string[]>();
  const folded = new Map<string, string | null>();
  for (const w of words) {
    if (!w || !index.vocab.has(w)) continue;
    // (a known word of four letters is a target too: «مصوور» is «مصور» with a letter doubled)
    if (w.length >= 4) byLength.set(w.length, [...(byLength.get(w.length) ?? []), w]);
    const f = fold(w);
    folded.set(f, folded.has(f) && folded.get(f) !== w ? null : w);
  }
  return { byLength, folded };
}

/** Optimal string alignment distance ≤ 1 (one insertion, deletion, substitution or swap of neighbours). */
function withinOne(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Optimal string alignment distance, stopping early above `max`. */
function osaWithin(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  const m = a.length;
  const n = b.length;
  let prev2: number[] = [];
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return false;
    prev2 = prev;
    prev = cur;
  }
  return prev[n]! <= max;
}

/**
 * Slips mended in a word of this many letters or more: one from five ("plumer", «سباگ»), two from eight
 * ("elctrican", "refrigrator"): a shorter word two slips from a trade is as often another word (ADR 040).
 */
export const ONE_SLIP_FROM = 5;
export const TWO_SLIPS_FROM = 8;

/** English words one letter away from a command or a service that people mean as typed. */
const REAL_WORDS = new Set(["cancer", "compete", "chance", "except", "accent", "villa", "villas"]);

/** A typed word one slip from words of different meanings ("pinter": painter, printer), each given once. */
export interface Slip {
  /** the word as typed, normalised */
  word: string;
  /** the known words it may be, one per meaning */
  candidates: string[];
}

/**
 * The message with slips in service and city words mended (see TypoVocab); everything else as typed. A word the
 * lexicon holds is never mended (issue #37 item 4), nor one in `keep` (a listing holds it). A word one slip from
 * words of several meanings is mended to the one `choose` names (the search asks which fits the query's other words),
 * else left as typed and reported in `slips`.
 */
function mendTypos(text: string, index: PhraseLookup<Value>, keep?: ReadonlySet<string>, choose?: ReadonlyMap<string, string>, slips?: Slip[], short?: ReadonlySet<string>): string {
  const vocab = typoVocabs.get(index);
  if (!vocab) return text;
  const known = (w: string) => REAL_WORDS.has(w) || DAY_VOCAB.has(w) || Boolean(keep?.has(w)) || candidateForms(w, index.vocab).some((f) => index.vocab.has(f)) || isLexiconWord(w);
  // Arabic in Latin letters first («sabbak», «mu7ami»): the lexicon's Arabic-script words, by rule (arabizi.ts)
  return foldArabizi(text, known).replace(/[\p{L}\p{M}]+/gu, (raw) => {
    const w = normalizeText(raw);
    if (!w || known(w)) return raw;
    const byFold = vocab.folded.get(fold(w));
    if (byFold) return byFold;
    // five letters or more besides an Arabic article: «الحلوة» (the sweet one) is not «الحلة» (Hillah)
    // (a word of four letters only when the search found that no listing holds it: «سباح» for «سباك», issue #37 item 4)
    const letters = w.replace(/^(?:وبال|بال|وال|لل|ال)/, "").length;
    if (letters < ONE_SLIP_FROM && !(letters >= 4 && short?.has(w))) return raw;
    const near = new Set<string>();
    for (const len of [w.length - 1, w.length, w.length + 1]) for (const k of vocab.byLength.get(len) ?? []) if (withinOne(w, k)) near.add(k);
    // two slips only in a long word, and only when one slip found nothing
    if (near.size === 0 && w.replace(/^(?:وبال|بال|وال|لل|ال)/, "").length >= TWO_SLIPS_FROM) {
      for (const len of [w.length - 2, w.length - 1, w.length, w.length + 1, w.length + 2]) for (const k of vocab.byLength.get(len) ?? []) if (k.length >= TWO_SLIPS_FROM - 1 && osaWithin(w, k, 2)) near.add(k);
    }
    // several near words that mean the same thing ("electrician", "electrical"; «هەولێر», «هولير») are one answer
    const byMeaning = new Map<unknown, string>();
    for (const k of near) if (!byMeaning.has(index.get(k)?.value ?? k)) byMeaning.set(index.get(k)?.value ?? k, k);
    if (byMeaning.size === 1) return [...near][0]!;
    const chosen = choose?.get(w);
    if (chosen && near.has(chosen)) return chosen;
    if (byMeaning.size > 1) slips?.push({ word: w, candidates: [...byMeaning.values()] });
    return raw;
  });
}

/**
 * The whole index for a list of places: the lexicon's one index as the bot reads it (commands, services, filler), with
 * every label of every city after it (commands before cities: «القائمة», the menu, is not al-Qaim with a suffix).
 */
const indexes = new WeakMap<readonly Place[], PhraseLookup<Value> & { collisions: readonly string[] }>();
export function indexFor(places: readonly Place[]): PhraseLookup<Value> & { collisions: readonly string[] } {
  let index = indexes.get(places);
  if (!index) {
    const cities = new PhraseIndex<Value>();
    const typoWords = new Set<string>();
    const wordsOf = (form: string) => normalizeText(form).split(" ").forEach((w) => typoWords.add(w));
    for (const term of SERVICE_TERMS) for (const form of [term.en, ...term.enAlt, ...term.ar, ...term.ku, ...(term.says ?? [])]) wordsOf(form);
    // a provider's and a customer's English commands of six letters or more ("acept 9", "declin", "bookngs"),
    // but not "change" ("any chance tomorrow?") and not a real word one letter away ("cancer doctor")
    for (const [form, value, lang] of COMMAND_PHRASES) if (lang === "en" && "command" in value && /^[a-z]{6,}$/.test(form) && form !== "change") typoWords.add(form);
    // and the words of a question about one's booking ("whats hapening with my bookng", issue #37's walk)
    for (const [form, value, lang] of COMMAND_PHRASES) if (lang === "en" && "command" in value && value.command === "myBookings") for (const w of form.split(" ")) if (/^[a-z]{6,}$/.test(w)) typoWords.add(w);
    for (const p of places) {
      const v: Value = { city: p.slug };
      const labels: [string, Lang][] = [[p.name, "en"], [p.slug.replace(/-/g, " "), "en"], ...(p.nameAr ? [[p.nameAr, "ar"] as [string, Lang]] : []), ...(p.nameKu ? [[p.nameKu, "ku"] as [string, Lang]] : [])];
      // the dictionary's other spellings (Hawler, Sulaimani, Basrah…), the Latin Kurdish names people type among them
      const entry = CITIES.find((c) => c.en === p.name);
      if (entry) for (const lang of ["en", "ar", "ku"] as const) for (const f of formsOf(entry, lang)) labels.push([f, lang]);
      for (const [label, lang] of labels) {
        cities.add(label, v, lang);
        wordsOf(label);
      }
    }
    const view = BOT_VIEW;
    const vocab = new Set([...view.vocab, ...cities.vocab]);
    const cityClashes = [...cities.collisions];
    for (const key of cities.keys()) {
      const hit = view.get(key);
      if (hit && hit.value !== cities.get(key)!.value) cityClashes.push(key);
    }
    const built = {
      get: (key: string) => view.get(key) ?? cities.get(key),
      vocab,
      maxWords: Math.max(view.maxWords, cities.maxWords),
      collisions: [...view.collisions, ...cityClashes],
    };
    indexes.set(places, built);
    typoVocabs.set(built, buildTypoVocab(typoWords, built));
    index = built;
  }
  return index;
}

const EMOJI: [RegExp, Command][] = [
  [/^(?:👍|👌|✅|🆗|☑️|✔️)+$/u, "yes"],
  [/^(?:👎|❌|🚫)+$/u, "no"],
  [/^(?:🙏|❤️|♥️|😊|🌹|💐|🤝)+$/u, "thanks"],
  [/^(?:👋|🖐️?|✋)+$/u, "greeting"],
];

/** The booking number a message names: "#12", "booking 12", «حجز ١٢», «رقم 12». */
const BOOKING_ID = /#\s*(\d{1,9})\b|(?:booking|order|no\.?|number|حجز|الحجز|رقم|کاتگرتنی|ژمارە)\s*#?\s*(\d{1,9})\b/i;

/** "Delete my account" in en, ar, ku (issue #30): a verb of removing next to the word for account. */
const DELETE_ACCOUNT = [
  /\b(delete|remove|close|erase|deactivate|cancel)\s+(my\s+|the\s+)?(dalil\s+)?(account|profile)\b/i,
  /\b(account|profile)\s+(deletion|delete|removal)\b/i,
  /(احذف|حذف|امسح|مسح|الغي|ألغي|الغاء|إلغاء|اغلق|أغلق|اغلاق|إغلاق|اسد|سد|شيل)\s*(لي\s+)?(ال)?حساب/,
  /(سڕینەوە|بسڕەوە|بسڕمەوە|دەسڕمەوە|بسڕنەوە|داخستن|دابخە|لابردن|لابە)\S*\s+(ی\s+)?(هەژمار|ئەکاونت)|(هەژمار|ئەکاونت)\S*\s+(\S+\s+)?(بسڕەوە|بسڕمەوە|بسڕنەوە|دەسڕمەوە|سڕینەوە|دابخە|لابە|لاببە)/,
];

/** What a message says. `places` are the cities the bot knows (their labels in all three languages). */
export function understand(raw: string, places: readonly Place[] = []): Understood {
  // "can't", "can’t" and "cant" are one word, as people type them
  const typed = normalizeDigits(raw).replace(/(\p{L})['’`](\p{L})/gu, "$1$2").trim();
  if (!typed) return { intent: "unknown" };
  const bare = typed.replace(/[\s\u200d\ufe0f]+/gu, "");
  for (const [re, command] of EMOJI) if (re.test(bare)) return { intent: command as "yes" | "no" | "thanks" | "greeting" };
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
  const named = text.match(BOOKING_ID)?.slice(1).find(Boolean) ?? ((commands.has("cancel") || commands.has("change") || answers) && !when.day ? text.match(/(?:^|\s)(\d{1,9})(?:\s|$)/)?.[1] : undefined);
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
  if (answers && !service && unknownWords.length <= 1) {
    const intent = commands.has("decline") ? "declineBooking" : commands.has("accept") ? "acceptBooking" : "completeBooking";
    return { intent, ...(Number.isFinite(bookingId) ? { bookingId } : {}) };
  }
  if ((commands.has("busy") || commands.has("available")) && !service && unknownWords.length <= 1) return { intent: commands.has("busy") ? "busy" : "available" };
  if (commands.has("cancel") && (commands.has("myBookings") || Number.isFinite(bookingId) || !service)) {
    return { intent: "cancelBooking", ...(Number.isFinite(bookingId) ? { bookingId } : {}) };
  }
  if (commands.has("change") && !commands.has("language") && !lang && (Number.isFinite(bookingId) || commands.has("myBookings") || day || slot || !service)) {
    return { intent: "changeBooking", ...(Number.isFinite(bookingId) ? { bookingId } : {}), ...(day ? { day } : {}), ...(slot ? { slot } : {}) };
  }
  // "the electrician didn't come": today's booking, whatever trade is named (issue #39 item 6)
  if (commands.has("noShow") && !commands.has("cancel") && unknownWords.length <= 2) return { intent: "noShow" };
  // a question about one's booking that names its trade ("did the plumber accept my booking?"): the bookings
  if (commands.has("myBookings") && service && !city && !day && !slot && !commands.has("search") && !commands.has("nearMe")) return { intent: "myBookings" };
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
  // of the message as typed, which describes the job (issue #37 item 5, ADR 053). Not a lone word beside a "thanks" or
  // a "yes" ("cool, thanks"), and not one problem word in a long chat («شنو اخبار الجو … كلش حار», "hot" weather)
  const problemWords = unknownWords.length && !commands.has("myBookings") ? problemWordCount(unknownWords.join(" ")) : 0;
  // (an emoji is not a word of the sentence: «الثريا طاحت تحتاج تركيب من جديد 😅» is six)
  if (problemWords > 0 && (unknownWords.length >= 2 || commands.size === 0) && (problemWords >= 2 || text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length <= 6)) {
    return { intent: "search", ...(commands.has("nearMe") ? { nearMe: true } : {}), ...(day ? { day } : {}), ...(slot ? { slot } : {}), words: unknownWords.join(" "), describes: true };
  }
  if (commands.has("nearMe")) return { intent: "nearMe" };
  if (commands.has("myBookings")) return { intent: "myBookings" };
  // "how much?" with no trade named: the listing in view (a trade named is a search: "plumber prices")
  if (commands.has("price") && unknownWords.length <= 2 && !day && !slot) return { intent: "price" };
  if (commands.has("language") || (lang && unknownWords.length === 0 && commands.size === 0)) return { intent: "language", ...(lang ? { lang } : {}) };
  if (commands.has("more") && unknownWords.length <= 1 && !day && !slot) return { intent: "more" };
  if (commands.has("previous") && unknownWords.length <= 1 && !day && !slot) return { intent: "previous" };
  if (commands.has("help")) return { intent: "help" };
  if (commands.has("menu")) return { intent: "menu" };
  if (day || slot) {
    if (unknownWords.length === 0) return { intent: "when", ...(day ? { day } : {}), ...(slot ? { slot } : {}) };
  }
  // a search word with something we don't know ("I need a welder-ish…"): search those words as typed
  if (commands.has("search") && unknownWords.length > 0 && unknownWords.length <= 4) return { intent: "search", words: unknownWords.join(" ") };
  if (unknownWords.length > 2) return { intent: "unknown" };
  // "no thanks", «نەخێر سوپاس»: a no
  for (const c of ["no", "thanks", "greeting", "yes"] as const) if (commands.has(c)) return { intent: c };
  return { intent: "unknown" };
}

/**
 * What a search box query says (issue #32, ADR 040): the same reading as `understand` (the dictionary of trades,
 * the places with their Arabic «ب»/«بال» and Sorani «لە», slips mended), for the search. What it took drives the
 * search; `words` is the text it did not take, matched against names and descriptions. Unlike a chat message,
 * a command word («سلام», "home") stays a word here (it may be a name), and a day or a time is taken only
 * beside a trade or a place («جمعة» alone is a name; "electrician tomorrow" is a request).
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
}

export function readQuery(raw: string, places: readonly Place[] = [], opts: { keep?: ReadonlySet<string>; choose?: ReadonlyMap<string, string>; short?: ReadonlySet<string> } = {}): QueryReading {
  const typed = normalizeDigits(String(raw ?? "").slice(0, 500)).replace(/(\p{L})['’`](\p{L})/gu, "$1$2").trim();
  if (!typed) return { words: "" };
  const index = indexFor(places);
  const slips: Slip[] = [];
  const text = mendTypos(typed, index, opts.keep, opts.choose, slips, opts.short);
  const when = whenInText(text);
  const overlaps = (s: number, e: number) => when.spans.some(([a, b]) => s < b && e > a);
  const taken: [number, number][] = [];
  /** words that only say how ("find", «أريد», "please", "repair"): dropped beside a trade or a place, else searched */
  const how: [number, number][] = [];
  /** "find", «أريد», «ابي»: a request's verb comes before what is asked («ابي سباك»); after it, it is a word («مدرسة أبي تمام») */
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
      service ??= v.service;
    } else if ("city" in v) city ??= v.city;
    taken.push([m.start, m.end]);
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
  // a word mended toward a trade or a place that then took nothing stays as it was typed ("Qasim" is a name, not «القائم»)
  if (text !== typed) {
    const typedWords = typed.match(/[\p{L}\p{M}]+/gu) ?? [];
    const mendedWords = text.match(/[\p{L}\p{M}]+/gu) ?? [];
    const back = new Map<string, string>();
    // (Arabizi read as Arabic script stays so: «sakhuna» is the problem word «سخونة», which the search reads)
    if (typedWords.length === mendedWords.length) typedWords.forEach((w, i) => mendedWords[i] !== w && !(/[a-z]/i.test(w) && /[\u0600-\u06FF]/.test(mendedWords[i]!)) && back.set(mendedWords[i]!, w));
    words = words.replace(/[\p{L}\p{M}]+/gu, (w) => back.get(w) ?? w);
  }
  const typedWords = typed.match(/[\p{L}\p{M}]+/gu) ?? [];
  const mendedWords = text.match(/[\p{L}\p{M}]+/gu) ?? [];
  const mendedFrom = typedWords.length === mendedWords.length ? typedWords.filter((w, i) => mendedWords[i] !== w).map(normalizeText) : [];
  return {
    ...(service ? { service } : {}),
    ...(city ? { city } : {}),
    ...(request && when.day ? { day: when.day } : {}),
    ...(request && when.slot ? { slot: when.slot } : {}),
    ...(nearMe ? { nearMe: true } : {}),
    words,
    ...(text !== typed ? { mended: true as const, mendedFrom } : {}),
    ...(slips.length ? { slips } : {}),
  };
}

/**
 * What the bot searches for a message it read as a search (ADR 040): the finest trade this reader finds in it (an
 * air cooler, where the bot's reply says "AC repair"), or the words alone after an explicit "search"; the city
 * goes as the search's city.
 */
export function searchTextOf(u: Extract<Understood, { intent: "search" }>, text: string, places: readonly Place[] = []): string | undefined {
  return (u.service ? readQuery(text, places).service : undefined) ?? u.service ?? u.words;
}
