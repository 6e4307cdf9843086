/**
 * Deterministic demo-provider generator (a few hundred for the local seed, 100k+ for benchmarks).
 * Same (count, seed) → same output, in workerd and in node. Only relative imports of sibling data.
 */
import { CATEGORIES } from "./categories";
import { IRAQI_CITIES, KURDISTAN_GOVERNORATES, type CitySeed } from "./cities";
import {
  ARAB_FAMILY_NAMES,
  ARAB_FEMALE_NAMES,
  ARAB_MALE_NAMES,
  BUSINESS_PATTERNS,
  KURDISH_FAMILY_NAMES,
  KURDISH_FEMALE_NAMES,
  KURDISH_MALE_NAMES,
  type BusinessPattern,
  type NamePart,
} from "./people";
import { SPECIALTIES, type SpecialtySeed } from "./specialties";

export interface ProviderSeed {
  /** the business name as its owner writes it: Arabic script outside Kurdistan, Sorani or Latin in it */
  name: string;
  /** the same name in the other script (Arabic/Kurdish script ↔ Latin), for some listings */
  nameOther: string | null;
  /** the language the description and location are written in (one per listing) */
  lang: "en" | "ar" | "ku";
  specialty: string;
  specialtyAr: string;
  specialtyKu: string;
  categorySlug: string;
  citySlug: string;
  location: string;
  phone: string;
  whatsapp: string | null;
  isVerified: boolean;
  latitude: number;
  longitude: number;
  rating: number;
  reviewCount: number;
  description: string;
  isAvailable: boolean;
  /**
   * The description and the address in the other languages, where the seed says the same thing in them (ADR 060):
   * the same sentence of a parallel list, the same landmark, the same tagline. A language with no such sentence
   * has none, and its readers see the owner's words.
   */
  texts: Partial<Record<"en" | "ar" | "ku", { description?: string; location?: string }>>;
}

/** Small fast seeded PRNG (Tommy Ettinger's mulberry32); returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Auto-verification threshold (SPEC §9): providers with this many reviews are verified. */
export const AUTO_VERIFY_REVIEWS = 10;

/** Relative weight of each city when placing providers; cities not listed weigh DEFAULT_CITY_WEIGHT. */
export const CITY_WEIGHTS: Record<string, number> = {
  baghdad: 24, basra: 8, erbil: 7, sulaymaniyah: 6, mosul: 6, najaf: 4, karbala: 4, kirkuk: 4, duhok: 3,
  hillah: 2.5, nasiriyah: 2.5, ramadi: 2, baqubah: 2, kut: 2, amarah: 2, diwaniyah: 2, samawah: 1.5,
  tikrit: 1.5, halabja: 1.2, "sadr-city": 3, karrada: 3, mansour: 3, kadhimiya: 2, adhamiya: 2, zayouna: 1.5,
  dora: 1.5, yarmouk: 1.5, jadriya: 1, fallujah: 1.2, zubair: 1.2, samarra: 1, zakho: 1, kufa: 1,
};
export const DEFAULT_CITY_WEIGHT = 0.5;

/** Relative weight of each category. */
export const CATEGORY_WEIGHTS: Record<string, number> = {
  doctors: 14, dentists: 6, electricians: 10, plumbers: 7, "ac-repair": 9, "computer-repair": 7, cleaning: 6,
  "auto-repair": 8, drivers: 8, teachers: 8, lawyers: 4, cooks: 4, nannies: 3, translators: 2, photographers: 3,
  engineers: 4,
};

/** Share of women per category (the rest are men). */
const FEMALE_SHARE: Record<string, number> = {
  doctors: 0.3, dentists: 0.35, cleaning: 0.5, teachers: 0.45, lawyers: 0.3, cooks: 0.4, nannies: 0.95,
  translators: 0.4, photographers: 0.2, engineers: 0.2, "computer-repair": 0.05,
};

/** Share of business (rather than personal) names per category; DEFAULT_BUSINESS_SHARE otherwise. */
const BUSINESS_SHARE: Record<string, number> = { doctors: 0.5, dentists: 0.5, nannies: 0.1, drivers: 0.2, teachers: 0.3 };
const DEFAULT_BUSINESS_SHARE = 0.35;

/** Share of Kurdish names by governorate / city slug (default: Arab-majority areas). */
const KURDISH_SHARE_BY_CITY: Record<string, number> = {
  kirkuk: 0.4, khanaqin: 0.6, "tuz-khurmatu": 0.3, makhmur: 0.7, sinjar: 0.7, hawija: 0.02,
};
const KURDISTAN_KURDISH_SHARE = 0.88;
const DEFAULT_KURDISH_SHARE = 0.03;

type Place = [en: string, ar: string, ku?: string];

