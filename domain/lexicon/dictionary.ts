/**
 * The built-in dictionary behind the translate helper (SPEC §1): the spec's specialties, Iraqi cities and event words,
 * each stored once as an {en, ar, ku} triple so it can be looked up from any of the three languages. `alt` lists other
 * spellings that are recognised on input but never produced as output (Latin-script Kurdish place names among the
 * Kurdish ones). Kurdish is Sorani in Arabic script. Part of the lexicon's room (ADR 053): the trades' spellings the
 * search and the bot read are trades.ts, and every specialty here reads there as one trade (lexicon.test.ts).
 */
import type { Lang } from "../text/lang";
import { phraseKey } from "../text/phrases";
import { LEXICON, type PhraseView } from "./phraseIndex";
import { normalizeText } from "../text/normalize";

export type { Lang } from "../text/lang";

import type { DictionaryEntry, EntryKind } from "./shelfTypes";

export type { DictionaryEntry, EntryKind };

type Alt = NonNullable<DictionaryEntry["alt"]>;
const e = (kind: EntryKind, en: string, ar: string, ku: string, alt?: Alt): DictionaryEntry =>
  alt ? { kind, en, ar, ku, alt } : { kind, en, ar, ku };
const sp = (en: string, ar: string, ku: string, alt?: Alt) => e("specialty", en, ar, ku, alt);
const city = (en: string, ar: string, ku: string, alt?: Alt) => e("city", en, ar, ku, alt);
const ev = (en: string, ar: string, ku: string, alt?: Alt) => e("event", en, ar, ku, alt);

export const SPECIALTIES: readonly DictionaryEntry[] = [
  sp("Cardiologist", "أخصائي أمراض القلب", "پزیشکی پسپۆڕی دڵ", {
    en: ["cardiology"],
    ar: ["طبيب أمراض القلب", "اختصاصي أمراض القلب"],
  }),
  sp("Heart Specialist", "أخصائي قلب", "پسپۆڕی دڵ", { ar: ["اختصاصي قلب"], ku: ["پسپۆڕی نەخۆشییەکانی دڵ"] }),
  sp("Heart Doctor", "طبيب قلب", "پزیشکی دڵ", { ar: ["دكتور قلب", "طبيب قلبية", "دكتور قلبية"], ku: ["دکتۆری دڵ"] }),
  sp("Electrical Engineer", "مهندس كهربائي", "ئەندازیاری کارەبا", { ar: ["مهندس كهرباء"] }),
  sp("English Teacher", "مدرس لغة إنكليزية", "مامۆستای زمانی ئینگلیزی", {
    ar: ["مدرس لغة إنجليزية", "معلم لغة إنجليزية", "مدرس إنكليزي", "مدرس انجليزي"],
    ku: ["مامۆستای ئینگلیزی"],
  }),
  sp("Plumber", "سباك", "بۆریچی", { en: ["plumbing"], ar: ["سمكري", "بلمبر"], ku: ["بۆریکار"] }),
  // ساردکەرەوە (our old word) reads as "refrigerator" in Sorani: see ADR 013, "Sorani terms"
  sp("AC Repair", "تصليح مكيفات", "چاککردنەوەی فێنککەرەوە", {
    en: ["air conditioning repair", "air conditioner repair"],
    ar: ["صيانة مكيفات", "تصليح تبريد", "تصليح سبلت"],
    ku: ["چاککردنەوەی سپلیت", "چاککردنەوەی ئێرکۆندیشن"],
  }),
  sp("Computer Repair", "تصليح حاسبات", "چاککردنەوەی کۆمپیوتەر", {
    ar: ["تصليح كمبيوتر", "صيانة حاسبات", "صيانة كمبيوتر"],
  }),
  sp("House Cleaning", "تنظيف منازل", "پاککردنەوەی ماڵ", {
    en: ["home cleaning"],
    ar: ["تنظيف بيوت"],
    ku: ["خاوێنکردنەوەی ماڵ"],
  }),
  sp("Auto Repair", "تصليح سيارات", "چاککردنەوەی ئۆتۆمبێل", {
    en: ["car repair"],
    ar: ["صيانة سيارات"],
    ku: ["چاککردنەوەی سەیارە"],
  }),
  sp("Dentist", "طبيب أسنان", "پزیشکی ددان", { ar: ["دكتور أسنان"], ku: ["دکتۆری ددان"] }),
  sp("General Doctor", "طبيب عام", "پزیشکی گشتی", {
    en: ["general practitioner", "gp"],
    ar: ["طبيب ممارس عام", "ممارس عام"],
  }),
  sp("Lawyer", "محامي", "پارێزەر", { en: ["attorney"], ar: ["محامية", "محام"] }),
  sp("Driver", "سائق", "شۆفێر", { ar: ["سواق", "سائقة"], ku: ["شوفێر", "لێخوڕ"] }),
  sp("Cook", "طباخ", "چێشتلێنەر", { en: ["chef"], ar: ["طباخة", "شيف"], ku: ["ئاشپەز"] }),
  sp("Nanny", "مربية أطفال", "دایەن", {
    en: ["babysitter"],
    ar: ["مربية", "جليسة أطفال"],
    ku: ["دایەنی منداڵ", "چاودێری منداڵ"],
  }),
  sp("Translator", "مترجم", "وەرگێڕ", { en: ["interpreter"], ar: ["مترجمة"], ku: ["تەرجومان"] }),
  sp("Photographer", "مصور", "وێنەگر", { ar: ["مصورة"], ku: ["فۆتۆگرافەر"] }),
  sp("Electrician", "كهربائي", "کارەباچی", { ar: ["كهربجي", "فني كهرباء"], ku: ["کارەباکار", "وەستای کارەبا"] }),
  sp("Doctor", "طبيب", "پزیشک", { en: ["physician"], ar: ["دكتور", "طبيبة", "دكتورة"], ku: ["دکتۆر", "دکتور"] }),
  sp("Teacher", "مدرس", "مامۆستا", { en: ["tutor"], ar: ["معلم", "معلمة", "أستاذ"] }),
  sp("Cleaning", "تنظيف", "پاککردنەوە", { ar: ["تنظيفات"], ku: ["خاوێنکردنەوە"] }),
  sp("Security", "حراسة", "پاسەوانی", {
    en: ["security guard", "guard"],
    ar: ["حارس", "حماية", "حارس أمن"],
    ku: ["پاسەوان"],
  }),
  sp("Engineer", "مهندس", "ئەندازیار", { ar: ["مهندسة"] }),
  sp("Eye Doctor", "طبيب عيون", "پزیشکی چاو", { en: ["ophthalmologist"], ar: ["دكتور عيون"], ku: ["دکتۆری چاو"] }),
  sp("Mechanic", "ميكانيكي", "میکانیکی", { ar: ["فيتر", "ميكانيك"], ku: ["وەستای ئۆتۆمبێل"] }),
];

