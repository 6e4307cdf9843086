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
import { whenInText, type DaySlot, type DayWord } from "../text/dayPhrases";
import type { Lang } from "../text/lang";
import { CITIES, formsOf } from "../lexicon/dictionary";
import { normalizeDigits, normalizeText } from "../text/normalize";
import { candidateForms, findPhrases, phraseKey, PhraseIndex } from "../text/phrases";
import { SERVICE_BY_EN, SERVICE_TERMS, sayingLang } from "../lexicon/trades";
import { problemWordCount } from "../lexicon/problemWords";
import { FILLER } from "../lexicon/fillerWords";
import { isLexiconWord } from "../lexicon/index";

export type Command = "menu" | "help" | "stop" | "myBookings" | "cancel" | "change" | "language" | "nearMe" | "greeting" | "thanks" | "yes" | "no" | "search" | "accept" | "decline" | "complete" | "busy" | "available" | "more" | "previous" | "noShow" | "price";

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

type Value = { command: Command } | { lang: Lang } | { filler: true } | { service: string; says?: true } | { city: string };
/** Every phrase the bot knows but the cities, in one index, so the longest phrase wins ("good morning" is a greeting, not a time). */
const STATIC: [string, Value, Lang][] = [];
const say = (lang: Lang, value: Value, ...forms: string[]) => forms.forEach((f) => STATIC.push([f, value, lang]));
const cmd = (command: Command) => ({ command }) as const;

