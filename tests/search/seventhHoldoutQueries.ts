/**
 * The seventh holdout: 60 searches written on 2026-11-29 at about 15:45 UTC, in this file, BEFORE any of them was run
 * through any search or reader, and before the work that follows the sixth holdout's misses (a washing machine said
 * with a possessive ending, a satellite dish, "mobaily" in Arabizi, a laptop that hangs, the wider family listed after
 * the first right answer). Written as people in Baghdad, Basra, Hilla, Mosul, Erbil, Duhok and Sulaymaniyah type:
 * Iraqi Arabic with its slips, Sorani on a Kurdish keyboard and on an Arabic one (ه and a zero-width non-joiner for ە,
 * ي for ی, ك for ک, و for ۆ), Arabic and Kurdish in Latin letters (7, 3, 5), English. The classes are the issue's: a
 * symptom for a person or a thing, a qualifier that names the narrower trade, a trade the directory lacks (right
 * answers are its nearest trades, ADR 082), Sorani suffixes, Arabizi, places, slips.
 *
 * FROZEN: nothing is tuned on it and no line is changed to fit a result. A miss found here is copied into
 * judgedQueries.ts, in other words, and fixed there. Its figure is printed beside the other holdouts (npm run
 * bench:search), never asserted. Only bench/search.mjs reads it (and sends it to the bench route), so the Worker does
 * not bundle it.
 */
import type { JudgedQuery } from "./judgedQueries";

/** When these were written (before any result was seen). */
export const SEVENTH_HOLDOUT_WRITTEN = "2026-11-29";

const ELECTRIC = ["Electrician", "Home electrician", "Electrical engineer", "Generator technician", "Solar panel installer"];
const SOLAR = ["Solar panel installer", "Electrician", "Home electrician"];
const PLUMBING = ["Plumber", "Water heater repair", "Water tank installation"];
const HEATER = ["Water heater repair", "Plumber"];
const AC = ["AC repair", "AC installation"];
const COOLER = ["Air cooler repair", "AC repair"];
const FRIDGE = ["Refrigerator repair", "AC repair"];
/** No washing-machine repairer in the directory: the nearest trades repair home appliances. */
const APPLIANCES = ["Refrigerator repair", "AC repair", "Air cooler repair"];
/** No TV repairer in the directory: the nearest trades repair electronics and wiring. */
const TV = ["Phone repair", "Computer repair", "Electrician", "Home electrician"];
/** No blacksmith in the directory: the nearest are the engineers. */
const METALWORK = ["Engineer", "Civil engineer", "Mechanical engineer", "Architect", "Interior designer"];
/** No pest control in the directory: the nearest are the cleaners. */
const PESTS = ["House cleaning", "Office cleaning", "Carpet cleaning"];
const CARS = ["Auto repair", "Car mechanic", "Auto electrician"];
const CAR_ELECTRIC = ["Auto electrician", "Auto repair", "Car mechanic"];
const TYRES = ["Tire repair", "Auto repair", "Car mechanic"];
const KIDS_DOCTOR = ["Pediatrician", "General doctor"];
const EYE = ["Eye doctor"];
const HEART = ["Cardiologist", "Heart specialist"];
const DENTIST = ["Dentist", "Orthodontist", "Cosmetic dentist"];
const BRACES = ["Orthodontist", "Dentist"];
const FAMILY_LAW = ["Family lawyer"];
const CRIMINAL_LAW = ["Criminal lawyer", "Lawyer"];
const LAND_LAW = ["Real estate lawyer", "Lawyer"];
const BUILDING_ENGINEER = ["Civil engineer", "Architect", "Engineer"];
const TAXI = ["Taxi driver", "Driver", "Private driver"];
const PHONE = ["Phone repair"];
const COMPUTER = ["Computer repair"];
const PRINTER = ["Printer repair", "Computer repair"];
const NETWORK = ["Network technician", "Computer repair"];
const MATH = ["Math tutor", "Teacher"];
const PHYSICS = ["Physics tutor", "Teacher"];
const KU_AR_TRANSLATOR = ["Kurdish-Arabic translator", "Translator"];
const COOK = ["Cook", "Catering", "Home cook"];
const BAKER = ["Baker", "Cook", "Home cook"];
const WEDDING_PHOTO = ["Wedding photographer", "Photographer", "Videographer"];
const VIDEO = ["Videographer", "Photographer", "Wedding photographer"];
const HOUSE_CLEANING = ["House cleaning", "Carpet cleaning", "Office cleaning"];
const CARPETS = ["Carpet cleaning", "House cleaning"];
const NANNY = ["Nanny", "Babysitter"];
const ELDERLY = ["Elderly caregiver"];