export const CITIES: readonly DictionaryEntry[] = [
  city("Iraq", "العراق", "عێراق"),
  city("Baghdad", "بغداد", "بەغدا"),
  city("Basra", "البصرة", "بەسرە", { en: ["Basrah"] }),
  city("Erbil", "أربيل", "هەولێر", { en: ["Arbil", "Hawler", "Irbil"], ar: ["هولير"], ku: ["hawler", "hewler", "hewlêr"] }),
  city("Sulaymaniyah", "السليمانية", "سلێمانی", {
    en: ["Sulaimaniyah", "Sulaimani", "Slemani", "Suleimaniyah", "Sulaymaniyya"],
    ku: ["سلیمانی", "slemani", "slemany", "silemani", "slêmanî"],
  }),
  city("Kirkuk", "كركوك", "کەرکووک", { ku: ["کەرکوک", "kerkuk", "kerkûk"] }),
  city("Najaf", "النجف", "نەجەف"),
  city("Karbala", "كربلاء", "کەربەلا", { ar: ["كربلا"] }),
  city("Mosul", "الموصل", "مووسڵ", { ku: ["موسڵ", "مووسل"] }),
  city("Duhok", "دهوك", "دهۆک", { en: ["Dohuk", "Dahuk"], ku: ["dhok", "dihok"] }),
  city("Halabja", "حلبجة", "هەڵەبجە", { ku: ["helebce"] }),
  city("Ramadi", "الرمادي", "ڕومادی", { ku: ["ڕەمادی"] }),
  city("Fallujah", "الفلوجة", "فەللووجە", { en: ["Falluja"] }),
  city("Tikrit", "تكريت", "تکریت"),
  city("Samarra", "سامراء", "سامەڕا", { ar: ["سامرا"] }),
  city("Baqubah", "بعقوبة", "بەعقووبە", { en: ["Baquba", "Baqouba"] }),
  city("Kut", "الكوت", "کووت", { en: ["Al Kut"] }),
  city("Amarah", "العمارة", "عەمارە", { en: ["Amara", "Al Amarah"] }),
  city("Nasiriyah", "الناصرية", "ناسریە", { en: ["Nasiriya", "Nassiriya"] }),
  city("Samawah", "السماوة", "سەماوە", { en: ["Samawa"] }),
  city("Diwaniyah", "الديوانية", "دیوانیە", { en: ["Diwaniya"] }),
  city("Hillah", "الحلة", "حیللە", { en: ["Hilla"] }),
  city("Zakho", "زاخو", "زاخۆ"),
  city("Kufa", "الكوفة", "کووفە"),
  city("Soran", "سوران", "سۆران"),
  city("Ranya", "رانية", "ڕانیە", { en: ["Raniya"], ku: ["ranye"] }),
  city("Koya", "كويسنجق", "کۆیە", { en: ["Koysinjaq"], ku: ["koye"] }),
  city("Khanaqin", "خانقين", "خانەقین"),
  city("Akre", "عقرة", "ئاکرێ", { en: ["Aqrah"] }),
  city("Chamchamal", "جمجمال", "چەمچەماڵ"),
  city("Kalar", "كلار", "کەلار"),
  city("Sinjar", "سنجار", "شنگال", { en: ["Shingal"] }),
  city("Tal Afar", "تلعفر", "تەلەعفەر", { en: ["Tal Afar", "Tel Afar"] }),
  city("Amedi", "العمادية", "ئامێدی", { en: ["Amadiya"] }),
  city("Shaqlawa", "شقلاوة", "شەقڵاوە"),
  city("Rawanduz", "راوندوز", "ڕەواندز"),
  city("Penjwen", "بنجوين", "پێنجوێن"),
  city("Haditha", "حديثة", "حەدیسە"),
  city("Baiji", "بيجي", "بێجی"),
  city("Tuz Khurmatu", "طوز خورماتو", "دووزخورماتوو"),
  city("Zubair", "الزبير", "زوبێر"),
  city("Umm Qasr", "أم قصر", "ئوم قەسر"),
  city("Faw", "الفاو", "فاو"),
];