// ——— commands, in the forms people type them ———
say("en", cmd("more"), "next", "more", "next page", "show more", "more please", "any more", "anymore", "others", "other ones", "see more");
say("ar", cmd("more"), "التالي", "التالية", "المزيد", "اكثر", "أكثر", "غيرهم", "بعدهم", "الصفحة التالية", "اكو غيرهم", "اكو بعد", "شوفني غيرهم", "غيرها");
// "anyone else?": the next results, never «غير» (change) read out of «غيره» (issue #39 item 6)
say("ar", cmd("more"), "ماكو غيره", "ماكو غيرة", "ماكو غيرهم", "ماكو غيرها", "اكو غيره", "ماكو واحد غيره", "غيره", "واحد غيره");
say("ku", cmd("more"), "دواتر", "زیاتر", "ئەوانی تر", "پەڕەی دواتر", "هی تر", "زیاتر پیشان بدە");
say("en", cmd("previous"), "prev", "previous", "previous page", "go back a page", "back a page", "the ones before");
say("ar", cmd("previous"), "السابق", "السابقة", "الصفحة السابقة", "قبلهم", "اللي قبلهم");
say("ku", cmd("previous"), "پێشوو", "پەڕەی پێشوو", "ئەوانەی پێشوو");
say("en", cmd("menu"), "menu", "main menu", "start", "restart", "home", "options", "back");
say("ar", cmd("menu"), "القائمة", "قائمة", "القائمه", "المنيو", "منيو", "الرئيسية", "رجوع", "البداية");
say("ku", cmd("menu"), "لیست", "مێنیو", "مینیو", "لیستی سەرەکی", "سەرەکی", "دەستپێک", "گەڕانەوە", "lista", "menu bede");
say("en", cmd("help"), "help", "how does this work", "what can you do", "how to use");
say("ar", cmd("help"), "مساعدة", "مساعده", "ساعدني", "ساعدوني", "شلون استخدم", "شلون يشتغل");
say("ku", cmd("help"), "یارمەتی", "یارمەتیم بدە", "چۆن کاردەکات", "yarmeti");
say("en", cmd("stop"), "stop", "unsubscribe", "stop messages");
say("ar", cmd("stop"), "ايقاف", "إيقاف", "توقف", "الغاء الاشتراك", "إلغاء الاشتراك");
say("ku", cmd("stop"), "وەستان", "ڕاگرتن", "بوەستە");
say("en", cmd("myBookings"), "my bookings", "bookings", "my booking", "my appointments", "appointments", "my orders", "my reservations", "booking status", "show my bookings");
say("ar", cmd("myBookings"), "حجوزاتي", "حجوزات", "حجزي", "حجوزاتي شنو", "مواعيدي", "مواعيد", "طلباتي", "شوفلي حجوزاتي");
// "where has he got to?", "when is he coming?": the bookings, with their status and "on the way" (ADR 044)
say("ar", cmd("myBookings"), "وين وصل", "وين صار", "شوكت يجي", "شوكت يوصل", "متى يجي", "متى يوصل", "وين الاسطة", "وين الأسطة");
say("ku", cmd("myBookings"), "کەی دێت", "کەی دەگات", "لە کوێیە", "گەیشتە کوێ");
say("en", cmd("myBookings"), "when is he coming", "where is he", "is he coming");
// questions about one's own booking, as people ask them (issue #37 item 6, ADR 053): answered with the bookings, as «حجوزاتي»
say("en", cmd("myBookings"), "what happened to my booking", "what happened", "whats happening", "any news", "any update", "any updates", "whats the status", "status", "did he accept", "has he accepted", "did they accept", "was it accepted", "is it confirmed", "is my booking confirmed", "accept my booking", "is he on his way", "on his way", "is he on the way");
say("ar", cmd("myBookings"), "شصار", "شنو صار", "شصار بالحجز", "شصار بحجزي", "شصار على الحجز", "شنو صار على الحجز", "شنو صار بالحجز", "اكو خبر", "شكو خبر", "شنو الاخبار", "تأكد الحجز", "الحجز تأكد", "انقبل الحجز", "قبل الحجز", "قبلوا الحجز", "وافق على الحجز", "وافق ع الحجز", "الاسطة جاي", "الفني جاي", "صار بالطريق");
say("ku", cmd("myBookings"), "پەسەند کرا", "پەسەندکرا", "ئایا پەسەند کرا", "قبوڵ کرا", "قەبوڵ کرا", "چی لێهات", "چی بوو", "هەواڵ چییە", "هەواڵی کاتگرتنەکەم", "لە ڕێگادایە", "لە ڕێگایە", "ئەی کەی دێت", "kay det", "key det", "kei det");
say("ku", cmd("myBookings"), "کاتگرتنەکانم", "کاتگرتنەکان", "کاتگرتنم", "کاتگرتن", "کاتگرتنەکەم", "کاتگرتنی", "حجزەکانم", "داواکارییەکانم", "نۆرەکانم", "نۆرەکەم", "نۆرە", "katgirtnekanm", "katgirtinekanm");
say("en", cmd("cancel"), "cancel", "cancel booking", "cancel my booking", "cancel the booking", "cancel appointment", "call off");
say("ar", cmd("cancel"), "الغي", "الغاء", "إلغاء", "ألغي", "الغي الحجز", "الغاء الحجز", "إلغاء الحجز", "الغي حجزي", "بطل الحجز", "لا اريد الحجز");
say("ku", cmd("cancel"), "هەڵوەشاندنەوە", "هەڵوەشاندنەوەی", "هەڵیوەشێنەوە", "هەڵبوەشێنەوە", "هەڵیبوەشێنەوە", "هەڵبوەشێنمەوە", "هەڵیبوەشێنمەوە", "هەڵدەوەشێنمەوە", "پاشگەزبوونەوە", "پاشگەزبوومەوە", "کاتگرتنەکە هەڵبوەشێنەوە");
say("en", cmd("change"), "change", "change booking", "change my booking", "reschedule", "move my booking", "change the time", "change the date");
say("ar", cmd("change"), "غير", "اغير", "أغير", "نغير", "ابدل", "أبدل", "أأجل", "اأجل", "عدل", "تعديل", "تغيير", "غير الموعد", "تغيير الموعد", "تغيير الحجز", "غير الحجز", "بدل الموعد", "اجل الموعد", "تأجيل");
say("ku", cmd("change"), "گۆڕین", "بگۆڕە", "بیگۆڕە", "دەمەوێت بیگۆڕم", "کاتەکە بگۆڕە", "گۆڕینی کاتگرتن", "دوایبخە", "دوای بخە");
// "I want to change the day" in Sorani (issue #39 item 6)
say("ku", cmd("change"), "دەمەوێت ڕۆژەکە بگۆڕم", "ڕۆژەکە بگۆڕم", "ڕۆژەکە بگۆڕە", "ڕۆژەکەی بگۆڕە", "دەمەوێت ڕۆژەکەی بگۆڕم", "ڕۆژ بگۆڕە", "گۆڕینی ڕۆژ");
// "he didn't come" (issue #39 item 6): today's booking, with "did not come" to tap
say("en", cmd("noShow"), "didnt come", "did not come", "didnt show up", "did not show up", "never came", "never showed up", "no show", "hasnt come", "has not come");
say("ar", cmd("noShow"), "ما اجه", "ما اجا", "ما اجى", "ما إجه", "ما إجا", "ماجه", "ماجا", "ما جه", "ما جا", "ما جاء", "ما اجانه", "ما اجانا", "لم يأت", "لم ياتي", "لم يحضر", "ما حضر", "الاسطة ما اجه", "الاسطه ما اجه", "الأسطة ما اجه", "الاسطة ما اجا", "ما اجه الاسطة", "ما اجا الاسطة");
say("ku", cmd("noShow"), "نەهات", "نەهاتووە", "هەر نەهات", "وەستاکە نەهات", "وەستا نەهات", "نەهاتە لام", "nehat");
// "how much?" (issue #39 item 6): the listing in view's prices, or how to ask it
say("en", cmd("price"), "how much", "how much is it", "how much does it cost", "how much does he charge", "how much do you charge", "price", "prices", "the price", "cost", "what does it cost", "fee", "rates");
say("ar", cmd("price"), "شكد ياخذ", "شكد ياخذون", "شكد تاخذ", "شكد تاخذون", "شكد السعر", "شكد الاجرة", "شكد الأجرة", "شكد الكلفة", "بيش", "بيشي", "بكم", "كم السعر", "كم ياخذ", "كم تاخذ", "السعر", "سعر", "الاسعار", "الأسعار", "اسعار", "الاجور", "اجور", "الكلفة", "الاجرة", "الأجرة");
say("ku", cmd("price"), "چەند دەبات", "چەند دەبەیت", "چەند وەردەگرێت", "چەند وەردەگریت", "بە چەندە", "چەندە", "نرخ", "نرخی", "نرخەکەی", "نرخەکەی چەندە", "نرخەکان", "کرێ", "کرێکەی", "کرێکەی چەندە", "nrx", "chanda");
say("en", cmd("language"), "language", "change language", "lang");
say("ar", cmd("language"), "اللغة", "لغة", "تغيير اللغة", "غير اللغة");
say("ku", cmd("language"), "زمان", "گۆڕینی زمان", "زمانەکە بگۆڕە");
say("en", { lang: "en" }, "english", "in english", "inglizi");
say("ar", { lang: "ar" }, "عربي", "العربية", "عربية", "بالعربي", "arabic");
say("ku", { lang: "ku" }, "کوردی", "كوردي", "كردي", "kurdi", "kurdish", "sorani", "سۆرانی");
say("en", cmd("nearMe"), "near me", "nearby", "close to me", "around me", "closest", "nearest");
say("ar", cmd("nearMe"), "قريب", "قريب مني", "قريبين", "يمي", "جنبي", "الاقرب", "الأقرب", "بمنطقتي", "قريب علي");
say("ku", cmd("nearMe"), "نزیک", "نزیکم", "لە نزیکم", "نزیکترین", "دەوروبەرم", "nizik", "nizikm", "nzik", "nzikm", "nizikim");
say("en", cmd("greeting"), "hi", "hello", "hey", "hiya", "good morning", "good evening", "helo", "hallo", "helloo", "hii", "heya", "salam", "salaam", "assalamu alaikum", "marhaba", "slaw", "silaw");
say("ar", cmd("greeting"), "مرحبا", "مرحبه", "هلو", "هلوو", "هلا والله", "هلاوو", "هلا", "هلاو", "اهلا", "أهلا", "السلام عليكم", "سلام عليكم", "سلام", "صباح الخير", "مساء الخير", "شلونك", "شلونكم", "هاي", "شكو ماكو", "شخبارك", "شخباركم", "شلون الحال");
say("ku", cmd("greeting"), "سڵاو", "سلاو", "سڵاوتان لێبێت", "بەیانیت باش", "ئێوارەت باش", "بەیانی باش", "ئێوارە باش", "ڕۆژباش", "ڕۆژ باش", "چۆنی", "چۆنن", "choni", "rozh bash", "beyani bash");
say("en", cmd("thanks"), "thanks", "thank you", "thx", "ty", "thanks a lot", "great thanks", "cheers", "appreciate it");
say("ar", cmd("thanks"), "شكرا", "شكراً", "مشكور", "مشكورين", "تسلم", "تسلمون", "الله يخليك", "يعطيك العافية", "عاشت ايدك", "ممنون", "شكرا جزيلا");
say("ku", cmd("thanks"), "سوپاس", "زۆر سوپاس", "دەستت خۆش", "مەمنون", "سپاس", "spas", "supas");
say("en", cmd("yes"), "yes", "yeah", "yep", "yup", "ok", "okay", "sure", "correct", "confirm", "right", "go ahead", "y");
say("ar", cmd("yes"), "زين", "نعم", "اي", "إي", "ايه", "أيوه", "ايوه", "اكيد", "أكيد", "تمام", "ماشي", "اوكي", "صح", "موافق", "اكد", "تأكيد", "يب");
say("ku", cmd("yes"), "بەڵێ", "بەلێ", "ئا", "ئەرێ", "باشە", "دروستە", "ئۆکەی", "erê", "ere", "bale", "bałê", "bashe", "basha");
say("en", cmd("no"), "no", "nope", "nah", "not now", "n");
say("ar", cmd("no"), "لا", "كلا", "لأ", "مو", "ما اريد", "لا شكرا", "مو هسه", "مو هسة", "مو الحين", "مو هلوقت");
say("ku", cmd("no"), "نەخێر", "نا", "نە", "نامەوێت", "ئێستا نا", "ئێستا نە", "nexer", "naxer", "nexêr");
say("en", cmd("search"), "search", "find", "look for", "looking for", "search for");
say("ar", cmd("search"), "بحث", "ابحث", "دور", "دورلي", "دوّر", "احتاج", "أحتاج", "اريد", "أريد", "ابي", "ابغى", "محتاج", "نريد", "عندي");
say("ku", cmd("search"), "گەڕان", "بگەڕێ", "دەمەوێت", "دەوێت", "پێویستم", "پێویستمە", "پێویستم بە", "پێویستە", "پێویستی");
// a provider's answers (issue #20 item 3)
say("en", cmd("accept"), "accept", "accept it", "approve", "i accept", "accept booking", "accept the booking", "take it", "i'll take it");
say("ar", cmd("accept"), "قبول", "اقبل", "أقبل", "قبلت", "اقبله", "اقبلها", "قبول الحجز", "اقبل الحجز", "موافق عليه", "اوافق", "أوافق");
say("ku", cmd("accept"), "پەسەند", "پەسەندکردن", "پەسەندی دەکەم", "پەسەندم کرد", "قبوڵ", "قەبوڵ", "وەریدەگرم", "qebul", "pesend");
say("en", cmd("decline"), "decline", "reject", "refuse", "can't", "cant", "can t", "cannot", "i can't", "i cant", "not available for it", "decline booking", "decline it");
say("ar", cmd("decline"), "رفض", "ارفض", "أرفض", "رفضت", "ارفضه", "ارفضها", "ما اكدر", "ماكدر", "ما أكدر", "اعتذر", "أعتذر", "رفض الحجز");
say("ku", cmd("decline"), "ڕەتکردنەوە", "ڕەتی بکەرەوە", "ڕەتیدەکەمەوە", "ڕەت", "ناتوانم", "ناتوانم بێم", "ret");
say("en", cmd("complete"), "done", "completed", "complete", "finished", "job done", "mark done", "mark as done", "i finished");
say("ar", cmd("complete"), "خلصت", "خلص", "خلصنا", "انتهيت", "انتهى", "اكتمل", "كملت", "كملنا", "تم الشغل", "خلص الشغل", "منتهي");
say("ku", cmd("complete"), "تەواو", "تەواوبوو", "تەواو بوو", "تەواوم کرد", "کارەکە تەواو بوو", "tewaw", "tawaw");
say("en", cmd("busy"), "busy", "busy today", "i'm busy", "im busy", "not available", "unavailable", "off today", "day off", "mark me unavailable");
say("ar", cmd("busy"), "مشغول", "مشغول اليوم", "اني مشغول", "آني مشغول", "ما متوفر", "مو متوفر", "غير متوفر", "عطلة", "عطلة اليوم", "مسافر");
say("ku", cmd("busy"), "سەرقاڵم", "سەرقاڵ", "ئەمڕۆ سەرقاڵم", "بەردەست نیم", "مەشغوڵم", "مەشغوڵ", "پشوو", "serqalm", "meshghulm");
say("en", cmd("available"), "available", "available again", "i'm available", "im available", "free now", "back to work", "open again", "mark me available");
say("ar", cmd("available"), "متوفر", "متوفر هسه", "اني متوفر", "آني متوفر", "متاح", "فاضي", "رجعت", "رجعت للشغل", "متوفر مرة ثانية");
say("ku", cmd("available"), "بەردەستم", "بەردەست", "ئامادەم", "دیسان بەردەستم", "گەڕامەوە", "berdestm", "amadem");
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
// (services first: a service word that is also a command word, such as «تكييف», is a service)
const SERVICES: [string, Value, Lang][] = [];
const service = (lang: Lang, name: string, ...forms: string[]) => forms.forEach((f) => SERVICES.push([f, serviceValue(name), lang]));
for (const term of SERVICE_TERMS) {
  service("en", term.en, term.en, ...term.enAlt);
  service("ar", term.en, ...term.ar);
  service("ku", term.en, ...term.ku);
  // what people say instead of the trade («السيارة ما تشتغل»): the trade, and the message describes the job
  for (const f of term.says ?? []) SERVICES.push([f, serviceValue(term.en, true), sayingLang(f)]);
}
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
const typoVocabs = new WeakMap<PhraseIndex<Value>, TypoVocab>();
const FOLD: Record<string, string> = { "گ": "ک", "ڭ": "ک", "پ": "ب", "چ": "ج", "ژ": "ز", "ڤ": "ف" };
const fold = (w: string) => w.replace(/[گڭپچژڤ]/g, (c) => FOLD[c] ?? c);
function buildTypoVocab(words: Set<string>, index: PhraseIndex<Value>): TypoVocab {
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
const REAL_WORDS = new Set(["cancer", "compete", "chance", "except", "accent"]);

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
function mendTypos(text: string, index: PhraseIndex<Value>, keep?: ReadonlySet<string>, choose?: ReadonlyMap<string, string>, slips?: Slip[], short?: ReadonlySet<string>): string {
  const vocab = typoVocabs.get(index);
  if (!vocab) return text;
  return text.replace(/[\p{L}\p{M}]+/gu, (raw) => {
    const w = normalizeText(raw);
    if (!w || REAL_WORDS.has(w) || keep?.has(w) || candidateForms(w, index.vocab).some((f) => index.vocab.has(f)) || isLexiconWord(w)) return raw;
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

/** The whole index for a list of places: commands, services and every label of every city. */
const indexes = new WeakMap<readonly Place[], PhraseIndex<Value>>();
export function indexFor(places: readonly Place[]): PhraseIndex<Value> {
  let index = indexes.get(places);
  if (!index) {
    index = new PhraseIndex<Value>();
    // commands before cities: «القائمة» (the menu) is not the city of al-Qaim with a suffix
    for (const [form, value, lang] of [...SERVICES, ...STATIC]) index.add(form, value, lang);
    // filler where no trade or command took the word first
    for (const lang of ["en", "ar", "ku"] as const) for (const f of FILLER[lang]) if (!index.get(phraseKey(f))) index.add(f, FILLER_VALUE, lang);
    const typoWords = new Set<string>();
    const wordsOf = (form: string) => normalizeText(form).split(" ").forEach((w) => typoWords.add(w));
    for (const [form] of SERVICES) wordsOf(form);
    // a provider's and a customer's English commands of six letters or more ("acept 9", "declin", "bookngs"),
    // but not "change" ("any chance tomorrow?") and not a real word one letter away ("cancer doctor")
    for (const [form, value, lang] of STATIC) if (lang === "en" && "command" in value && /^[a-z]{6,}$/.test(form) && form !== "change") typoWords.add(form);
    for (const p of places) {
      const v: Value = { city: p.slug };
      const labels: [string, Lang][] = [[p.name, "en"], [p.slug.replace(/-/g, " "), "en"], ...(p.nameAr ? [[p.nameAr, "ar"] as [string, Lang]] : []), ...(p.nameKu ? [[p.nameKu, "ku"] as [string, Lang]] : [])];
      // the dictionary's other spellings (Hawler, Sulaimani, Basrah…), the Latin Kurdish names people type among them
      const entry = CITIES.find((c) => c.en === p.name);
      if (entry) for (const lang of ["en", "ar", "ku"] as const) for (const f of formsOf(entry, lang)) labels.push([f, lang]);
      for (const [label, lang] of labels) {
        index.add(label, v, lang);
        wordsOf(label);
      }
    }
    indexes.set(places, index);
    typoVocabs.set(index, buildTypoVocab(typoWords, index));
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
  if (problemWords > 0 && (unknownWords.length >= 2 || commands.size === 0) && (problemWords >= 2 || text.split(/\s+/).length <= 6)) {
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
    } else if ("service" in v) service ??= v.service;
    else if ("city" in v) city ??= v.city;
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
    if (typedWords.length === mendedWords.length) typedWords.forEach((w, i) => mendedWords[i] !== w && back.set(mendedWords[i]!, w));
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
