/**
 * Specialties per category slug, in English / Arabic / Kurdish Sorani. The first entry of each list
 * is the category's generic specialty. Covers every specialty named in SPEC §1 (cardiologist, heart
 * specialist, electrical engineer, English teacher, plumber, AC repair, computer repair, house
 * cleaning, auto repair, dentist, general doctor, lawyer, driver, cook, nanny, translator,
 * photographer) plus the hero-search words (doctor, eye doctor, heart doctor, engineer, teacher…).
 * Pure data.
 */
export interface SpecialtySeed {
  en: string;
  ar: string;
  ku: string;
}

export const SPECIALTIES: Record<string, SpecialtySeed[]> = {
  doctors: [
    { en: "General doctor", ar: "طبيب عام", ku: "پزیشکی گشتی" },
    { en: "Cardiologist", ar: "طبيب قلب", ku: "پزیشکی دڵ" },
    { en: "Heart specialist", ar: "أخصائي أمراض القلب", ku: "پسپۆڕی دڵ" },
    { en: "Eye doctor", ar: "طبيب عيون", ku: "پزیشکی چاو" },
    { en: "Pediatrician", ar: "طبيب أطفال", ku: "پزیشکی منداڵان" },
  ],
  dentists: [
    { en: "Dentist", ar: "طبيب أسنان", ku: "پزیشکی ددان" },
    { en: "Orthodontist", ar: "أخصائي تقويم الأسنان", ku: "پسپۆڕی ڕێکخستنی ددان" },
    { en: "Cosmetic dentist", ar: "طبيب تجميل أسنان", ku: "پزیشکی جوانکاری ددان" },
  ],
  electricians: [
    { en: "Electrician", ar: "كهربائي", ku: "کارەباچی" },
    { en: "Home electrician", ar: "كهربائي منازل", ku: "کارەباچی ماڵان" },
    { en: "Electrical engineer", ar: "مهندس كهربائي", ku: "ئەندازیاری کارەبا" },
    { en: "Generator technician", ar: "فني مولدات", ku: "وەستای مۆلیدە" },
    { en: "Solar panel installer", ar: "فني منظومات طاقة شمسية", ku: "وەستای وزەی خۆر" },
  ],
  plumbers: [
    { en: "Plumber", ar: "سباك", ku: "بۆریچی" },
    { en: "Water heater repair", ar: "تصليح سخانات", ku: "چاککردنەوەی ئاوگەرمکەر" },
    { en: "Water tank installation", ar: "تركيب خزانات المياه", ku: "دانانی تانکی ئاو" },
  ],
  "ac-repair": [
    { en: "AC repair", ar: "تصليح مكيفات", ku: "چاککردنەوەی فێنککەرەوە" },
    { en: "AC installation", ar: "تركيب مكيفات", ku: "دانانی فێنککەرەوە" },
    { en: "Air cooler repair", ar: "تصليح مبردات هواء", ku: "چاککردنەوەی کوولەر" },
    { en: "Refrigerator repair", ar: "تصليح ثلاجات", ku: "چاککردنەوەی سەلاجە" },
  ],
  "computer-repair": [
    { en: "Computer repair", ar: "تصليح حاسبات", ku: "چاککردنەوەی کۆمپیوتەر" },
    { en: "Phone repair", ar: "تصليح موبايلات", ku: "چاککردنەوەی مۆبایل" },
    { en: "Network technician", ar: "فني شبكات", ku: "تەکنیکاری تۆڕ" },
    { en: "Printer repair", ar: "تصليح طابعات", ku: "چاککردنەوەی پرینتەر" },
  ],
  cleaning: [
    { en: "House cleaning", ar: "تنظيف منازل", ku: "پاککردنەوەی ماڵ" },
    { en: "Carpet cleaning", ar: "غسل سجاد", ku: "شوشتنی فەرش" },
    { en: "Office cleaning", ar: "تنظيف مكاتب", ku: "پاککردنەوەی نووسینگە" },
  ],
  "auto-repair": [
    { en: "Auto repair", ar: "تصليح سيارات", ku: "چاککردنەوەی ئۆتۆمبێل" },
    { en: "Car mechanic", ar: "ميكانيكي سيارات", ku: "میکانیکی ئۆتۆمبێل" },
    { en: "Auto electrician", ar: "كهربائي سيارات", ku: "کارەباچی ئۆتۆمبێل" },
    { en: "Tire repair", ar: "تصليح إطارات", ku: "چاککردنەوەی تایە" },
  ],
  drivers: [
    { en: "Driver", ar: "سائق", ku: "شۆفێر" },
    { en: "Private driver", ar: "سائق خاص", ku: "شۆفێری تایبەت" },
    { en: "Taxi driver", ar: "سائق تكسي", ku: "شۆفێری تەکسی" },
    { en: "Delivery driver", ar: "سائق توصيل", ku: "شۆفێری گەیاندن" },
    { en: "Furniture moving", ar: "نقل أثاث", ku: "گواستنەوەی کەلوپەل" },
  ],
  teachers: [
    { en: "English teacher", ar: "مدرس لغة إنجليزية", ku: "مامۆستای زمانی ئینگلیزی" },
    { en: "Math tutor", ar: "مدرس رياضيات", ku: "مامۆستای بیرکاری" },
    { en: "Physics tutor", ar: "مدرس فيزياء", ku: "مامۆستای فیزیا" },
    { en: "Arabic teacher", ar: "مدرس لغة عربية", ku: "مامۆستای زمانی عەرەبی" },
    { en: "Teacher", ar: "مدرس", ku: "مامۆستا" },
  ],
  lawyers: [
    { en: "Lawyer", ar: "محامي", ku: "پارێزەر" },
    { en: "Family lawyer", ar: "محامي أحوال شخصية", ku: "پارێزەری باری کەسی" },
    { en: "Criminal lawyer", ar: "محامي جنائي", ku: "پارێزەری تاوانکاری" },
    { en: "Real estate lawyer", ar: "محامي عقارات", ku: "پارێزەری خانووبەرە" },
  ],
  cooks: [
    { en: "Cook", ar: "طباخ", ku: "چێشتلێنەر" },
    { en: "Catering", ar: "تجهيز ولائم", ku: "ئامادەکردنی خواردنی بۆنە" },
    { en: "Home cook", ar: "طبخ منزلي", ku: "چێشتلێنەری ماڵەوە" },
    { en: "Baker", ar: "خباز", ku: "نانەوا" },
  ],
  nannies: [
    { en: "Nanny", ar: "مربية أطفال", ku: "دایەن" },
    { en: "Babysitter", ar: "جليسة أطفال", ku: "چاودێری منداڵ" },
    { en: "Elderly caregiver", ar: "مرافق كبار السن", ku: "چاودێری بەساڵاچووان" },
  ],
  translators: [
    { en: "Translator", ar: "مترجم", ku: "وەرگێڕ" },
    { en: "Sworn translator", ar: "مترجم محلف", ku: "وەرگێڕی سوێندخوارد" },
    { en: "Kurdish-Arabic translator", ar: "مترجم كردي عربي", ku: "وەرگێڕی کوردی-عەرەبی" },
  ],
  photographers: [
    { en: "Photographer", ar: "مصور", ku: "وێنەگر" },
    { en: "Wedding photographer", ar: "مصور أعراس", ku: "وێنەگری زەماوەند" },
    { en: "Videographer", ar: "مصور فيديو", ku: "وێنەگری ڤیدیۆ" },
  ],
  engineers: [
    { en: "Civil engineer", ar: "مهندس مدني", ku: "ئەندازیاری شارستانی" },
    { en: "Architect", ar: "مهندس معماري", ku: "ئەندازیاری تەلارسازی" },
    { en: "Mechanical engineer", ar: "مهندس ميكانيكي", ku: "ئەندازیاری میکانیک" },
    { en: "Interior designer", ar: "مصمم ديكور داخلي", ku: "دیزاینەری ناوەوە" },
    { en: "Engineer", ar: "مهندس", ku: "ئەندازیار" },
  ],
};

/** Every specialty once, with its category slug (handy for dictionaries and search synonyms). */
export const ALL_SPECIALTIES: (SpecialtySeed & { categorySlug: string })[] = Object.entries(SPECIALTIES).flatMap(
  ([categorySlug, list]) => list.map((s) => ({ ...s, categorySlug })),
);