/** Streets, neighbourhoods and landmarks for the bigger cities and the Baghdad districts. */
const LANDMARKS: Record<string, Place[]> = {
  baghdad: [
    ["Palestine Street, near Beirut Square", "شارع فلسطين قرب ساحة بيروت"],
    ["Al-Saadoun Street, near Tahrir Square", "شارع السعدون قرب ساحة التحرير"],
    ["Bab Al-Muadham, near the Medical City", "باب المعظم قرب مدينة الطب"],
    ["Al-Harithiya, near Baghdad Mall", "الحارثية قرب بغداد مول"],
    ["Al-Rashid Street", "شارع الرشيد"],
    ["Al-Shorja Market", "سوق الشورجة"],
    ["Al-Sinaa Street, near the University of Technology", "شارع الصناعة قرب الجامعة التكنولوجية"],
    ["Al-Baladiyat, main street", "البلديات، الشارع الرئيسي"],
    ["Al-Amiriya, main street", "العامرية، الشارع الرئيسي"],
    ["Al-Waziriya", "الوزيرية"],
    ["Al-Mustansiriya, near the university", "المستنصرية قرب الجامعة"],
  ],
  karrada: [
    ["Karrada, near Al-Wathiq Square", "الكرادة قرب ساحة الواثق"],
    ["Karrada Dakhil, Street 62", "الكرادة داخل، شارع 62"],
    ["Arasat Al-Hindiya", "العرصات الهندية"],
    ["Karrada Kharij, near Kahramana Square", "الكرادة خارج قرب ساحة كهرمانة"],
  ],
  mansour: [
    ["Al-Mansour, 14th of Ramadan Street", "المنصور، شارع 14 رمضان"],
    ["Al-Mansour, near Al-Mansour Mall", "المنصور قرب المنصور مول"],
    ["Al-Amirat Street", "شارع الأميرات"],
  ],
  "sadr-city": [
    ["Sadr City, Sector 10", "مدينة الصدر، قطاع 10"],
    ["Sadr City, Al-Fallah Street", "مدينة الصدر، شارع الفلاح"],
    ["Near Jamila Market", "قرب سوق جميلة"],
  ],
  kadhimiya: [
    ["Kadhimiya, near the holy shrine", "الكاظمية قرب الصحن الكاظمي"],
    ["Kadhimiya, Bab Al-Murad", "الكاظمية، باب المراد"],
  ],
  adhamiya: [
    ["Adhamiya, Antar Square", "الأعظمية، ساحة عنتر"],
    ["Adhamiya, near Abu Hanifa Mosque", "الأعظمية قرب جامع أبي حنيفة"],
  ],
  zayouna: [
    ["Zayouna, near Zayouna Mall", "زيونة قرب زيونة مول"],
    ["Zayouna, Al-Rubaie Street", "زيونة، شارع الربيعي"],
  ],
  dora: [
    ["Dora, near Dora Market", "الدورة قرب سوق الدورة"],
    ["Dora, Al-Mechanic neighborhood", "الدورة، حي الميكانيك"],
  ],
  jadriya: [["Jadriya, near the University of Baghdad", "الجادرية قرب جامعة بغداد"]],
  yarmouk: [
    ["Yarmouk, near Yarmouk Hospital", "اليرموك قرب مستشفى اليرموك"],
    ["Yarmouk, Four Streets", "اليرموك، الأربع شوارع"],
  ],
  basra: [
    ["Al-Ashar, near the Corniche", "العشار قرب الكورنيش"],
    ["Al-Jazair Street", "شارع الجزائر"],
    ["Al-Tuwaisa", "الطويسة"],
    ["Al-Jumhuriya neighborhood", "حي الجمهورية"],
    ["Al-Hayaniya", "الحيانية"],
    ["Al-Abbasiya", "العباسية"],
    ["Al-Maqal, near the port", "المعقل قرب الميناء"],
    ["Al-Jubaila", "الجبيلة"],
  ],
  erbil: [
    ["100 Meter Road, near Family Mall", "شارع 100 متري قرب فاملي مول", "شەقامی ١٠٠ مەتری، نزیک فامیلی مۆڵ"],
    ["Ankawa, main street", "عنكاوا، الشارع الرئيسي", "عەنکاوە، شەقامی سەرەکی"],
    ["Near the Citadel, Qaysari Bazaar", "قرب القلعة، سوق القيصرية", "نزیک قەڵا، بازاڕی قەیسەری"],
    ["Gulan Street", "شارع كولان", "شەقامی گوڵان"],
    ["Dream City", "دريم سيتي", "دریم سیتی"],
    ["Iskan, 60 Meter Road", "الإسكان، شارع 60 متري", "ئیسکان، شەقامی ٦٠ مەتری"],
  ],
  sulaymaniyah: [
    ["Salim Street", "شارع سالم", "شەقامی سالم"],
    ["Sarchinar", "سرچنار", "سەرچنار"],
    ["Bakhtiyari", "بختياري", "بەختیاری"],
    ["Mawlawi Street, near the bazaar", "شارع مولوي قرب السوق", "شەقامی مەولەوی، نزیک بازاڕ"],
    ["Near Azadi Park", "قرب حديقة آزادي", "نزیک پارکی ئازادی"],
  ],
  mosul: [
    ["Al-Dawasa", "الدواسة"],
    ["Al-Zuhour neighborhood", "حي الزهور"],
    ["Al-Majmoua Al-Thaqafiya, near the University of Mosul", "المجموعة الثقافية قرب جامعة الموصل"],
    ["Al-Nabi Yunus", "النبي يونس"],
    ["Al-Muthanna neighborhood", "حي المثنى"],
  ],
  najaf: [
    ["Al-Rasul Street, near Imam Ali Shrine", "شارع الرسول قرب مرقد الإمام علي"],
    ["Al-Kufa Street", "شارع الكوفة"],
    ["Hay Al-Ameer", "حي الأمير"],
    ["Hay Al-Jamia", "حي الجامعة"],
  ],
  karbala: [
    ["Al-Abbas Street", "شارع العباس"],
    ["Hay Al-Hussein", "حي الحسين"],
    ["Saif Saad Street", "شارع سيف سعد"],
    ["Hay Al-Iskan", "حي الإسكان"],
  ],
  kirkuk: [
    ["Rahimawa", "رحيم آوه", "ڕەحیماوە"],
    ["Arafa", "عرفة", "عەرەفە"],
    ["Al-Qoriya", "القورية", "قۆریە"],
    ["Al-Wasiti neighborhood", "حي الواسطي"],
    ["Azadi neighborhood", "حي آزادي", "گەڕەکی ئازادی"],
  ],
  duhok: [
    ["Malta neighborhood", "حي مالطا", "گەڕەکی ماڵتا"],
    ["Near the University of Duhok", "قرب جامعة دهوك", "نزیک زانکۆی دهۆک"],
    ["Duhok Bazaar", "سوق دهوك", "بازاڕی دهۆک"],
  ],
};

