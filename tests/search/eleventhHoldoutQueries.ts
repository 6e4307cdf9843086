/**
 * The eleventh holdout: 44 searches written on 2026-11-29 at about 17:00 UTC, in this file, before the work on the
 * tenth holdout's misses and BEFORE any of them was run through any search or reader. Written as people in Baghdad,
 * Basra, Samawah, Tikrit, Erbil, Ranya and Sulaymaniyah type: Iraqi Arabic with its slips, Sorani on a Kurdish keyboard
 * and on an Arabic one, Arabic and Kurdish in Latin letters, English. The classes are the issue's: a symptom for a
 * person or a thing, a qualifier that names the narrower trade, a trade the directory lacks (right answers are its
 * nearest trades, ADR 082), Sorani suffixes, Arabizi, places, slips.
 *
 * FROZEN: nothing is tuned on it and no line is changed to fit a result. A miss found here is copied into
 * judgedQueries.ts, in other words, and fixed there. Its figure is printed beside the other holdouts (npm run
 * bench:search), never asserted. Only bench/search.mjs reads it (and sends it to the bench route), so the Worker does
 * not bundle it.
 */
import type { JudgedQuery } from "./judgedQueries";

/** When these were written (before any result was seen). */
export const ELEVENTH_HOLDOUT_WRITTEN = "2026-11-29";

const ELECTRIC = ["Electrician", "Home electrician", "Electrical engineer", "Generator technician", "Solar panel installer"];
const PLUMBING = ["Plumber", "Water heater repair", "Water tank installation"];
const HEATER = ["Water heater repair", "Plumber"];
const AC = ["AC repair", "AC installation"];
const FRIDGE = ["Refrigerator repair", "AC repair"];
/** No TV repairer in the directory: the nearest trades repair electronics and wiring. */
const TV = ["Phone repair", "Computer repair", "Electrician", "Home electrician"];
/** No pest control in the directory: the nearest are the cleaners. */
const PESTS = ["House cleaning", "Office cleaning", "Carpet cleaning"];
const CARS = ["Auto repair", "Car mechanic", "Auto electrician"];
const TYRES = ["Tire repair", "Auto repair", "Car mechanic"];
const DOCTOR = ["General doctor", "Cardiologist", "Heart specialist", "Eye doctor", "Pediatrician"];
const KIDS_DOCTOR = ["Pediatrician", "General doctor"];
const HEART = ["Cardiologist", "Heart specialist"];
const DENTIST = ["Dentist", "Orthodontist", "Cosmetic dentist"];
const LAWYER = ["Lawyer", "Family lawyer", "Criminal lawyer", "Real estate lawyer"];
const CRIMINAL_LAW = ["Criminal lawyer", "Lawyer"];
const DRIVER = ["Driver", "Private driver", "Taxi driver"];
const DELIVERY = ["Delivery driver", "Driver"];
const PHONE = ["Phone repair"];
const COMPUTER = ["Computer repair"];
const NETWORK = ["Network technician", "Computer repair"];
const PHYSICS = ["Physics tutor", "Teacher"];
const ARABIC_TEACHER = ["Arabic teacher", "Teacher"];
const KU_AR = ["Kurdish-Arabic translator", "Translator"];
const COOK = ["Cook", "Catering", "Home cook"];
const WEDDING_PHOTO = ["Wedding photographer", "Photographer", "Videographer"];
const HOUSE_CLEANING = ["House cleaning", "Carpet cleaning", "Office cleaning"];
const NANNY = ["Nanny", "Babysitter"];
const ELDERLY = ["Elderly caregiver"];
const INTERIOR = ["Interior designer", "Architect", "Engineer"];

export const ELEVENTH_HOLDOUT_QUERIES: readonly JudgedQuery[] = [
  // ——— Sorani: a Kurdish keyboard, an Arabic one, suffixes, symptoms ———
  ["ku", "سویچی ژوورەکە کار ناکات", ELECTRIC],
  ["ku", "ئاوەکە ساردە لە حەمامەکە", HEATER],
  ["ku", "سەلاجەکەمان ئاو دەدات", FRIDGE],
  ["ku", "منداڵەکەم ڕشانەوەی هەیە", KIDS_DOCTOR],
  ["ku", "دڵم ئازاری هەیە", HEART],
  ["ku", "ددانێکی کرمی هەیە", DENTIST],
  ["ku", "پارێزەر بۆ کێشەی دزی", CRIMINAL_LAW],
  ["ku", "شۆفێر بۆ گەیاندنی خواردن", DELIVERY],
  ["ku", "مامۆستای عەرەبی بۆ پۆلی شەش", ARABIC_TEACHER],
  ["ku", "وەرگێڕی کوردی بۆ عەرەبی", KU_AR],
  ["ku", "پاككردنه\u200cوه\u200cی ماڵ له\u200c ڕانیه\u200c", HOUSE_CLEANING],
  ["ku", "تایەکەم تەقیوە لە ڕێگا", TYRES],
  // ——— Iraqi Arabic: symptoms, qualifiers, trades the directory lacks, places ———
  ["ar", "السويج يضرب شرار", ELECTRIC],
  ["ar", "المي ما يوصل للطابق الثاني", PLUMBING],
  ["ar", "السبلت ما يشتغل بالريموت", AC],
  ["ar", "الثلاجة ما تطفي", FRIDGE],
  ["ar", "بطني يوجعني من الصبح", DOCTOR],
  ["ar", "ابني حرارته ما تنزل", KIDS_DOCTOR],
  ["ar", "دكتور قلب بالسماوة", HEART],
  ["ar", "ضرسي مكسور", DENTIST],
  ["ar", "محامي دعاوى", LAWYER],
  ["ar", "سايق يوصلني للدوام كل يوم", DRIVER],
  ["ar", "الموبايل حار كلش", PHONE],
  ["ar", "الحاسبة ما تقرا الفلاشة", COMPUTER],
  ["ar", "الراوتر يقطع", NETWORK],
  ["ar", "مدرس فيزياء خصوصي بتكريت", PHYSICS],
  ["ar", "طبخ دولمة للعزيمة", COOK],
  ["ar", "تصوير زفاف بالبصرة", WEDDING_PHOTO],
  ["ar", "تنظيف بيت كامل", HOUSE_CLEANING],
  ["ar", "مربية للرضيع", NANNY],
  ["ar", "مرافق لجدتي بالمستشفى", ELDERLY],
  ["ar", "تصميم مطبخ", INTERIOR],
  ["ar", "الشاشة ما بيها صورة بس صوت", TV],
  ["ar", "البيت بي صراصر هواية", PESTS],
  // ——— Arabic and Kurdish in Latin letters ———
  ["ar-latin", "abi kahrabachi yjeeni el bait", ELECTRIC],
  ["ar-latin", "tayer mbanchar", TYRES],
  ["ku-latin", "doktor bo mndal la hawler", KIDS_DOCTOR],
  // ——— English ———
  ["en", "kitchen sink blocked", PLUMBING],
  ["en", "fridge freezer not freezing", FRIDGE],
  ["en", "chest pains and short of breath", HEART],
  ["en", "car making grinding noise when braking", CARS],
  // ——— slips ———
  ["typo", "سباك بلبصرة", PLUMBING],
  ["typo", "mechanik erbil", CARS],
  ["typo", "ddoctor baghdad", DOCTOR],
];
