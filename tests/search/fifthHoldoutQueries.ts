/**
 * The fifth holdout: 53 searches written on 2026-11-29 at about 10:20 UTC, in this file, BEFORE any of them was run
 * through any search or reader, and before the work that follows the fourth holdout's misses (dialect symptoms, a
 * generator below solar, places that swallow trade words). Written as people in Baghdad, Basra, Mosul, Erbil and
 * Sulaymaniyah type: Iraqi Arabic with its slips, Sorani on a Kurdish keyboard and on an Arabic one (ه and a
 * zero-width non-joiner for ە, ي for ی, ك for ک), Arabic and Kurdish in Latin letters, English, an emoji. The classes
 * are the issue's: a symptom for a person or a thing, a qualifier that names the narrower trade, a trade the directory
 * lacks (right answers are its nearest trades, ADR 082), Sorani suffixes, Arabizi, places.
 *
 * FROZEN: nothing is tuned on it and no line is changed to fit a result. A miss found here is copied into
 * judgedQueries.ts, in other words, and fixed there. Its figure is printed beside the other holdouts (npm run
 * bench:search), never asserted. Only bench/search.mjs reads it (and sends it to the bench route), so the Worker does
 * not bundle it.
 */
import type { JudgedQuery } from "./judgedQueries";

/** When these were written (before any result was seen). */
export const FIFTH_HOLDOUT_WRITTEN = "2026-11-29";

const ELECTRIC = ["Electrician", "Home electrician", "Electrical engineer", "Generator technician", "Solar panel installer", "Auto electrician"];
const GENERATOR = ["Generator technician", "Electrician", "Home electrician"];
const SOLAR = ["Solar panel installer", "Electrician", "Home electrician", "Electrical engineer"];
const PLUMBING = ["Plumber", "Water heater repair", "Water tank installation"];
const HEATER = ["Water heater repair", "Plumber"];
const AC = ["AC repair", "AC installation"];
const COOLER = ["Air cooler repair", "AC repair"];
const FRIDGE_WORK = ["Refrigerator repair", "AC repair"];
/** No washing-machine repairer in the directory: the nearest trades repair home appliances. */
const APPLIANCES = ["Refrigerator repair", "AC repair", "Air cooler repair"];
/** No satellite-dish installer in the directory: the nearest trades wire and aim. */
const DISH = ["Network technician", "Electrician", "Home electrician"];
/** No TV repairer in the directory: the nearest trades repair electronics and wiring. */
const TV = ["Phone repair", "Computer repair", "Electrician", "Home electrician"];
const CARS = ["Auto repair", "Car mechanic", "Auto electrician"];
const TYRES = ["Tire repair", "Auto repair", "Car mechanic"];
const PEDIATRIC = ["Pediatrician"];
const KIDS_DOCTOR = ["Pediatrician", "General doctor"];
const EYE = ["Eye doctor"];
const DENTIST = ["Dentist", "Orthodontist", "Cosmetic dentist"];
const FAMILY_LAW = ["Family lawyer"];
const INHERITANCE = ["Family lawyer", "Lawyer"];
const CRIMINAL_LAW = ["Criminal lawyer"];
const LAND_LAW = ["Real estate lawyer", "Lawyer"];
const ARCHITECT = ["Architect", "Engineer"];
const TAXI = ["Taxi driver", "Driver", "Private driver"];
const MOVING = ["Furniture moving", "Delivery driver", "Driver"];
const PHONE = ["Phone repair"];
const COMPUTER = ["Computer repair"];
const NETWORK = ["Network technician", "Computer repair"];
const PRINTER = ["Printer repair", "Computer repair"];
const PHYSICS = ["Physics tutor"];
const ENGLISH_TEACHER = ["English teacher"];
const COOK = ["Cook", "Catering", "Home cook"];
const CAKE = ["Baker", "Home cook", "Catering"];
const PHOTO = ["Photographer", "Wedding photographer", "Videographer"];
const NANNY = ["Nanny", "Babysitter"];
const ELDERLY = ["Elderly caregiver"];
/** No home nurse in the directory: the nearest are a carer at home and a doctor. */
const NURSE = ["Elderly caregiver", "General doctor"];
const SWORN = ["Sworn translator"];

