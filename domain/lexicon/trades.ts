/**
 * The hero-search service-word map (SPEC §5): Arabic — and here also Kurdish (Sorani) — words for the
 * spec's services, in the spellings people actually type, mapped to one English term. Used two ways:
 *  - replaceArabicServiceWords: the spec's behaviour, Arabic/Kurdish service words → English, rest kept;
 *  - expandServiceWords: every en/ar/ku spelling of each service named in a query, so search can match
 *    providers described in any of the three languages (PRODUCT "Search").
 * Matching is on normalised text (normalize.ts), so alef/yeh/kaf/teh-marbuta variants, harakat,
 * tatweel and Arabic-Indic digits don't matter; article/preposition prefixes (ال، بال، لل، وال، كال،
 * فال) and plural/definite endings are stripped when what remains is a known word (phrases.ts).
 */
import type { Lang } from "../text/lang";
import { findPhrases, phraseKey } from "../text/phrases";
import { LEXICON, type PhraseView } from "./phraseIndex";

import type { ServiceTerm } from "./shelfTypes";

export type { ServiceTerm };

const t = (en: string, enAlt: string[], ar: string[], ku: string[], parent?: string): ServiceTerm =>
  parent ? { en, enAlt, ar, ku, parent } : { en, enAlt, ar, ku };
const kind = (term: ServiceTerm, kindOf: string): ServiceTerm => ({ ...term, kindOf });
const within = (term: ServiceTerm, category: string): ServiceTerm => ({ ...term, category });
const saying = (term: ServiceTerm, says: string[]): ServiceTerm => ({ ...term, says });
const doneBy = (term: ServiceTerm, trade: string): ServiceTerm => ({ ...term, doneBy: trade });

