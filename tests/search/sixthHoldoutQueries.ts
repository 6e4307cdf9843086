/**
 * The sixth holdout: 52 searches written on 2026-11-29 at about 13:15 UTC, in this file, BEFORE any of them was run
 * through any search or reader, and before the work that follows the fifth holdout's misses (an elderly carer said
 * without the trade's word, moving house, a sworn translator in Sorani, a lawyer's specialty, a printer for a slow
 * computer, the bot's word for a generator). Written as people in Baghdad, Basra, Erbil and Sulaymaniyah type: Iraqi
 * Arabic with its slips, Sorani on a Kurdish keyboard and on an Arabic one (ه and a zero-width non-joiner, or ھ, for ە;
 * ي for ی; ك for ک), Arabic and Kurdish in Latin letters (7, 3, 5), English. The classes are the issue's: a symptom for
 * a person or a thing, a qualifier that names the narrower trade, a trade the directory lacks (right answers are its
 * nearest trades, ADR 082), Sorani suffixes, Arabizi, places, slips.
 *
 * FROZEN: nothing is tuned on it and no line is changed to fit a result. A miss found here is copied into
 * judgedQueries.ts, in other words, and fixed there. Its figure is printed beside the other holdouts (npm run
 * bench:search), never asserted. Only bench/search.mjs reads it (and sends it to the bench route), so the Worker does
 * not bundle it.
 */
import type { JudgedQuery } from "./judgedQueries";

/** When these were written (before any result was seen). */
export const SIXTH_HOLDOUT_WRITTEN = "2026-11-29";

const ELECTRIC = ["Electrician", "Home electrician", "Electrical engineer", "Generator technician", "Solar panel installer"];
const GENERATOR = ["Generator technician", "Electrician", "Home electrician"];
const PLUMBING = ["Plumber", "Water heater repair", "Water tank installation"];
const HEATER = ["Water heater repair", "Plumber"];
const AC = ["AC repair", "AC installation"];
const FRIDGE = ["Refrigerator repair", "AC repair"];
/** No washing-machine repairer in the directory: the nearest trades repair home appliances. */
const APPLIANCES = ["Refrigerator repair", "AC repair", "Air cooler repair"];
/** No satellite-dish installer in the directory: the nearest trades wire and aim. */
const DISH = ["Network technician", "Electrician", "Home electrician"];
/** No TV repairer in the directory: the nearest trades repair electronics and wiring. */
const TV = ["Phone repair", "Computer repair", "Electrician", "Home electrician"];
/** No painter, blacksmith in the directory: the nearest are the interior designer and the engineers. */
const BUILDING = ["Interior designer", "Engineer", "Civil engineer", "Architect", "Mechanical engineer"];
/** No carpenter in the directory: the nearest are the interior designer and the furniture movers. */
const CARPENTRY = ["Interior designer", "Furniture moving"];
/** No pest control in the directory: the nearest are the cleaners. */
const PESTS = ["House cleaning", "Office cleaning", "Carpet cleaning"];
/** No home nurse in the directory: the nearest are a carer at home and a doctor. */
const NURSE = ["Elderly caregiver", "General doctor"];
const CARS = ["Auto repair", "Car mechanic", "Auto electrician"];
const TYRES = ["Tire repair", "Auto repair", "Car mechanic"];
const KIDS_DOCTOR = ["Pediatrician", "General doctor"];
const EYE = ["Eye doctor"];
const HEART = ["Cardiologist", "Heart specialist"];
const DENTIST = ["Dentist", "Orthodontist", "Cosmetic dentist"];
const FAMILY_LAW = ["Family lawyer"];
const INHERITANCE = ["Family lawyer", "Lawyer"];
const LAND_LAW = ["Real estate lawyer", "Lawyer"];
const CIVIL = ["Civil engineer", "Engineer"];
const PRIVATE_DRIVER = ["Private driver", "Driver"];
const DELIVERY = ["Delivery driver", "Driver"];
const MOVING = ["Furniture moving", "Delivery driver", "Driver"];
const PHONE = ["Phone repair"];
const COMPUTER = ["Computer repair"];
const NETWORK = ["Network technician", "Computer repair"];
const MATH = ["Math tutor", "Teacher"];
const ARABIC_TEACHER = ["Arabic teacher", "Teacher"];
const ENGLISH_TEACHER = ["English teacher"];
const COOK = ["Cook", "Catering", "Home cook"];
const WEDDING_PHOTO = ["Wedding photographer", "Photographer", "Videographer"];
const HOUSE_CLEANING = ["House cleaning", "Carpet cleaning", "Office cleaning"];
const CARPETS = ["Carpet cleaning", "House cleaning"];
const ELDERLY = ["Elderly caregiver"];
const SWORN = ["Sworn translator"];
const OFFICIAL_TRANSLATION = ["Sworn translator", "Translator", "Kurdish-Arabic translator"];