/** Event-type words (the spec lists them for Kurdish; Arabic is given too). */
export const EVENT_WORDS: readonly DictionaryEntry[] = [
  ev("Workshop", "ورشة عمل", "وۆرکشۆپ", { ar: ["ورشة"] }),
  ev("Training", "تدريب", "ڕاهێنان"),
  ev("Course", "دورة", "خول", { ar: ["كورس"], ku: ["کۆرس"] }),
  ev("Class", "صف", "پۆل"),
  ev("Lesson", "درس", "وانە"),
  // a university lecture is محازەرە in Kurdistan; وتار is a speech or an article (ADR 013)
  ev("Lecture", "محاضرة", "محازەرە", { ku: ["مۆحازەرە", "وتار"] }),
  ev("Presentation", "عرض تقديمي", "پێشکەشکردن", { ku: ["پرێزێنتەیشن"] }),
  ev("Concert", "حفلة موسيقية", "کۆنسێرت", { ar: ["حفل موسيقي"], ku: ["ئاهەنگی مۆسیقا"] }),
  ev("Event", "فعالية", "چالاکی", { ar: ["حدث"], ku: ["بۆنە"] }),
  ev("Party", "حفلة", "ئاهەنگ", { ar: ["حفل"] }),
  ev("Festival", "مهرجان", "فێستیڤاڵ", { ku: ["فیستیڤاڵ"] }),
  ev("Wedding", "حفل زفاف", "زەماوەند", { ar: ["زفاف", "عرس"], ku: ["ئاهەنگی هاوسەرگیری"] }),
  ev("Birthday", "عيد ميلاد", "ڕۆژی لەدایکبوون", { ar: ["حفلة عيد ميلاد"], ku: ["جەژنی لەدایکبوون"] }),
  ev("Graduation", "تخرج", "دەرچوون", { ar: ["حفل تخرج", "حفلة تخرج"], ku: ["ئاهەنگی دەرچوون"] }),
  ev("Anniversary", "ذكرى سنوية", "ساڵیاد", { ar: ["ذكرى"], ku: ["یادی ساڵانە"] }),
];

/** Small words so that "English teacher in Baghdad" reads as a phrase in every language. */
export const FUNCTION_WORDS: readonly DictionaryEntry[] = [
  e("word", "in", "في", "لە"),
  e("word", "near", "قرب", "نزیک", { ar: ["قريب من"] }),
  e("word", "and", "و", "و"),
];

export const DICTIONARY: readonly DictionaryEntry[] = [...SPECIALTIES, ...CITIES, ...EVENT_WORDS, ...FUNCTION_WORDS];

const LANG_KEYS: readonly Lang[] = ["en", "ar", "ku"];

/** Every spelling of an entry in one language: the display form first, then the alternates. */
export function formsOf(entry: DictionaryEntry, lang: Lang): string[] {
  return [entry[lang], ...(entry.alt?.[lang] ?? [])];
}

/** Every form of every entry, as the translation dictionary's shelf of the lexicon's one index lists them (ADR 057). */
function* dictionaryForms(entries: readonly DictionaryEntry[]): Generator<readonly [string, DictionaryEntry, Lang]> {
  for (const entry of entries) {
    for (const lang of LANG_KEYS) {
      for (const form of formsOf(entry, lang)) {
        yield [form, entry, lang];
        // Arabic city names written with or without the article: البصرة / بصرة
        if (lang === "ar") {
          const n = normalizeText(form);
          if (n.startsWith("ال") && !n.includes(" ") && n.length >= 4) yield [n.slice(2), entry, lang];
        }
      }
    }
  }
}
LEXICON.register("dictionary", dictionaryForms(DICTIONARY));

/** Translation's view of the one index: every form of every entry in all three languages. */
export const DICTIONARY_INDEX: PhraseView<DictionaryEntry> = LEXICON.view(["dictionary"], (_shelf, v: DictionaryEntry) => v);

/** The entry one of whose forms (any language, any listed spelling) has the same normalised tokens as `text`. */
export function findEntry(text: string): DictionaryEntry | undefined {
  return DICTIONARY_INDEX.get(phraseKey(text))?.value;
}
