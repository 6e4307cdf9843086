/**
 * The twelfth holdout: 44 searches written on 2026-11-29 at about 17:45 UTC, in this file, after the work on the
 * eleventh holdout's misses and BEFORE any of them was run through any search or reader: the figure of this session's
 * search work on searches it never saw. Written as people in Baghdad, Basra, Kut, Fallujah, Erbil, Soran and
 * Sulaymaniyah type: Iraqi Arabic with its slips, Sorani on a Kurdish keyboard and on an Arabic one, Arabic and Kurdish
 * in Latin letters, English. The classes are the issue's: a symptom for a person or a thing, a qualifier that names the
 * narrower trade, a trade the directory lacks (right answers are its nearest trades, ADR 082), Sorani suffixes,
 * Arabizi, places, slips.
 *
 * FROZEN: nothing is tuned on it and no line is changed to fit a result. A miss found here is copied into
 * judgedQueries.ts, in other words, and fixed there. Its figure is printed beside the other holdouts (npm run
 * bench:search), never asserted. Only bench/search.mjs reads it (and sends it to the bench route), so the Worker does
 * not bundle it.
 */
import type { JudgedQuery } from "./judgedQueries";

/** When these were written (before any result was seen). */
export const TWELFTH_HOLDOUT_WRITTEN = "2026-11-29";

const ELECTRIC = ["Electrician", "Home electrician", "Electrical engineer", "Generator technician", "Solar panel installer"];
const GENERATOR = ["Generator technician", "Electrician", "Home electrician"];
const PLUMBING = ["Plumber", "Water heater repair", "Water tank installation"];
const TANK = ["Water tank installation", "Plumber"];
const AC = ["AC repair", "AC installation"];
const AC_INSTALL = ["AC installation", "AC repair"];
const FRIDGE = ["Refrigerator repair", "AC repair"];
/** No washing-machine repairer in the directory: the nearest trades repair home appliances. */
const APPLIANCES = ["Refrigerator repair", "AC repair", "Air cooler repair"];
/** No carpenter in the directory: the nearest are the interior designer and the furniture movers. */
const CARPENTRY = ["Interior designer", "Furniture moving"];
const CARS = ["Auto repair", "Car mechanic", "Auto electrician"];
const TYRES = ["Tire repair", "Auto repair", "Car mechanic"];
const DOCTOR = ["General doctor", "Cardiologist", "Heart specialist", "Eye doctor", "Pediatrician"];
const KIDS_DOCTOR = ["Pediatrician", "General doctor"];
const EYE = ["Eye doctor"];
const DENTIST = ["Dentist", "Orthodontist", "Cosmetic dentist"];
const REAL_ESTATE_LAW = ["Real estate lawyer", "Lawyer"];
const CRIMINAL_LAW = ["Criminal lawyer", "Lawyer"];
const PRIVATE_DRIVER = ["Private driver", "Driver"];
const MOVING = ["Furniture moving", "Delivery driver", "Driver"];
const PHONE = ["Phone repair"];
const COMPUTER = ["Computer repair"];
const NETWORK = ["Network technician", "Computer repair"];
const MATH = ["Math tutor", "Teacher"];
const ENGLISH_TEACHER = ["English teacher"];
const SWORN = ["Sworn translator", "Translator"];
const CATERING = ["Catering", "Cook", "Home cook"];
const VIDEO = ["Videographer", "Photographer", "Wedding photographer"];
const OFFICE_CLEANING = ["Office cleaning", "House cleaning"];
const NANNY = ["Nanny", "Babysitter"];
const ELDERLY = ["Elderly caregiver"];
const CIVIL = ["Civil engineer", "Engineer"];

export const TWELFTH_HOLDOUT_QUERIES: readonly JudgedQuery[] = [
  // ——— Sorani: a Kurdish keyboard, an Arabic one, suffixes, symptoms ———
  ["ku", "کارەبای ژووری نووستن نییە", ELECTRIC],
  ["ku", "حەمامەکەمان ئاوی گەرمی نییە", PLUMBING],
  ["ku", "سپلیتێک بۆ ژووری میوان", AC_INSTALL],
  ["ku", "منداڵەکەم تای بەرزە", KIDS_DOCTOR],
  ["ku", "چاوەکانم لێڵ دەبینن", EYE],
  ["ku", "ددانی عەقڵم دێشێت", DENTIST],
  ["ku", "پارێزەر بۆ فرۆشتنی خانوو", REAL_ESTATE_LAW],
  ["ku", "ئۆتۆمبێلەکەم ناکەوێتە ڕێ", CARS],
  ["ku", "مۆبایلەکەم شارژ ناکات", PHONE],
  ["ku", "مامۆستای بیرکاری بۆ پۆلی حەوت", MATH],
  ["ku", "دايه\u200cن بۆ دوو منداڵ", NANNY],
  ["ku", "گواستنەوەی ماڵ بۆ سۆران", MOVING],
  // ——— Iraqi Arabic: symptoms, qualifiers, trades the directory lacks, places ———
  ["ar", "الكهرباء ضعيفة والاجهزة تطفي", ELECTRIC],
  ["ar", "المولدة صوتها عالي وتدخن", GENERATOR],
  ["ar", "خزان المي يخر من فوك", TANK],
  ["ar", "المكيف يطلع ريحة", AC],
  ["ar", "الثلاجة ما تسوي ثلج", FRIDGE],
  ["ar", "الغسالة ما تفتح الباب", APPLIANCES],
  ["ar", "التاير نازل هوا", TYRES],
  ["ar", "ماطور السيارة يطك", CARS],
  ["ar", "عندي كحة وحرارة من يومين", DOCTOR],
  ["ar", "طفلي عمره سنة ويستفرغ", KIDS_DOCTOR],
  ["ar", "حشوة ضرس بالكوت", DENTIST],
  ["ar", "محامي قضية مخدرات", CRIMINAL_LAW],
  ["ar", "سايق خصوصي للعائلة", PRIVATE_DRIVER],
  ["ar", "اللابتوب ما يشحن", COMPUTER],
  ["ar", "النت بطيء بالبيت", NETWORK],
  ["ar", "مدرسة انكليزي محادثة", ENGLISH_TEACHER],
  ["ar", "ترجمة معتمدة للسفارة", SWORN],
  ["ar", "غدا لخمسين شخص", CATERING],
  ["ar", "تصوير فيديو للخطوبة", VIDEO],
  ["ar", "تنظيف مكاتب شركة بالفلوجة", OFFICE_CLEANING],
  ["ar", "احد يعتني بوالدتي المريضة", ELDERLY],
  ["ar", "مهندس يحسب الكميات للبناية", CIVIL],
  ["ar", "نجار غرف نوم", CARPENTRY],
  // ——— Arabic and Kurdish in Latin letters ———
  ["ar-latin", "abi mukayyef jdeed yrakboh", AC_INSTALL],
  ["ar-latin", "el 7anafiya tnaggit", PLUMBING],
  ["ku-latin", "doktori dddan la slemani", DENTIST],
  // ——— English ———
  ["en", "toilet keeps running", PLUMBING],
  ["en", "baby has a cough", KIDS_DOCTOR],
  ["en", "generator wont start", GENERATOR],
  // ——— slips ———
  ["typo", "كهربائي بلكرادة", ELECTRIC],
  ["typo", "fridg repair basra", FRIDGE],
  ["typo", "پزیشکی ددانن", DENTIST],
];