export const FIFTH_HOLDOUT_QUERIES: readonly JudgedQuery[] = [
  // ——— Sorani: a Kurdish keyboard, an Arabic one, suffixes, symptoms ———
  ["ku", "وەستای مۆلیدە لە سلێمانی", GENERATOR],
  ["ku", "کارەبای ماڵەکەم بڕاوە", ELECTRIC],
  ["ku", "سپليته\u200cكه\u200cم ئاو ده\u200cرده\u200cكات", AC],
  ["ku", "پزیشکی ددان لە هەولێر", DENTIST],
  ["ku", "دكتۆري چاو له\u200c دهۆك", EYE],
  ["ku", "منداڵەکەم تای هەیە", KIDS_DOCTOR],
  ["ku", "پارێزەرێک بۆ کێشەی زەوی", LAND_LAW],
  ["ku", "مامۆستای ئینگلیزی بۆ منداڵەکانم", ENGLISH_TEACHER],
  ["ku", "تەکسی بۆ فڕۆکەخانە", TAXI],
  ["ku", "ئۆتۆمبێلەکەم ئیش ناکات", CARS],
  ["ku", "شووشەی مۆبایلەکەم شکاوە", PHONE],
  ["ku", "جلشۆرەکەم تێکچووە", APPLIANCES],
  ["ku", "وەرگێڕی سوێندخۆر", SWORN],
  ["ku", "دایەنێک بۆ منداڵی ساوا", NANNY],
  ["ku", "كۆمپيوته\u200cره\u200cكه\u200cم زۆر هێواشه\u200c", COMPUTER],
  // ——— Iraqi Arabic: symptoms, qualifiers, trades the directory lacks, places ———
  ["ar", "ابني حرارته مرتفعة اريد دكتور بالبصرة", KIDS_DOCTOR],
  ["ar", "ضرسي يوجعني", DENTIST],
  ["ar", "المبردة تطلع هوا حار", COOLER],
  ["ar", "الحنفية تخر", PLUMBING],
  ["ar", "السخان ما يسخن", HEATER],
  ["ar", "البلاعة مسدودة", PLUMBING],
  ["ar", "محامي جنائي بالموصل", CRIMINAL_LAW],
  ["ar", "محامي ميراث", INHERITANCE],
  ["ar", "ابي مهندس معماري يصمملي بيت", ARCHITECT],
  ["ar", "تصليح تلفزيونات", TV],
  ["ar", "ممرضة تجي للبيت تضرب ابرة", NURSE],
  ["ar", "الستلايت ما يلكط قنوات", DISH],
  ["ar", "السيارة تطفي بالطريق", CARS],
  ["ar", "تاير بنجر", TYRES],
  ["ar", "اريد واحد ينقل اغراض البيت لاربيل", MOVING],
  ["ar", "الانترنت بالبيت ضعيف", NETWORK],
  ["ar", "الطابعة ما تطبع", PRINTER],
  ["ar", "كيك عيد ميلاد", CAKE],
  ["ar", "طباخ لعزيمة ٥٠ نفر", COOK],
  ["ar", "مصور لحفلة تخرج", PHOTO],
  ["ar", "مدرس فيزياء للسادس العلمي", PHYSICS],
  ["ar", "واحد يقعد ويه جدتي", ELDERLY],
  ["ar", "منظومة طاقة شمسية للبيت", SOLAR],
  // ——— Arabic and Kurdish in Latin letters ———
  ["ar-latin", "a7taj sabbak bil basra", PLUMBING],
  ["ar-latin", "mkayef ma ybarid", AC],
  ["ar-latin", "dktor asnan bl mosul", DENTIST],
  ["ar-latin", "taxi lil matar", TAXI],
  ["ar-latin", "mu7ami talaq", FAMILY_LAW],
  ["ku-latin", "karebachi le slemani", ELECTRIC],
  // ——— English, emoji ———
  ["en", "my kid has a high fever", KIDS_DOCTOR],
  ["en", "car won't start", CARS],
  ["en", "water heater not working", HEATER],
  ["en", "tv repair mosul", TV],
  ["en", "divorce attorney sulaymaniyah", FAMILY_LAW],
  ["en", "🦷 dentist in basra", DENTIST],
  // ——— slips ———
  ["typo", "pediatrision", PEDIATRIC],
  ["typo", "كهربجي بلكراده", ELECTRIC],
  ["typo", "تصليح ثلاجات بلبصره", FRIDGE_WORK],
];