/** Fallback addresses for any city ({city} is the city's name in the same language). */
const GENERIC_EN = [
  "{city} center, near the main market",
  "{city}, Hospital Street",
  "{city}, near the Grand Mosque",
  "{city}, Hay Al-Muallimeen",
  "{city}, Hay Al-Shurta",
  "{city}, near the court building",
];
const GENERIC_AR = [
  "مركز {city} قرب السوق الكبير",
  "{city}، شارع المستشفى",
  "{city}، قرب الجامع الكبير",
  "{city}، حي المعلمين",
  "{city}، حي الشرطة",
  "{city}، قرب بناية المحكمة",
];
const GENERIC_KU = [
  "ناوەندی {city}، نزیک بازاڕ",
  "{city}، شەقامی نەخۆشخانە",
  "{city}، نزیک مزگەوتی گەورە",
  "{city}، گەڕەکی مامۆستایان",
];
/**
 * The same addresses, index for index, in every language, for saying a listing's address again in a reader's
 * language (ADR 060). A Sorani owner picks from GENERIC_KU alone (its first four), so the listings stay as they were.
 */
const GENERIC_PARALLEL: Record<"en" | "ar" | "ku", readonly string[]> = {
  en: GENERIC_EN,
  ar: GENERIC_AR,
  ku: [...GENERIC_KU, "{city}، گەڕەکی پۆلیس", "{city}، نزیک باڵەخانەی دادگا"],
};

/**
 * Category-specific descriptions, each wholly in one language.
 * {years}/{yearsAr}/{yearsKu}/{city}/{cityAr}/{cityKu}/{specialty}/{specialtyAr}/{specialtyKu}.
 */