export const SERVICE_TERMS: readonly ServiceTerm[] = [
  t(
    "driver",
    ["chauffeur"],
    ["سائق", "سواق", "سايق", "سائقة", "شوفير", "درايفر", "توصيل"],
    ["شۆفێر", "شوفێر", "شۆفیر", "لێخوڕ", "گەیاندن", "shofer"],
  ),
  t("doctor", ["physician", "general doctor", "general practitioner", "gp"], ["طبيب", "دكتور", "طبيبة", "دكتورة", "دختور", "طبيب عام", "طبيب ممارس عام", "ممارس عام"], ["پزیشک", "دکتۆر", "دکتور", "دختۆر", "پزیشکی گشتی", "doktor", "dktor", "duktor", "pzishk", "pizishk"]),
  saying(t(
    "AC repair",
    ["ac", "air conditioning", "air conditioner", "hvac", "air conditioning repair", "air conditioner repair", "aircon", "air con", "aircons", "split"],
    ["تكييف", "مكيفات", "مكيف", "تبريد", "سبلت", "سپلت", "تصليح مكيفات", "صيانة مكيفات", "تصليح سبلت", "فني تبريد", "مكيف هواء", "تبريد وتكييف", "تنظيف سبلت", "تنظيف مكيف", "غسل سبلت", "غسل مكيف", "تعبئة غاز مكيف", "شحن غاز مكيف", "تصليح تبريد"],
    // not ساردکەرەوە: in Sorani that is the refrigerator (ADR 013)
    ["چاککردنەوەی فێنککەرەوە", "فێنککەرەوە", "سپلیت", "چاککردنەوەی سپلیت", "ئێرکۆندیشن", "سپلیتەکە", "فێنککەرەوەکە", "چاککردنەوەی ئێرکۆندیشن", "splet", "split", "fenkkerewe"],
  ), ["يغسل السبلت", "يغسل المكيف", "ينظف السبلت"]),
  t(
    "electrician",
    ["electrical", "power line", "wiring"],
    ["كهربائي", "كهربجي", "كهرباء", "فني كهرباء", "كهربجية"],
    // (the generator is a kind of the electrician's work, its own trade below: ADR 027, 087)
    ["کارەباچی", "کارەباکار", "وەستای کارەبا", "کارەبا", "کارەبایی", "کارەباچییەک", "kareba", "karaba", "karebachi", "karabachi", "karebayi", "karabayi"],
  ),
  saying(
    t(
      "plumber",
      ["plumbing", "leak", "pipes"],
      ["سباك", "سمكري", "بلمبر", "سباكة", "مواسير", "بوري", "تسريب", "مجاري"],
      ["بۆریچی", "بۆریکار", "پلەمبەر", "پڵەمبەر", "بۆری", "ئاوەڕۆ", "borichi", "boriche", "borikar", "borchi"],
    ),
    // the house's water pump («ماطور الماي») is the plumber's work
    ["water pump", "ماطور الماي", "ماطور ماي", "ماطور ماء", "ماطور المي", "ماطور مي", "دينمو مي",
      "مضخة ماء", "مضخة الماء", "دينمو ماي", "ماتۆڕی ئاو", "ماتۆری ئاو", "مەکینەی ئاو", "دەچۆڕێت", "دڵۆپە دەکات"],
  ),
  saying(
    t(
      "cleaning",
      ["cleaner", "house cleaning", "home cleaning"],
      ["تنظيف", "تنظيفات", "منظف", "عاملة تنظيف", "تنظيف منازل", "تنظيف بيت", "تنظيف بيوت", "خدامة", "عاملة"],
      ["پاککردنەوە", "خاوێنکردنەوە", "پاککردنەوەی ماڵ", "خاوێنکردنەوەی ماڵ", "پاککەرەوە", "pakkrdnewe"],
    ),
    ["پاک بکرێتەوە", "پاکی بکەنەوە", "خاوێن بکرێتەوە"],
  ),
  t("teacher", ["tutor"], ["مدرس", "معلم", "معلمة", "أستاذ", "مدرس خصوصي"], ["مامۆستا", "mamosta", "mamoste"]),
  t("nanny", ["babysitter", "childcare"], ["مربية", "مربية أطفال", "جليسة أطفال", "دادة"], ["دایەن", "دایەنی منداڵ", "چاودێری منداڵ"]),
  t("cook", ["chef", "home cook", "home cooked", "homemade food"], ["طباخ", "طباخة", "شيف", "طبخ منزلي", "اكل بيتي", "أكل بيتي"], ["چێشتلێنەر", "ئاشپەز", "چێشتکەر", "چێشتلێنەری ماڵەوە"]),
  t("security", ["guard", "security guard", "bodyguard"], ["حارس", "حراسة", "حماية", "أمن", "حارس أمن"], ["پاسەوان", "پاسەوانی"]),
  t("photographer", ["photography"], ["مصور", "مصورة", "تصوير"], ["وێنەگر", "فۆتۆگرافەر", "وێنەگرتن", "wenegir", "wênegir"]),
  t("translator", ["interpreter", "translation"], ["مترجم", "مترجمة", "ترجمة"], ["وەرگێڕ", "تەرجومان", "وەرگێڕان", "werger", "wergêr"]),
  t("lawyer", ["attorney"], ["محامي", "محامية", "محام", "محاماة"], ["پارێزەر", "parezer", "parêzer", "parezar"]),
  t(
    "engineer",
    ["mechanical engineer"],
    // «مهندس ميكانيكي» is an engineer, not a mechanic (ميكانيكي)
    ["مهندس", "مهندسة", "مهندس ميكانيكي"],
    ["ئەندازیار", "ئەندازیاری میکانیک", "endazyar", "andazyar"],
  ),
  saying(t(
    "dentist",
    ["dental"],
    ["طبيب أسنان", "دكتور أسنان", "أسنان", "ضرس"],
    ["پزیشکی ددان", "دکتۆری ددان", "ددان"],
  ), ["toothache", "ضرسي", "سني يوجعني", "وجع سن", "وجع اسنان", "وجع ضرس", "ددانم دێشێ", "ددان ئێشە"]),
  kind(t(
    "heart doctor",
    ["cardiologist", "heart specialist", "cardiology"],
    ["طبيب قلب", "دكتور قلب", "طبيب قلبية", "دكتور قلبية", "أخصائي قلب", "اختصاصي قلب", "أخصائي أمراض القلب", "اختصاصي أمراض القلب", "طبيب أمراض القلب", "قلبية", "قلب"],
    ["پزیشکی دڵ", "دکتۆری دڵ", "پسپۆڕی دڵ", "پزیشکی پسپۆڕی دڵ", "پسپۆڕی نەخۆشییەکانی دڵ", "دڵ"],
  ), "doctor"),
  kind(t("eye doctor", ["ophthalmologist"], ["طبيب عيون", "دكتور عيون", "عيون"], ["پزیشکی چاو", "دکتۆری چاو", "چاو"]), "doctor"),
  // ——— the appliances and trades people name (ADR 040) ——— a taxi driver is a driver to the bot's reply and to a
  // "driver" search; a taxi search lists taxi drivers first
  kind(
    t(
      "taxi driver",
      ["taxi", "cab", "taxi driver"],
      ["تكسي", "تاكسي", "سيارة اجرة", "سائق تكسي", "سايق تكسي"],
      ["تەکسی", "تاکسی", "شۆفێری تەکسی", "taksi", "shofer taksi"],
      "driver",
    ),
    "driver",
  ),
  // «انكليزي» is how Baghdad spells it; the listings say «إنجليزية»
  kind(
    t(
      "english teacher",
      ["english teacher", "english tutor", "english lessons"],
      ["مدرس انكليزي", "مدرس انجليزي", "مدرس إنجليزي", "مدرس لغة انكليزية", "مدرس لغة إنجليزية", "مدرس لغة انجليزية", "معلم لغة إنجليزية", "معلم انكليزي", "انكليزي", "انجليزي"],
      ["مامۆستای ئینگلیزی", "مامۆستای زمانی ئینگلیزی"],
      "teacher",
    ),
    "teacher",
  ),
  kind(
    t(
      "solar panels",
      ["solar panel", "solar", "solar panel installer", "solar energy"],
      ["طاقة شمسية", "منظومات طاقة شمسية", "منظومة طاقة شمسية", "فني منظومات طاقة شمسية", "سولار", "الواح شمسية"],
      ["وزەی خۆر", "وەستای وزەی خۆر", "سۆلار", "پانێڵی خۆر"],
    ),
    "electrician",
  ),
  // installing an AC is a kind of AC work (an AC search lists installers too), but not the fridge's or the cooling's
  kind(t("AC installation", ["ac installation", "ac installer", "ac install", "air conditioner installation"], ["تركيب مكيفات", "تركيب مكيف", "تركيب سبلت"], ["دانانی فێنککەرەوە", "دانانی سپلیت"], "AC repair"), "AC repair"),
  doneBy(within(t(
    "refrigerator repair",
    ["refrigerator", "fridge", "freezer", "fridge repair", "refrigerator repair"],
    ["ثلاجة", "ثلاجات", "ثلاجه", "تصليح ثلاجات", "تصليح ثلاجة", "براد", "برادات", "مجمدة", "فريزر"],
    // ساردکەرەوە is the refrigerator in Sorani (ADR 013)
    ["سەلاجە", "سەلاجەکە", "سەلاجەکان", "ساردکەرەوە", "چاککردنەوەی سەلاجە", "فریزەر", "selaje", "salaja", "sarkarawa"],
  ), "ac-repair"), "AC repair"),
  within(t(
    "air cooler repair",
    ["air cooler", "air coolers", "cooler", "coolers", "evaporative cooler", "air cooler repair"],
    ["مبردة", "مبردات", "مبردة هواء", "مبردات هواء", "تصليح مبردات", "تصليح مبردات هواء", "تصليح مبردة"],
    // (and «موبەریدە», Sulaymaniyah's word from «مبردة»: ADR 087)
    ["کولەر", "کوولەر", "کوولەرەکە", "کولەرەکە", "چاککردنەوەی کوولەر", "موبەریدە", "موبریدە", "مۆبەریدە", "kuler", "kwler"],
    "AC repair",
  ), "ac-repair"),
  t(
    "washing machine repair",
    ["washing machine", "washer", "washing machines", "laundry machine", "washing machine repair"],
    ["غسالة", "غسالات", "تصليح غسالات", "تصليح غسالة"],
    ["جلشۆر", "جلشۆرەکە", "غەسالە", "مەکینەی جلشۆردن", "ghasala"],
  ),
  within(t(
    "water heater repair",
    ["water heater", "water heaters", "boiler", "geyser", "water heater repair"],
    ["سخان", "سخانات", "سخان ماء", "تصليح سخانات", "تصليح سخان"],
    ["ئاوگەرمکەر", "ئاوگەرمکەرەوە", "ئاوگەرمکەرەکە", "چاککردنەوەی ئاوگەرمکەر", "سەخان", "awgarmkar"],
  ), "plumbers"),
  within(t(
    "tire repair",
    ["tire", "tyre", "tire repair", "tyre repair", "puncture", "flat tire", "flat tyre"],
    ["بنچر", "بنجر", "بنشر", "پنچر", "اطارات", "إطارات", "اطار", "تاير", "تايرات", "تصليح إطارات", "تصليح اطارات", "تصليح تايرات"],
    ["تایە", "تایەکان", "پەنچەر", "پەنچەرچی", "بەنچەر", "چاککردنەوەی تایە", "panchar", "pancher"],
  ), "auto-repair"),
  t(
    "satellite",
    ["satellite dish", "satellite dishes", "receiver"],
    ["ستلايت", "ستلايتات", "رسيفر", "صحن ستلايت", "دش", "دشات", "صحن دش", "رسيفرات"],
    ["ستەلایت", "سەتەلایت", "دیش", "ڕیسیڤەر", "setelayt", "satalayt"],
  ),
  // («صبغ» the painting itself, as Baghdad says it: «صبغ غرفة», ADR 098)
  t("painter", ["painting", "paint"], ["صباغ", "صباغة", "دهان", "نقاش", "صبغ", "صبغ بيت", "صبغ جدران"], ["بۆیاخچی", "ڕەنگکار", "بۆیاخ", "بۆیاخکردن", "ڕەنگکردن", "boyaxchi"]),
  t("blacksmith", ["welder", "welding"], ["حداد", "حدادة", "لحام"], ["ئاسنگەر", "حەداد"]),
  t("carpenter", ["carpentry", "woodwork"], ["نجار", "نجارة"], ["دارتاش", "نەججار"]),
  t("tailor", ["seamstress", "alterations"], ["خياط", "خياطة"], ["بەرگدروو", "خەیات"]),
  saying(t(
    "mechanic",
    ["car repair", "garage", "auto repair", "car mechanic"],
    ["ميكانيكي", "ميكانيك", "فيتر", "تصليح سيارات", "كراج", "ميكانيكي سيارات", "صيانة سيارات"],
    ["میکانیک", "میکانیکی", "گەراج", "چاککردنەوەی ئۆتۆمبێل", "چاککردنەوەی سەیارە", "وەستای ئۆتۆمبێل", "میکانیکی ئۆتۆمبێل", "وەستای سەیارە", "mekanik", "wastay sayara", "wastay otomobil", "wasta sayara"],
  ), ["car wont start", "car not starting", "car broke down", "car broken down", "السيارة ما تشتغل", "سيارتي ما تشتغل", "السيارة عاطلة", "سيارتي عاطلة", "السيارة ما تمشي", "ئۆتۆمبێل ئیش ناکات", "ئۆتۆمبێل کار ناکات", "ئۆتۆمبێل خراپ بووە"]),
  // the home's internet (the demo listing's own trade): a router, the Wi-Fi, the line
  saying(t(
    "network technician",
    ["network", "internet", "router", "wifi", "wi fi", "network technician"],
    ["فني شبكات", "شبكات", "انترنت", "إنترنت", "راوتر", "واي فاي", "وايفاي"],
    ["تەکنیکاری تۆڕ", "ئینتەرنێت", "ڕاوتەر", "وایفای", "تۆڕی ئینتەرنێت"],
  ), ["no internet", "internet is down", "الانترنت مقطوع", "النت مقطوع", "ماكو انترنت", "ماكو نت", "الراوتر ما يشتغل", "الراوتر عاطل", "ئینتەرنێتم نییە", "ئینتەرنێت نییە", "ئینتەرنێتەکە بڕاوە"]),
  // a phone and a computer are two trades the seed lists (ADR 087): "mobile", «موبايل» list the phone repairers first
  saying(t(
    "phone repair",
    ["mobile repair", "phone repair", "mobile", "mobiles", "mobile phone", "smartphone", "iphone"],
    ["تصليح موبايل", "تصليح موبايلات", "موبايل", "موبايلات", "صيانة موبايلات", "تصليح تلفون", "تصليح هواتف", "ايفون"],
    ["مۆبایل", "چاککردنەوەی مۆبایل", "مۆبایلچی", "ئایفۆن"],
  ), ["cracked screen", "تلفوني انكسر", "التلفون انكسر", "شاشة التلفون", "شاشة الموبايل", "شاشەی مۆبایلەکەم شکا"]),
  t(
    "computer repair",
    ["computer repair", "laptop repair", "laptop", "computer", "pc repair"],
    ["لابتوب", "حاسبة", "حاسبات", "كمبيوتر", "تصليح حاسبات", "صيانة حاسبات", "تصليح كمبيوتر", "صيانة كمبيوتر", "تصليح لابتوب"],
    ["لاپتۆپ", "کۆمپیوتەر", "چاککردنەوەی کۆمپیوتەر"],
  ),
  // the printer is a kind of the computer repairer's work (ADR 093): a printer search lists printer repairers first, and
  // a computer's trouble («the computer is slow») lists the computer repairers' own listings before the printers'
  kind(
    t(
      "printer repair",
      ["printer", "printers", "printer repair", "printer technician", "photocopier", "copier"],
      ["طابعة", "طابعات", "تصليح طابعات", "تصليح طابعة", "صيانة طابعات", "فني طابعات", "استنساخ", "ماكنة استنساخ"],
      ["پرینتەر", "چاککردنەوەی پرینتەر", "پرینتەرچی", "مەکینەی کۆپی"],
    ),
    "computer repair",
  ),
  // ——— every specialty the seed lists names one trade (ADR 053): each a kind of the trade whose searches list it, so a
  // doctor search still finds the pediatrician and a pediatrician search finds them first ——— the generator line is the
  // electrician's work in Iraq (ADR 027), and its technician a kind of electrician (ADR 087): «مولدة», «مۆلیدە» and
  // "generator" list the generator technicians first, then the electricians; the bot names the generator technician
  // too (ADR 093: no `parent`, so a reply never calls the job an electrician's)
  kind(
    t(
      "generator technician",
      ["generator", "generators", "generator line", "generator technician", "generator repair", "generator mechanic"],
      ["فني مولدات", "مولدة", "مولده", "خط مولدة", "مولدات", "تصليح مولدات", "فيتر مولدات", "مصلح مولدات"],
      ["وەستای مۆلیدە", "مۆلیدە", "مولیدە", "مۆلیدەچی", "چاککردنەوەی مۆلیدە", "molide", "moleda"],
    ),
    "electrician",
  ),
  // the civil engineer and the architect the seed lists: kinds of engineer, each first when named (ADR 087)
  kind(
    t(
      "civil engineer",
      ["civil engineer", "civil engineering", "structural engineer", "site engineer"],
      ["مهندس مدني", "مهندسة مدنية", "مهندس انشائي", "هندسة مدنية"],
      ["ئەندازیاری شارستانی", "ئەندازیاری بیناسازی"],
    ),
    "engineer",
  ),
  kind(
    t(
      "architect",
      ["architect", "architects", "architecture"],
      ["مهندس معماري", "مهندسة معمارية", "معماري", "هندسة معمارية"],
      ["ئەندازیاری تەلارسازی", "تەلارساز", "تەلارسازی"],
    ),
    "engineer",
  ),
  // a car's electrician is the mechanic's kind, not a house electrician (ADR 087): it leaves a house's electricians to the house
  kind(
    t(
      "auto electrician",
      ["auto electrician", "car electrician", "car wiring"],
      ["كهربائي سيارات", "كهربجي سيارات", "كهرباء سيارات"],
      ["کارەباچی ئۆتۆمبێل", "کارەبای ئۆتۆمبێل"],
    ),
    "mechanic",
  ),
  // a subject names the teacher's kind, in Sorani as well («ماتماتیک», «بیرکاری»): ADR 087
  kind(
    t(
      "math tutor",
      ["math tutor", "math teacher", "maths tutor", "maths teacher", "mathematics"],
      ["مدرس رياضيات", "مدرسة رياضيات", "معلم رياضيات", "استاذ رياضيات", "رياضيات"],
      ["مامۆستای بیرکاری", "مامۆستای ماتماتیک", "بیرکاری", "ماتماتیک"],
    ),
    "teacher",
  ),
  // «عربي» alone is the language's name (a command): beside a teacher it is a qualifier (qualifiers.ts)
  kind(
    t(
      "arabic teacher",
      ["arabic teacher", "arabic tutor", "arabic lessons"],
      ["مدرس عربي", "مدرسة عربي", "مدرس لغة عربية", "مدرسة لغة عربية", "معلم لغة عربية", "مدرس اللغة العربية", "استاذ عربي", "معلم عربي"],
      ["مامۆستای عەرەبی", "مامۆستای زمانی عەرەبی"],
    ),
    "teacher",
  ),
  kind(
    t(
      "physics tutor",
      ["physics tutor", "physics teacher", "physics"],
      ["مدرس فيزياء", "مدرسة فيزياء", "معلم فيزياء", "استاذ فيزياء", "فيزياء"],
      ["مامۆستای فیزیا", "مامۆستای فیزیک", "فیزیا", "فیزیک"],
    ),
    "teacher",
  ),
  // braces and whitening name the dentist's two kinds the seed lists (ADR 098): each first when named, the dentist after
  kind(t("orthodontist", ["orthodontist", "orthodontics", "braces"], ["أخصائي تقويم الأسنان", "اخصائي تقويم اسنان", "تقويم أسنان", "تقويم الاسنان", "طبيب تقويم", "تقويم"], ["پسپۆڕی ڕێکخستنی ددان", "ڕێکخستنی ددان", "تەقویمی ددان"]), "dentist"),
  kind(t("cosmetic dentist", ["cosmetic dentist", "cosmetic dentistry", "teeth whitening", "veneers", "hollywood smile"], ["طبيب تجميل أسنان", "تجميل اسنان", "تجميل الاسنان", "تبييض اسنان", "تبييض الاسنان", "ابتسامة هوليود", "فينير"], ["پزیشکی جوانکاری ددان", "جوانکاری ددان", "سپیکردنەوەی ددان"]), "dentist"),
  kind(t("pediatrician", ["paediatrician", "pediatrics"], ["طبيب أطفال", "طبيب اطفال", "دكتور أطفال"], ["پزیشکی منداڵان", "دکتۆری منداڵان"]), "doctor"),
  kind(t("electrical engineer", ["electrical engineering"], ["مهندس كهربائي", "مهندس كهرباء"], ["ئەندازیاری کارەبا"]), "engineer"),
  kind(t("interior designer", ["interior design", "interior decorator"], ["مصمم ديكور داخلي", "مصمم ديكور", "تصميم داخلي"], ["دیزاینەری ناوەوە", "دیزاینی ناوەوە"]), "engineer"),
  kind(t("water tank installation", ["water tank", "water tanks", "water tank installation"], ["تركيب خزانات المياه", "خزانات المياه", "خزان ماء", "خزان الماء", "تركيب خزانات"], ["دانانی تانکی ئاو", "تانکی ئاو"]), "plumber"),
  // a carpet named is its cleaner's: the directory sells no carpets («زوالي» in Baghdad, «مۆکێت» the fitted kind)
  kind(t("carpet cleaning", ["carpet cleaner", "rug cleaning", "carpet", "carpets", "rug", "rugs"], ["غسل سجاد", "غسيل سجاد", "تنظيف سجاد", "سجاد", "سجادة", "زوالي", "زولية", "موكيت"], ["شوشتنی فەرش", "فەرش شۆردن", "فەرش", "مۆکێت", "موکێت", "بەڕە"]), "cleaning"),
  kind(t("office cleaning", ["office cleaner", "office cleaning", "commercial cleaning"], ["تنظيف مكاتب", "تنظيف المكاتب", "تنظيف شركات"], ["پاککردنەوەی نووسینگە", "خاوێنکردنەوەی نووسینگە"]), "cleaning"),
  // a delivery of goods is the delivery driver's (a bare «توصيل», a ride too, stays the driver's)
  kind(t("delivery driver", ["delivery", "deliveries", "courier", "delivery driver"], ["سائق توصيل", "سايق توصيل", "توصيل طلبات", "مندوب توصيل", "دليفري", "ديلفري", "توصيل بضاعة"], ["شۆفێری گەیاندن", "گەیاندنی کاڵا", "گەیاندنی داواکاری", "دلیڤەری"]), "driver"),
  kind(t("furniture moving", ["furniture movers", "movers", "removals", "house moving"], ["نقل أثاث", "نقل اثاث"], ["گواستنەوەی کەلوپەل", "گواستنەوەی کەلوپەلی ماڵ"]), "driver"),
  kind(t("catering", ["caterer", "catering service"], ["تجهيز ولائم", "تجهيز طعام", "متعهد طعام"], ["ئامادەکردنی خواردنی بۆنە", "خواردنی بۆنە"]), "cook"),
  kind(t("baker", ["bakery"], ["خباز", "مخبز", "خبازة"], ["نانەوا", "نانەواخانە"]), "cook"),
  kind(t("elderly caregiver", ["caregiver", "elderly care", "carer"], ["مرافق كبار السن", "رعاية كبار السن", "مرافق مسنين"], ["چاودێری بەساڵاچووان", "چاودێری پیران"]), "nanny"),
  // a sworn (certified, official) translator is a kind of translator the seed lists (ADR 093)
  kind(t("sworn translator", ["certified translator", "sworn translator", "official translator"], ["مترجم محلف", "مترجمة محلفة", "مترجم معتمد", "مترجم قانوني"], ["وەرگێڕی سوێندخوارد", "وەرگێڕی سوێندخۆر", "وەرگێڕی سوێندخواردوو", "وەرگێڕی فەرمی"]), "translator"),
  kind(t("videographer", ["videography", "video production"], ["مصور فيديو", "تصوير فيديو"], ["وێنەگری ڤیدیۆ", "ڤیدیۆگرافەر"]), "photographer"),
  // ——— the lawyers' kinds the seed lists, and trades people ask for that nobody lists yet (ADR 082: missingTrades.ts) ———
  kind(t("family lawyer", ["divorce lawyer", "family law", "family lawyer"], ["محامي أحوال شخصية", "محامي احوال شخصية", "محامي شرعي", "محامية أحوال شخصية"], ["پارێزەری باری کەسی", "پارێزەری خێزان"]), "lawyer"),
  kind(t("criminal lawyer", ["criminal defense lawyer", "criminal lawyer"], ["محامي جنائي", "محامي جزائي", "محامي جنايات"], ["پارێزەری تاوانکاری"]), "lawyer"),
  kind(t("real estate lawyer", ["property lawyer", "real estate lawyer"], ["محامي عقارات", "محامي عقاري"], ["پارێزەری خانووبەرە"]), "lawyer"),
  t("TV repair", ["tv repair", "television repair", "tv technician", "television"], ["تصليح تلفزيونات", "تصليح تلفزيون", "تلفزيون", "تلفزيونات", "شاشات", "تصليح شاشات"], ["چاککردنەوەی تەلەفزیۆن", "تەلەفزیۆن", "تەلەڤزیۆن"]),
  // a car's air conditioning: nobody lists it yet; the car's electricians and mechanics do the nearest work
  t("car AC repair", ["car ac", "car ac repair", "car air conditioning", "car aircon", "auto ac"], ["تبريد سيارات", "تبريد السيارات", "مكيف سيارة", "مكيف السيارة", "تبريد السيارة", "تصليح مكيف سيارة", "تصليح تبريد سيارات"], ["فێنککەرەوەی ئۆتۆمبێل", "سپلیتی ئۆتۆمبێل", "ئێرکۆندیشنی ئۆتۆمبێل", "فێنککەرەوەی سەیارە", "ئێرکۆندیشنی سەیارە", "سپلیتی سەیارە"]),
  t("locksmith", ["locksmiths", "lock repair", "key cutting"], ["ابو الاقفال", "فتاح اقفال", "اقفال", "قفال", "تصليح اقفال", "نسخ مفاتيح"], ["کلیلساز", "قوفڵچی", "چاککردنەوەی قوفڵ"]),
  t("pest control", ["exterminator", "pest control", "fumigation"], ["مكافحة حشرات", "مكافحة الحشرات", "رش مبيدات", "رش حشرات", "تعقيم منازل"], ["دژەمێروو", "لەناوبردنی مێروو", "سپرێی مێروو"]),
  t("home nurse", ["nurse", "nursing", "home nursing"], ["ممرض", "ممرضة", "تمريض", "تمريض منزلي", "ممرض منزلي"], ["پەرستار", "پەرستاری ماڵەوە", "پەرستاری"]),
];

