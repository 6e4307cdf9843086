/**
 * The eighth holdout: 44 searches written on 2026-11-29 at about 16:15 UTC, in this file, after the work on the sixth
 * holdout's misses (ADR 098) and BEFORE any of them was run through any search or reader: a figure of that work on
 * searches it never saw. Written as people in Baghdad, Najaf, Kirkuk, Erbil, Duhok and Sulaymaniyah type: Iraqi Arabic
 * with its slips, Sorani on a Kurdish keyboard and on an Arabic one, Arabic and Kurdish in Latin letters, English. The
 * classes are the issue's: a symptom for a person or a thing, a qualifier that names the narrower trade, a trade the
 * directory lacks (right answers are its nearest trades, ADR 082), Sorani suffixes, Arabizi, places, slips.
 *
 * FROZEN: nothing is tuned on it and no line is changed to fit a result. A miss found here is copied into
 * judgedQueries.ts, in other words, and fixed there. Its figure is printed beside the other holdouts (npm run
 * bench:search), never asserted. Only bench/search.mjs reads it (and sends it to the bench route), so the Worker does
 * not bundle it.
 */
import type { JudgedQuery } from "./judgedQueries";

/** When these were written (before any result was seen). */
export const EIGHTH_HOLDOUT_WRITTEN = "2026-11-29";

const ELECTRIC = ["Electrician", "Home electrician", "Electrical engineer", "Generator technician", "Solar panel installer"];
const GENERATOR = ["Generator technician", "Electrician", "Home electrician"];
const PLUMBING = ["Plumber", "Water heater repair", "Water tank installation"];
const TANK = ["Water tank installation", "Plumber"];
const AC = ["AC repair", "AC installation"];
const AC_INSTALL = ["AC installation", "AC repair"];
const FRIDGE = ["Refrigerator repair", "AC repair"];
/** No washing-machine repairer in the directory: the nearest trades repair home appliances. */
const APPLIANCES = ["Refrigerator repair", "AC repair", "Air cooler repair"];
const CARS = ["Auto repair", "Car mechanic", "Auto electrician"];
const CAR_ELECTRIC = ["Auto electrician", "Auto repair", "Car mechanic"];
const DOCTOR = ["General doctor", "Cardiologist", "Heart specialist", "Eye doctor", "Pediatrician"];
const KIDS_DOCTOR = ["Pediatrician", "General doctor"];
const EYE = ["Eye doctor"];
const DENTIST = ["Dentist", "Orthodontist", "Cosmetic dentist"];
const COSMETIC_DENTIST = ["Cosmetic dentist", "Dentist"];
const LAWYER = ["Lawyer", "Family lawyer", "Criminal lawyer", "Real estate lawyer"];
const FAMILY_LAW = ["Family lawyer"];
const CRIMINAL_LAW = ["Criminal lawyer", "Lawyer"];
const PRIVATE_DRIVER = ["Private driver", "Driver"];
const TAXI = ["Taxi driver", "Driver", "Private driver"];
const MOVING = ["Furniture moving", "Delivery driver", "Driver"];
const PHONE = ["Phone repair"];
const COMPUTER = ["Computer repair"];
const NETWORK = ["Network technician", "Computer repair"];
const PHYSICS = ["Physics tutor", "Teacher"];
const ENGLISH_TEACHER = ["English teacher"];
const TRANSLATOR = ["Translator", "Sworn translator", "Kurdish-Arabic translator"];
const HOME_COOK = ["Home cook", "Cook", "Catering"];
const PHOTO = ["Photographer", "Wedding photographer", "Videographer"];
const HOUSE_CLEANING = ["House cleaning", "Carpet cleaning", "Office cleaning"];
const NANNY = ["Nanny", "Babysitter"];
const ELDERLY = ["Elderly caregiver"];
const INTERIOR = ["Interior designer", "Architect", "Engineer"];
const MECH_ENGINEER = ["Mechanical engineer", "Engineer"];