const DESCRIPTIONS: Record<string, { en: string[]; ar: string[]; ku?: string[] }> = {
  doctors: {
    en: ["{specialty} with {years} of experience. Evening clinic hours, Saturday to Thursday.", "Consultations, check-ups and home visits in {city}."],
    ar: ["{specialtyAr} بخبرة {yearsAr}، عيادة مسائية من السبت إلى الخميس.", "استشارات وفحوصات دورية وزيارات منزلية في {cityAr}."],
    ku: ["{specialtyKu}، {yearsKu} ساڵ ئەزموون. نۆرینگەی ئێواران، شەممە تا پێنجشەممە.", "پشکنین و ڕاوێژی پزیشکی و سەردانی ماڵەوە لە {cityKu}."],
  },
  dentists: {
    en: ["Fillings, root canals, whitening and implants. {years} of experience.", "Modern dental clinic in {city} with digital X-ray."],
    ar: ["حشوات وعلاج جذور وتبييض وزراعة أسنان، خبرة {yearsAr}.", "عيادة أسنان حديثة في {cityAr} مع أشعة رقمية."],
    ku: ["پڕکردنەوە، چارەسەری ڕەگ، سپیکردنەوە و چاندنی ددان. {yearsKu} ساڵ ئەزموون."],
  },
  electricians: {
    en: ["House wiring, breaker panels and generator (ampere) lines. {years} of experience.", "Fast fault finding and repairs anywhere in {city}."],
    ar: ["تأسيس وصيانة الكهرباء المنزلية وربط خط المولدة، خبرة {yearsAr}.", "كشف أعطال وتصليح سريع في جميع مناطق {cityAr}."],
    ku: ["کارەبای ماڵ، تابلۆی کارەبا و هێڵی مۆلیدە. {yearsKu} ساڵ ئەزموون.", "دۆزینەوە و چاککردنی خێرای کێشەی کارەبا لە هەموو {cityKu}."],
  },
  plumbers: {
    en: ["Leak repair, water pumps, heaters and bathroom fittings. Fast response in {city}.", "Plumbing and sanitary installations, {years} of experience."],
    ar: ["تصليح تسريبات المياه وتركيب مضخات وسخانات وأدوات صحية.", "أعمال سباكة وتأسيس صحي، خبرة {yearsAr}."],
    ku: ["چاککردنی دزەی ئاو، پەمپ، ئاوگەرمکەر و کەرەستەی حەمام. گەیشتنی خێرا لە {cityKu}."],
  },
  "ac-repair": {
    en: ["Split AC installation, gas refill and cleaning before the summer. Same-day visits.", "All AC brands and air coolers repaired, {years} of experience."],
    ar: ["تركيب وصيانة السبلت وتعبئة الغاز وتنظيف المكيفات قبل الصيف.", "تصليح جميع أنواع المكيفات والمبردات، خبرة {yearsAr}."],
    ku: ["دانان و چاککردنەوەی سپلیت، پڕکردنەوەی غاز و پاککردنەوە پێش هاوین."],
  },
  "computer-repair": {
    en: ["Screen replacement, software, data recovery and laptop repair.", "Phone and computer repair in {city}, {years} of experience."],
    ar: ["تبديل شاشات وبرامجيات واسترجاع بيانات وتصليح لابتوبات.", "صيانة موبايلات وحاسبات في {cityAr}، خبرة {yearsAr}."],
    ku: ["گۆڕینی شاشە، پرۆگرام، گەڕاندنەوەی زانیاری و چاککردنەوەی لاپتۆپ."],
  },
  cleaning: {
    en: ["Full home cleaning, carpets and post-construction cleaning with our own equipment.", "Reliable cleaning team in {city}, weekly or one-off visits."],
    ar: ["تنظيف شامل للمنازل وغسل سجاد وتنظيف بعد البناء بمعدات حديثة.", "فريق تنظيف موثوق في {cityAr}، زيارات أسبوعية أو لمرة واحدة."],
    ku: ["پاککردنەوەی تەواوی ماڵ و شتنی فەرش بە ئامێری نوێ لە {cityKu}."],
  },
  "auto-repair": {
    en: ["Engine, gearbox and computer diagnostics for Korean, Japanese and American cars.", "Auto workshop in {city}, {years} of experience."],
    ar: ["تصليح محركات وكيرات وفحص كمبيوتر للسيارات الكورية واليابانية والأمريكية.", "ورشة تصليح سيارات في {cityAr}، خبرة {yearsAr}."],
    ku: ["چاککردنەوەی بزوێنەر و گێڕ و پشکنینی کۆمپیوتەری ئۆتۆمبێل. {yearsKu} ساڵ ئەزموون."],
  },
  drivers: {
    en: ["Airport trips, intercity travel and daily school runs. Clean car, always on time.", "Safe driver in {city} with {years} of experience."],
    ar: ["توصيل للمطار وسفرات بين المحافظات وخط مدارس يومي.", "سائق أمين في {cityAr}، خبرة {yearsAr}."],
    ku: ["گەیاندن بۆ فڕۆکەخانە و گەشت لە نێوان شارەکان. ئۆتۆمبێلی پاک، هەمیشە لە کاتی خۆیدا."],
  },
  teachers: {
    en: ["Private lessons for ministerial exams (3rd intermediate and 6th preparatory), at home or online.", "{specialty} with {years} of teaching experience."],
    ar: ["دروس خصوصية للثالث المتوسط والسادس الإعدادي، في البيت أو أونلاين.", "{specialtyAr} بخبرة تدريسية {yearsAr}."],
    ku: ["وانەی تایبەت بۆ تاقیکردنەوە نیشتمانییەکان، لە ماڵەوە یان ئۆنلاین."],
  },
  lawyers: {
    en: ["Family, property and commercial cases; consultations by appointment.", "Member of the Iraqi Bar Association, {years} of experience."],
    ar: ["قضايا الأحوال الشخصية والعقارات والدعاوى التجارية، استشارات بموعد مسبق.", "عضو نقابة المحامين العراقيين، خبرة {yearsAr}."],
    ku: ["کێشەی خێزانی، موڵک و بازرگانی. ڕاوێژ بە وادە."],
  },
  cooks: {
    en: ["Home-cooked Iraqi dishes: dolma, biryani, quzi and masgouf for families and events.", "Catering for weddings and gatherings in {city}."],
    ar: ["أكلات عراقية بيتية: دولمة وبرياني وقوزي ومسكوف للعزائم والمناسبات.", "تجهيز ولائم للأعراس والمناسبات في {cityAr}."],
    ku: ["خواردنی ماڵەوە: دۆڵمە، برنج و قۆزی بۆ بۆنە و میوانداری لە {cityKu}."],
  },
  nannies: {
    en: ["Caring and patient, first-aid trained. Day and evening care.", "Childcare at your home in {city}, {years} of experience."],
    ar: ["رعاية الأطفال بحنان وصبر، دورة إسعافات أولية، رعاية نهارية ومسائية.", "رعاية أطفال في منزلكم في {cityAr}، خبرة {yearsAr}."],
    ku: ["چاودێری منداڵ بە سۆز و ئارامی، خولی فریاگوزاری سەرەتایی تەواو کردووە."],
  },
  translators: {
    en: ["Certified translation of official documents: Arabic, English, Kurdish and Turkish.", "Sworn translator, {years} of experience; same-day service."],
    ar: ["ترجمة معتمدة للوثائق الرسمية: عربي، إنجليزي، كردي وتركي.", "مترجم محلف بخبرة {yearsAr}، إنجاز في نفس اليوم."],
    ku: ["وەرگێڕانی فەرمی بەڵگەنامە: کوردی، عەرەبی، ئینگلیزی و تورکی."],
  },
  photographers: {
    en: ["Weddings, engagements, graduations and product photography; drone shots available.", "Photo and video studio in {city}, {years} of experience."],
    ar: ["تصوير أعراس وخطوبات وحفلات تخرج وتصوير منتجات، مع تصوير درون.", "ستوديو تصوير فوتو وفيديو في {cityAr}، خبرة {yearsAr}."],
    ku: ["وێنەگرتنی ئاهەنگی هاوسەرگیری و دەرچوون و بەرهەم، لەگەڵ وێنەگرتن بە درۆن."],
  },
  engineers: {
    en: ["House design, site supervision and cost estimates. Member of the Iraqi Engineers Union.", "{specialty} with {years} of experience in {city}."],
    ar: ["تصميم منازل وإشراف هندسي وحساب كميات، عضو نقابة المهندسين العراقيين.", "{specialtyAr} بخبرة {yearsAr} في {cityAr}."],
    ku: ["دیزاینی خانوو، سەرپەرشتی کار و خەمڵاندنی تێچوون. {yearsKu} ساڵ ئەزموون."],
  },
};
const GENERIC_DESC_EN = "{specialty} — {years} of experience in {city}.";
const GENERIC_DESC_AR = "{specialtyAr} - خبرة {yearsAr} في {cityAr}.";
const GENERIC_DESC_KU = "{specialtyKu} - {yearsKu} ساڵ ئەزموون لە {cityKu}.";
/** Taglines appended in the description's own language (a description never mixes languages). */
const TAGLINE_AR = [" خدمة 24 ساعة.", " اتصل الآن.", " أسعار مناسبة.", " خدمة سريعة ومضمونة."];
const TAGLINE_EN = [" Available 24/7.", " WhatsApp preferred.", " Fair prices.", " English spoken."];
const TAGLINE_KU = [" خزمەتگوزاری خێرا.", " نرخی گونجاو.", " پەیوەندیمان پێوە بکەن."];
/** Each tagline in all three languages, so a description with one can be said again whole (ADR 060). */
const TAGLINE_PARALLEL: { en: string; ar: string; ku: string }[] = [
  { en: " Available 24/7.", ar: " خدمة 24 ساعة.", ku: " خزمەتگوزاری ٢٤ کاتژمێر." },
  { en: " Call now.", ar: " اتصل الآن.", ku: " پەیوەندیمان پێوە بکەن." },
  { en: " Fair prices.", ar: " أسعار مناسبة.", ku: " نرخی گونجاو." },
  { en: " Fast, guaranteed service.", ar: " خدمة سريعة ومضمونة.", ku: " خزمەتگوزاری خێرا." },
  { en: " WhatsApp preferred.", ar: " التواصل بالواتساب أفضل.", ku: " واتسئاپ باشترە." },
  { en: " English spoken.", ar: " نتكلم الإنكليزية.", ku: " بە ئینگلیزیش قسە دەکەین." },
];

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => vars[key] ?? m);
}