/** The language a `says` phrase is written in: Latin letters English, Sorani's own letters Sorani, else Arabic. */
export const sayingLang = (phrase: string): Lang => (/[a-z]/i.test(phrase) ? "en" : /[ەێۆڕڵ]/.test(phrase) ? "ku" : "ar");

/** Terms by their English name. */
export const SERVICE_BY_EN: ReadonlyMap<string, ServiceTerm> = new Map(SERVICE_TERMS.map((s) => [s.en, s] as const));

/** The spec's map as data: every Arabic and Kurdish spelling (as written above) → its English term. */
export const SERVICE_WORD_MAP: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(SERVICE_TERMS.flatMap((s) => [...s.ar, ...s.ku].map((w) => [w, s.en] as const))),
);

// the trades' shelf of the lexicon's one index (ADR 057): per trade its English, Arabic and Sorani spellings, then
// what people say instead of it
LEXICON.register(
  "trade",
  SERVICE_TERMS.flatMap((term) => [
    ...[term.en, ...term.enAlt].map((f) => [f, { term, says: false }, "en"] as const),
    ...term.ar.map((f) => [f, { term, says: false }, "ar"] as const),
    ...term.ku.map((f) => [f, { term, says: false }, "ku"] as const),
    ...(term.says ?? []).map((f) => [f, { term, says: true }, sayingLang(f)] as const),
  ]),
);