export const SIXTH_HOLDOUT_QUERIES: readonly JudgedQuery[] = [
  // ——— Sorani: a Kurdish keyboard, an Arabic one (ه + ZWNJ, ھ, ي, ك), suffixes, symptoms ———
  ["ku", "فریزەرەکەم سارد ناکاتەوە", FRIDGE],
  ["ku", "بۆری ئاوەکە تەقیوە", PLUMBING],
  ["ku", "كاره\u200cباچي بۆ ماڵ له\u200c سلێماني", ELECTRIC],
  ["ku", "کارەبامان نییە لە ھەولێر", ELECTRIC],
  ["ku", "پزيشكي منداڵان له\u200c هه\u200cولێر", KIDS_DOCTOR],
  ["ku", "مامۆستای بیرکاری بۆ پۆلی دوازدە", MATH],
  ["ku", "ددانم زۆر دێشێت", DENTIST],
  ["ku", "تایەی سەیارەکەم پەنچەر بووە", TYRES],
  ["ku", "پارێزەری تەڵاق", FAMILY_LAW],
  ["ku", "كه\u200cسێك بۆ چاودێری دایكم كه\u200c پیره\u200c", ELDERLY],
  ["ku", "گواستنەوەی کەلوپەلی ماڵ", MOVING],
  ["ku", "وه\u200cرگێڕی فه\u200cرمی بۆ به\u200cڵگه\u200cنامه\u200c", OFFICIAL_TRANSLATION],
  ["ku", "مۆلیدەکەمان کوژاوەتەوە", GENERATOR],
  ["ku", "ئینتەرنێتەکەم زۆر خاوە", NETWORK],
  ["ku", "ئاوگەرمکەرەکە ئاو گەرم ناکات", HEATER],
  ["ku", "شۆفێرێک بۆ گەیاندنی کاڵا", DELIVERY],
  ["ku", "خاوێنکردنەوەی مۆکێت", CARPETS],
  // ——— Iraqi Arabic: symptoms, qualifiers, trades the directory lacks, places ———
  ["ar", "الماي ما يصعد للتانكي", PLUMBING],
  ["ar", "السبلت يقطر مي جوة", AC],
  ["ar", "الضوة ترمش بالبيت", ELECTRIC],
  ["ar", "ابني يكح من البارحة", KIDS_DOCTOR],
  ["ar", "عيني حمرة وتحكني", EYE],
  ["ar", "دكتور قلبية بالكرادة", HEART],
  ["ar", "محامي عقارات", LAND_LAW],
  ["ar", "مهندس مدني يشرف على البناء", CIVIL],
  ["ar", "مصور اعراس بالبصرة", WEDDING_PHOTO],
  ["ar", "سايق خاص للدوام", PRIVATE_DRIVER],
  ["ar", "مترجم محلف", SWORN],
  ["ar", "مدرس عربي قواعد", ARABIC_TEACHER],
  ["ar", "اللابتوب يعلك", COMPUTER],
  ["ar", "موبايلي وكع بالماي", PHONE],
  ["ar", "ابي احد ينظف البيت قبل العيد", HOUSE_CLEANING],
  ["ar", "غسالتي ما تعصر", APPLIANCES],
  ["ar", "تنصيب دش", DISH],
  ["ar", "شاشة التلفزيون بيها خطوط", TV],
  ["ar", "نجار يسوي كنتور", CARPENTRY],
  ["ar", "صباغ بيوت", BUILDING],
  ["ar", "مكافحة حشرات صراصر", PESTS],
  ["ar", "ممرض يركب مغذي بالبيت", NURSE],
  // ——— Arabic and Kurdish in Latin letters ———
  ["ar-latin", "abi wa7ed ysala7 mobaily", PHONE],
  ["ar-latin", "mikanik sayarat bl basra", CARS],
  ["ar-latin", "3indi tasreeb mai bil 7ammam", PLUMBING],
  ["ar-latin", "tabbakh l 3azeema", COOK],
  ["ar-latin", "mudaris englizi 5usoosi", ENGLISH_TEACHER],
  ["ku-latin", "mamostay englizi le hawler", ENGLISH_TEACHER],
  // ——— English ———
  ["en", "someone to look after my grandfather", ELDERLY],
  ["en", "movers baghdad to basra", MOVING],
  ["en", "my laptop is very slow", COMPUTER],
  ["en", "certified translator for court papers", SWORN],
  ["en", "inheritance lawyer erbil", INHERITANCE],
  // ——— slips ———
  ["typo", "كهربائى بالمنصور", ELECTRIC],
  ["typo", "dentis baghdad", DENTIST],
];