function arYears(y: number): string {
  if (y === 1) return "سنة واحدة";
  if (y === 2) return "سنتين";
  if (y <= 10) return `${y} سنوات`;
  return `${y} سنة`;
}

/** Cumulative-weight table for O(log n) weighted picks. */
function cumulative(weights: number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) out[i] = sum += weights[i]!;
  return out;
}
function pickIndex(cum: Float64Array, r: number): number {
  const target = r * cum[cum.length - 1]!;
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cum[mid]! > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
function pick<T>(list: readonly T[], r: number): T {
  return list[Math.floor(r * list.length)]!;
}

interface CityInfo {
  city: CitySeed;
  kurdishShare: number;
  inKurdistan: boolean;
  landmarks: Place[];
  cosLat: number;
}

interface Tables {
  cities: CityInfo[];
  cityCum: Float64Array;
  cats: { slug: string; specialties: SpecialtySeed[]; patterns: BusinessPattern[]; female: number; business: number }[];
  catCum: Float64Array;
}

let tables: Tables | undefined;
function getTables(): Tables {
  if (tables) return tables;
  const cities = IRAQI_CITIES.map((city): CityInfo => {
    const inKurdistan = KURDISTAN_GOVERNORATES.includes(city.governorate);
    return {
      city,
      inKurdistan,
      kurdishShare: KURDISH_SHARE_BY_CITY[city.slug] ?? (inKurdistan ? KURDISTAN_KURDISH_SHARE : DEFAULT_KURDISH_SHARE),
      landmarks: LANDMARKS[city.slug] ?? [],
      cosLat: Math.cos((city.latitude * Math.PI) / 180),
    };
  });
  const cats = CATEGORIES.filter((c) => (SPECIALTIES[c.slug]?.length ?? 0) > 0).map((c) => ({
    slug: c.slug,
    specialties: SPECIALTIES[c.slug]!,
    patterns: BUSINESS_PATTERNS[c.slug] ?? [],
    female: FEMALE_SHARE[c.slug] ?? 0.02,
    business: BUSINESS_SHARE[c.slug] ?? DEFAULT_BUSINESS_SHARE,
  }));
  tables = {
    cities,
    cityCum: cumulative(cities.map((c) => CITY_WEIGHTS[c.city.slug] ?? DEFAULT_CITY_WEIGHT)),
    cats,
    catCum: cumulative(cats.map((c) => CATEGORY_WEIGHTS[c.slug] ?? 1)),
  };
  return tables;
}

// Phone numbers: "+9647" + operator digit + 8 digits. The 8 digits come from a bijection of the index
// (multiplier coprime with the modulus), so numbers are unique within one call and look random.
// Main phones use 10000000-99999999; second (WhatsApp-only) numbers use 01000000-09999999, so the two
// sets never overlap, and neither touches 00000000-00999999 (where the demo accounts live).
const PHONE_SPAN = 90_000_000;
const ALT_SPAN = 9_000_000;
// Operator digit after 7: 7 Asiacell, 8/9 Zain, 5 Korek (ADR 013: only real mobile ranges).
const OPERATORS = [7, 7, 7, 7, 8, 8, 8, 5, 5, 5, 9, 9];

/** Share of listings per description language: Sorani-first in the Kurdistan Region, Arabic-first elsewhere. */
const LANG_SHARES: { kurdistan: [en: number, ar: number]; mixed: [en: number, ar: number]; arab: [en: number, ar: number] } = {
  kurdistan: [0.25, 0.15], // the rest (60%) ku
  mixed: [0.2, 0.55], // Kirkuk and other mixed cities: 25% ku
  arab: [0.3, 0.7],
};

/** Arabic-Indic digits, as Sorani and Arabic text write numbers ("١٢"). */
function indicDigits(n: number): string {
  return String(n).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
}

function mobile(operator: number, digits: number): string {
  return `+9647${operator}${String(digits).padStart(8, "0")}`;
}

function round(x: number, places: number): number {
  const f = 10 ** places;
  return Math.round(x * f) / f;
}

/**
 * `count` providers, deterministic by `seed`. Phones are unique within one call (up to 9,000,000
 * providers); about 60% have WhatsApp; ~15% have no reviews (rating 0); providers with 10+ reviews
 * are mostly verified.
 */
export function generateProviders(count: number, seed = 42): ProviderSeed[] {
  const t = getTables();
  const rnd = mulberry32(seed);
  const phoneOffset = Math.floor(mulberry32(seed ^ 0x5eed)() * PHONE_SPAN);
  const altOffset = Math.floor(mulberry32(seed ^ 0xa17)() * ALT_SPAN);
  const out: ProviderSeed[] = new Array(Math.max(0, count));
  const usedNames = new Set<string>();

  for (let i = 0; i < count; i++) {
    const ci = t.cities[pickIndex(t.cityCum, rnd())]!;
    const cat = t.cats[pickIndex(t.catCum, rnd())]!;
    const city = ci.city;

    // specialty: the generic one (first) is the most common
    const sp = rnd() < 0.4 ? cat.specialties[0]! : pick(cat.specialties, rnd());

    // person
    const female = rnd() < cat.female;
    const kurdish = rnd() < ci.kurdishShare;
    const given: NamePart = pick(
      female ? (kurdish ? KURDISH_FEMALE_NAMES : ARAB_FEMALE_NAMES) : kurdish ? KURDISH_MALE_NAMES : ARAB_MALE_NAMES,
      rnd(),
    );
    const family: NamePart = pick(kurdish ? KURDISH_FAMILY_NAMES : ARAB_FAMILY_NAMES, rnd());
    let latin = `${given.en} ${family.en}`;
    let script = `${given.ar} ${family.ar}`;
    const rBusiness = rnd();
    const rPattern = rnd();
    let business = false;
    if (cat.patterns.length > 0 && rBusiness < cat.business) {
      const p = pick(cat.patterns, rPattern);
      business = true;
      latin = fill((female && p.enFemale) || p.en, { given: given.en, family: family.en, city: city.nameEn });
      script = fill((female && p.arFemale) || p.ar, { given: given.ar, family: family.ar, city: city.nameAr });
    }
    // the script the name is written in (ADR 013): Arabic script outside the Kurdistan Region (a quarter
    // Latin, shop signs in English); in it mostly Sorani, some Latin-only, some both. Business patterns
    // are Arabic, so a Kurdistan business name is Latin (with no Sorani twin).
    const rScript = rnd();
    const rOther = rnd();
    const choose = (latinName: string, scriptName: string, isBusiness: boolean): [string, string | null] => {
      if (ci.inKurdistan) {
        if (isBusiness || rScript < 0.2) return [latinName, !isBusiness && rOther < 0.4 ? scriptName : null];
        return [scriptName, rOther < 0.3 ? latinName : null];
      }
      if (rScript < 0.75) return [scriptName, rOther < 0.3 ? latinName : null];
      return [latinName, rOther < 0.4 ? scriptName : null];
    };
    let [name, nameOther] = choose(latin, script, business);
    // no two listings share a name ("Hemin Jaff" twice reads as a duplicate): a name taken already becomes the person's
    // name with the next family name free; no random draw is spent on it, so every later listing is what it was. (Past
    // ~10,000 listings the names run out and repeats are let be.)
    const families = kurdish ? KURDISH_FAMILY_NAMES : ARAB_FAMILY_NAMES;
    const taken = (n: string, o: string | null) => usedNames.has(n.toLowerCase()) || (o !== null && usedNames.has(o.toLowerCase()));
    for (let j = 1; taken(name, nameOther) && j <= families.length; j++) {
      const next = families[(families.indexOf(family) + j) % families.length]!;
      [name, nameOther] = choose(`${given.en} ${next.en}`, `${given.ar} ${next.ar}`, false);
      business = false;
    }
    usedNames.add(name.toLowerCase());
    if (nameOther) usedNames.add(nameOther.toLowerCase());

    // one language for the description and the location, in proportions that fit the city
    const rLang = rnd();
    const shares = ci.inKurdistan ? LANG_SHARES.kurdistan : ci.kurdishShare >= 0.2 ? LANG_SHARES.mixed : LANG_SHARES.arab;
    const lang: "en" | "ar" | "ku" = rLang < shares[0] ? "en" : rLang < shares[0] + shares[1] ? "ar" : "ku";
    let location: string;
    /** the same address in another language, or null where the seed has none (ADR 060) */
    let locationIn: (l: "en" | "ar" | "ku") => string | null;
    const rPlace = rnd();
    const rPlaceItem = rnd();
    const cityIn = (l: "en" | "ar" | "ku") => (l === "en" ? city.nameEn : l === "ku" ? city.nameKu : city.nameAr);
    // a landmark is used when it exists in the listing's language (Kurdish names only where we have them)
    const landmarks = lang === "ku" ? ci.landmarks.filter((lm) => lm[2]) : ci.landmarks;
    if (landmarks.length > 0 && rPlace < 0.75) {
      const lm = pick(landmarks, rPlaceItem);
      location = lang === "en" ? lm[0] : lang === "ku" ? lm[2]! : lm[1];
      // short neighbourhood names get the city appended ("الطويسة، البصرة")
      const withCity = location.length < 10;
      if (withCity) location += lang === "en" ? `, ${city.nameEn}` : `، ${cityIn(lang)}`;
      locationIn = (l) => {
        const named = l === "en" ? lm[0] : l === "ku" ? lm[2] : lm[1];
        if (!named) return null;
        return withCity ? `${named}${l === "en" ? ", " : "، "}${cityIn(l)}` : named;
      };
    } else {
      const generic = lang === "en" ? GENERIC_EN : lang === "ku" ? GENERIC_KU : GENERIC_AR;
      const at = Math.floor(rPlaceItem * generic.length);
      location = fill(generic[at]!, { city: cityIn(lang) });
      locationIn = (l) => fill(GENERIC_PARALLEL[l][at]!, { city: cityIn(l) });
    }

    // contact
    const operator = pick(OPERATORS, rnd());
    const phone = mobile(operator, 10_000_000 + ((i * 48271 + phoneOffset) % PHONE_SPAN));
    const rWa = rnd();
    const rWaOp = rnd();
    let whatsapp: string | null = null;
    if (rWa < 0.45) whatsapp = phone;
    else if (rWa < 0.6) whatsapp = mobile(pick(OPERATORS, rWaOp), 1_000_000 + ((i * 7919 + altOffset) % ALT_SPAN));

    // position: uniform in a disc of 5 km around the city centre
    const dist = 5 * Math.sqrt(rnd());
    const angle = 2 * Math.PI * rnd();
    const latitude = round(city.latitude + (dist * Math.cos(angle)) / 111.32, 6);
    const longitude = round(city.longitude + (dist * Math.sin(angle)) / (111.32 * ci.cosLat), 6);

    // reputation
    const rRated = rnd();
    const rCount = rnd();
    const rRating = rnd();
    const rVerified = rnd();
    let rating = 0;
    let reviewCount = 0;
    if (rRated >= 0.15) {
      reviewCount = 1 + Math.floor(249 * rCount ** 2.5);
      rating = round(3 + 2 * Math.sqrt(rRating), 1);
    }
    const isVerified = reviewCount >= AUTO_VERIFY_REVIEWS ? rVerified < 0.92 : rVerified < 0.04;
    const isAvailable = rnd() < 0.88;

    // description
    const years = 2 + Math.floor(rnd() * 24);
    const vars = {
      specialty: sp.en,
      specialtyAr: sp.ar,
      specialtyKu: sp.ku,
      city: city.nameEn,
      cityAr: city.nameAr,
      cityKu: city.nameKu,
      years: `${years} years`,
      yearsAr: arYears(years),
      yearsKu: indicDigits(years),
    };
    const texts = DESCRIPTIONS[cat.slug];
    const rDesc = rnd();
    const rMix = rnd();
    const rTag = rnd();
    const list = texts?.[lang];
    const generic = lang === "en" ? GENERIC_DESC_EN : lang === "ar" ? GENERIC_DESC_AR : GENERIC_DESC_KU;
    let description = fill(list && rDesc < 0.8 ? pick(list, rDesc / 0.8) : generic, vars);
    const tagline = rMix < 0.2 ? pick(lang === "en" ? TAGLINE_EN : lang === "ar" ? TAGLINE_AR : TAGLINE_KU, rTag) : null;
    if (tagline) description += tagline;
    // the same description in another language: the same sentence of the parallel list (or the generic one), and
    // the same tagline; none where the other language lacks that sentence (ADR 060)
    const sentenceAt = list && rDesc < 0.8 ? Math.floor((rDesc / 0.8) * list.length) : -1;
    const descriptionIn = (l: "en" | "ar" | "ku"): string | null => {
      const template = sentenceAt < 0 ? (l === "en" ? GENERIC_DESC_EN : l === "ar" ? GENERIC_DESC_AR : GENERIC_DESC_KU) : texts?.[l]?.[sentenceAt];
      if (!template) return null;
      const said = tagline ? TAGLINE_PARALLEL.find((t) => t[lang] === tagline)?.[l] : "";
      return said === undefined ? null : fill(template, vars) + said;
    };
    const otherTexts: ProviderSeed["texts"] = {};
    for (const l of ["en", "ar", "ku"] as const) {
      if (l === lang) continue;
      const d = descriptionIn(l);
      const loc = locationIn(l);
      if (d || loc) otherTexts[l] = { ...(d ? { description: d } : {}), ...(loc ? { location: loc } : {}) };
    }

    out[i] = {
      name,
      nameOther,
      lang,
      specialty: sp.en,
      specialtyAr: sp.ar,
      specialtyKu: sp.ku,
      categorySlug: cat.slug,
      citySlug: city.slug,
      location,
      phone,
      whatsapp,
      isVerified,
      latitude,
      longitude,
      rating,
      reviewCount,
      description,
      isAvailable,
      texts: otherTexts,
    };
  }
  return out;
}