/** The search's view of the one index: the trades. Exposed for tests (collisions) and for callers that scan text. */
export const SERVICE_INDEX: PhraseView<ServiceTerm> = LEXICON.view(["trade"], (_shelf, v: { term: ServiceTerm }) => v.term);

/** The service terms named in a query, in order of appearance, without repeats. */
export function findServiceTerms(query: string): ServiceTerm[] {
  const seen = new Set<ServiceTerm>();
  for (const m of findPhrases(query, SERVICE_INDEX)) seen.add(m.hit.value);
  return [...seen];
}

/**
 * Every spelling, in English, Arabic and Kurdish, of each service word recognised in the query —
 * normalised (normalizeText, multi-word terms joined by one space) so it can be compared directly with
 * normalised index text. Unrecognised words are not included; [] when nothing is recognised.
 * "كهربائي", "الكهربائي", "electrician" and "کارەباچی" all give the same list.
 */
export function expandServiceWords(query: string): string[] {
  const out = new Set<string>();
  for (const term of findServiceTerms(query)) {
    for (const form of [term.en, ...term.enAlt, ...term.ar, ...term.ku]) {
      const k = phraseKey(form);
      if (k) out.add(k);
    }
  }
  return [...out];
}

/**
 * The spec's hero-search rewrite: the query trimmed, each Arabic or Kurdish service word (or phrase,
 * with any ال/بال/لل… prefix) replaced by its English term, everything else kept as typed.
 * "كهربائي في بغداد" → "electrician في بغداد"; "تصليح المكيفات" → "AC repair".
 */
export function replaceArabicServiceWords(query: string): string {
  if (typeof query !== "string") return "";
  const text = query.trim();
  let out = "";
  let pos = 0;
  for (const m of findPhrases(text, SERVICE_INDEX)) {
    if (m.hit.langs.has("en")) continue; // typed in English already
    out += text.slice(pos, m.start) + m.hit.value.en;
    pos = m.end;
  }
  return out + text.slice(pos);
}
