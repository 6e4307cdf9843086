/**
 * The second holdout: 20 searches written on 2026-11-27 at 11:40 UTC, BEFORE this session ran any search or changed any
 * ranking, as people in Baghdad, Basra and Erbil type them: dialect, slips, Arabic written in Latin letters (with 7 for
 * ح), Sorani and Latin-script Kurdish, an emoji. They were written without reading the lexicon's word lists; two sit
 * near lines of the judged set written earlier ("shofer hawler", "plumbr in Karbala"), which was only noticed
 * afterwards and left as written.
 *
 * FROZEN, as holdoutQueries.ts is: nothing is tuned on it and no line is changed to fit a result. A miss found here
 * is copied into judgedQueries.ts and fixed there. Its figure is printed beside the first holdout's (npm test's
 * search ranking file, npm run bench:search), never asserted. The first holdout (74) was partly tuned on in later
 * sessions (ADR 053, 057); this one has not been.
 */
import type { JudgedQuery } from "./judgedQueries";

/** When these were written (before any result was seen). */
export const FRESH_HOLDOUT_WRITTEN = "2026-11-27";

const ELECTRIC = ["Electrician", "Home electrician", "Electrical engineer", "Generator technician", "Solar panel installer", "Auto electrician"];
const PLUMBING = ["Plumber", "Water heater repair", "Water tank installation"];
const AC = ["AC repair", "AC installation", "Air cooler repair"];
const FRIDGE = ["Refrigerator repair", "AC repair"];
const DOCTOR = ["General doctor", "Cardiologist", "Heart specialist", "Eye doctor", "Pediatrician"];
const DENTIST = ["Dentist", "Orthodontist", "Cosmetic dentist"];
const DRIVER = ["Driver", "Private driver", "Taxi driver", "Delivery driver"];
const TEACHER = ["English teacher", "Math tutor", "Physics tutor", "Arabic teacher", "Teacher"];
const LAWYER = ["Lawyer", "Family lawyer", "Criminal lawyer", "Real estate lawyer"];
const COOK = ["Cook", "Catering", "Home cook", "Baker"];
const NANNY = ["Nanny", "Babysitter", "Elderly caregiver"];
const PHOTO = ["Photographer", "Wedding photographer", "Videographer"];
const CLEANING = ["House cleaning", "Carpet cleaning", "Office cleaning"];
const DEVICES = ["Computer repair", "Phone repair", "Network technician", "Printer repair"];

export const FRESH_HOLDOUT_QUERIES: readonly JudgedQuery[] = [
  // ——— Iraqi Arabic ———
  ["ar", "ابي واحد يصلح المبردة 🥵", AC],
  ["ar", "الثلاجة ما تبرد", FRIDGE],
  ["ar", "اريد سباك بالمنصور ضروري", PLUMBING],
  ["ar", "الكهربا تطفي وتشتغل", ELECTRIC],
  ["ar", "عدنا عزيمة الجمعة نريد طباخ", COOK],
  ["ar", "مصور حفلة تخرج 📸", PHOTO],
  ["ar", "اريد مربية للطفل", NANNY],
  ["ar", "شقتي تحتاج تنظيف قبل السكن", CLEANING],
  // ——— Arabic in Latin letters ———
  ["ar-latin", "sabbak baghdad", PLUMBING],
  ["ar-latin", "kahrabaii karrada", ELECTRIC],
  ["ar-latin", "mu7ami basra", LAWYER],
  ["ar-latin", "doctor asnan erbil", DENTIST],
  // ——— English ———
  ["en", "need a taxi to basra airport 🚕", DRIVER],
  ["en", "fridge making noise", FRIDGE],
  ["en", "english tutor for my son", TEACHER],
  // ——— slips ———
  ["typo", "plumbr erbil", PLUMBING],
  ["typo", "كهربائى بالبصره", ELECTRIC],
  // ——— Sorani and Latin-script Kurdish ———
  ["ku", "وەستای کارەبا لە سلێمانی", ELECTRIC],
  ["ku", "منداڵەکەم تای هەیە", DOCTOR],
  ["ku-latin", "shofer bo hawler", DRIVER],
];