export const SEVENTH_HOLDOUT_QUERIES: readonly JudgedQuery[] = [
  // ——— Sorani: a Kurdish keyboard, an Arabic one (ه + ZWNJ, ي, ك, و for ۆ), suffixes, symptoms ———
  ["ku", "سپلیتەکەم ئاو دەڕژێت", AC],
  ["ku", "گڵۆپەکان هەموو سووتاون", ELECTRIC],
  ["ku", "دەستشۆرەکە گیراوە", PLUMBING],
  ["ku", "منداڵەکەم تای هەیە", KIDS_DOCTOR],
  ["ku", "چاوم باش نابینێت", EYE],
  ["ku", "دڵم خێرا لێدەدات", HEART],
  ["ku", "ماتۆڕی ئۆتۆمبێلەکەم دەنگ دەکات", CARS],
  ["ku", "مۆبایلەکەم شاشەکەی شکاوە", PHONE],
  ["ku", "لاپتۆپەکەم هەڵناکات", COMPUTER],
  ["ku", "پارێزەر بۆ کێشەی زەوی", LAND_LAW],
  ["ku", "مامۆستای فیزیا بۆ قوتابی", PHYSICS],
  ["ku", "ئەندازیاری بیناسازی", BUILDING_ENGINEER],
  ["ku", "خواردن بۆ ئاهەنگ", COOK],
  ["ku", "وێنەگری ئاهەنگی هاوسەرگیری", WEDDING_PHOTO],
  ["ku", "دایەنێک بۆ منداڵەکانم", NANNY],
  ["ku", "سه\u200cلاجه\u200cكه\u200cم خراپ بووه", FRIDGE],
  ["ku", "بوريچي له\u200c دهوك", PLUMBING],
  ["ku", "تاکسی بۆ فڕۆکەخانە", TAXI],
  ["ku", "جلشۆرەکەم کار ناکات", APPLIANCES],
  // ——— Iraqi Arabic: symptoms, qualifiers, trades the directory lacks, places ———
  ["ar", "الثلاجة ما تبرد والمي يقطر منها", FRIDGE],
  ["ar", "المبردة ما تطلع هوا بارد", COOLER],
  ["ar", "السخان يطفي وحده", HEATER],
  ["ar", "الانترنيت يقطع بالبيت", NETWORK],
  ["ar", "الطابعة ما تسحب ورق", PRINTER],
  ["ar", "سيارتي ما تشتغل الصبح", CARS],
  ["ar", "عندي بنجر بالطريق السريع", TYRES],
  ["ar", "ضرسي يوجعني بالليل", DENTIST],
  ["ar", "تقويم اسنان للبنات", BRACES],
  ["ar", "محامي جنايات", CRIMINAL_LAW],
  ["ar", "ابي محامي قضية نفقة", FAMILY_LAW],
  ["ar", "مربية اطفال بالمنصور", NANNY],
  ["ar", "احد يكعد ويه جدتي", ELDERLY],
  ["ar", "مدرس رياضيات سادس اعدادي", MATH],
  ["ar", "مترجم كردي عربي", KU_AR_TRANSLATOR],
  ["ar", "تصوير فيديو حفلة تخرج", VIDEO],
  ["ar", "طباخ عزايم بأربيل", COOK],
  ["ar", "خباز صمون", BAKER],
  ["ar", "تركيب طاقة شمسية للبيت", SOLAR],
  ["ar", "فني تصليح سبالت بالحلة", AC],
  ["ar", "تصليح تلفزيون بالموصل", TV],
  ["ar", "حداد يسوي باب حديد", METALWORK],
  ["ar", "ابي احد يرش البيت ضد البق", PESTS],
  // ——— Arabic and Kurdish in Latin letters ———
  ["ar-latin", "abi 7ad ynadef el sijjad", CARPETS],
  ["ar-latin", "tabib asnan bl karrada", DENTIST],
  ["ar-latin", "mu3alim riyadiyat", MATH],
  ["ar-latin", "3ndi moshkila bl kahraba", ELECTRIC],
  ["ku-latin", "wastay kareba la slemani", ELECTRIC],
  ["ku-latin", "dktori mndalan", KIDS_DOCTOR],
  // ——— English ———
  ["en", "my kid has a high fever", KIDS_DOCTOR],
  ["en", "water heater not heating", HEATER],
  ["en", "fix cracked iphone screen", PHONE],
  ["en", "car battery dead", CAR_ELECTRIC],
  ["en", "wedding video erbil", WEDDING_PHOTO],
  ["en", "someone to cook for a family event", COOK],
  ["en", "apartment deep cleaning", HOUSE_CLEANING],
  ["en", "family lawyer for custody", FAMILY_LAW],
  // ——— slips ———
  ["typo", "سباج بالبصره", PLUMBING],
  ["typo", "elektrician erbil", ELECTRIC],
  ["typo", "pediatrisian", KIDS_DOCTOR],
  ["typo", "mecanic baghdad", CARS],
];