export const EIGHTH_HOLDOUT_QUERIES: readonly JudgedQuery[] = [
  // ——— Sorani: a Kurdish keyboard, an Arabic one, suffixes, symptoms ———
  ["ku", "گڵۆپی ژوورەکەم ناسووتێت", ELECTRIC],
  ["ku", "تانکی ئاوەکەمان دەتکێت", TANK],
  ["ku", "سپلیتێکی نوێ دابنێت", AC_INSTALL],
  ["ku", "سەلاجەکەمان دەنگ دەکات", FRIDGE],
  ["ku", "ددانەکانم سپی بکاتەوە", COSMETIC_DENTIST],
  ["ku", "چاوەکانم سوور بوون", EYE],
  ["ku", "پارێزەرێکی باش لە کەرکووک", LAWYER],
  ["ku", "شۆفێری تایبەت بۆ گەشت", PRIVATE_DRIVER],
  ["ku", "ئینتەرنێتی ماڵەوە نایەت", NETWORK],
  ["ku", "مۆلیده\u200cكه\u200cمان ئیش ناكات", GENERATOR],
  ["ku", "دايه\u200cنێك بۆ كوڕه\u200cكه\u200cم", NANNY],
  ["ku", "وەرگێڕان لە ئینگلیزییەوە بۆ کوردی", TRANSLATOR],
  // ——— Iraqi Arabic: symptoms, qualifiers, trades the directory lacks, places ———
  ["ar", "الحنفية تنقط طول الليل", PLUMBING],
  ["ar", "المكيف يطلع صوت عالي", AC],
  ["ar", "الثلاجة تسوي ثلج هواية", FRIDGE],
  ["ar", "الكهرباء تضرب بالحمام", ELECTRIC],
  ["ar", "بنتي عندها اسهال", KIDS_DOCTOR],
  ["ar", "عندي دوخة وصداع", DOCTOR],
  ["ar", "تبييض اسنان بالنجف", COSMETIC_DENTIST],
  ["ar", "محامي قضية سرقة", CRIMINAL_LAW],
  ["ar", "محامية للطلاق", FAMILY_LAW],
  ["ar", "تكسي من الكرادة للمطار", TAXI],
  ["ar", "نقل غراض البيت للبصرة", MOVING],
  ["ar", "الشاشة مال الموبايل مكسورة", PHONE],
  ["ar", "الكمبيوتر فيه فايروس", COMPUTER],
  ["ar", "مدرس فيزياء للسادس العلمي", PHYSICS],
  ["ar", "طبخ بيتي للموظفين", HOME_COOK],
  ["ar", "تصوير حفلة عيد ميلاد", PHOTO],
  ["ar", "تنظيف بيت بعد الصبغ", HOUSE_CLEANING],
  ["ar", "واحد يكعد ويه ابوي الكبير", ELDERLY],
  ["ar", "ديكور صالة", INTERIOR],
  ["ar", "الغسالة تطلع صوت وتهتز", APPLIANCES],
  // ——— Arabic and Kurdish in Latin letters ———
  ["ar-latin", "abi sabbak yesala7 el 7anafiya", PLUMBING],
  ["ar-latin", "sayyarti ma tishtighil", CARS],
  ["ar-latin", "doctor 3uyoon bl mosul", EYE],
  ["ku-latin", "mamostay inglizi bo mndalakam", ENGLISH_TEACHER],
  // ——— English ———
  ["en", "aircon making loud noise", AC],
  ["en", "my car lights stopped working", CAR_ELECTRIC],
  ["en", "home cooked food delivery daily", HOME_COOK],
  ["en", "mechanical engineer for a factory", MECH_ENGINEER],
  ["en", "babysitter for tonight", NANNY],
  // ——— slips ———
  ["typo", "كهربجى بالحله", ELECTRIC],
  ["typo", "plumbr najaf", PLUMBING],
  ["typo", "dentest erbil", DENTIST],
];
