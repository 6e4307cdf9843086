/**
 * Iraqi given names and family / tribal names (Arabic script + English transliteration) and business
 * name patterns per category, for generated demo providers. Kurdish names (`kurdish: true`) are
 * written with Sorani spelling in the `ar` field (Arabic script). Pure data.
 */
export interface NamePart {
  /** Arabic script (Sorani spelling for Kurdish names) */
  ar: string;
  /** English transliteration */
  en: string;
  /** a Kurdish name (used mostly in the Kurdistan Region) */
  kurdish?: boolean;
}

/**
 * A business name pattern. Placeholders: {given}, {family}, {city} (filled in the matching language).
 * `enFemale` / `arFemale` replace en / ar when the person is a woman (titles like الدكتورة).
 */
export interface BusinessPattern {
  en: string;
  ar: string;
  enFemale?: string;
  arFemale?: string;
}

const n = (ar: string, en: string): NamePart => ({ ar, en });
const k = (ar: string, en: string): NamePart => ({ ar, en, kurdish: true });

export const MALE_NAMES: NamePart[] = [
  n("أحمد", "Ahmed"), n("محمد", "Mohammed"), n("علي", "Ali"), n("حسين", "Hussein"), n("حسن", "Hassan"),
  n("عباس", "Abbas"), n("مصطفى", "Mustafa"), n("عمر", "Omar"), n("خالد", "Khalid"), n("يوسف", "Yousif"),
  n("إبراهيم", "Ibrahim"), n("كريم", "Kareem"), n("حيدر", "Haider"), n("مرتضى", "Murtadha"), n("سجاد", "Sajjad"),
  n("زيد", "Zaid"), n("رعد", "Raad"), n("سعد", "Saad"), n("فاضل", "Fadhil"), n("جاسم", "Jasim"),
  n("قاسم", "Qasim"), n("كاظم", "Kadhim"), n("جعفر", "Jaafar"), n("صادق", "Sadiq"), n("ماجد", "Majid"),
  n("مهند", "Muhannad"), n("أيمن", "Ayman"), n("ياسر", "Yasir"), n("طارق", "Tariq"), n("وليد", "Waleed"),
  n("عادل", "Adel"), n("سامي", "Sami"), n("نبيل", "Nabil"), n("ضياء", "Dhiaa"), n("منتظر", "Muntadhar"),
  n("علاء", "Alaa"), n("عماد", "Imad"), n("باسم", "Basim"), n("صلاح", "Salah"), n("فراس", "Firas"),
  n("ليث", "Laith"), n("أنس", "Anas"), n("بلال", "Bilal"), n("حمزة", "Hamza"), n("سيف", "Saif"),
  n("عثمان", "Othman"), n("مهدي", "Mahdi"), n("رضا", "Ridha"), n("أمير", "Ameer"), n("نوري", "Nouri"),
  n("هشام", "Hisham"), n("وسام", "Wisam"), n("عقيل", "Aqeel"), n("أسامة", "Osama"), n("ثامر", "Thamer"),
  k("ئاراس", "Aras"), k("کاروان", "Karwan"), k("ڕێبوار", "Rebwar"), k("شوان", "Shwan"), k("دارا", "Dara"),
  k("هێمن", "Hemin"), k("شێرزاد", "Sherzad"), k("هاوکار", "Hawkar"), k("کاوە", "Kawa"), k("ئازاد", "Azad"),
  k("بەختیار", "Bakhtiyar"), k("دیار", "Diyar"), k("سەردار", "Sardar"), k("هەڵگورد", "Halgurd"),
];

export const FEMALE_NAMES: NamePart[] = [
  n("فاطمة", "Fatima"), n("زينب", "Zainab"), n("مريم", "Maryam"), n("نور", "Noor"), n("سارة", "Sara"),
  n("هدى", "Huda"), n("رنا", "Rana"), n("دعاء", "Duaa"), n("آية", "Aya"), n("زهراء", "Zahraa"),
  n("رقية", "Ruqaya"), n("شهد", "Shahad"), n("ريم", "Reem"), n("لينا", "Lina"), n("سماح", "Samah"),
  n("إيمان", "Iman"), n("هبة", "Hiba"), n("أسماء", "Asmaa"), n("رشا", "Rasha"), n("سجى", "Saja"),
  n("بان", "Ban"), n("ضحى", "Dhuha"), n("غدير", "Ghadeer"), n("مروة", "Marwa"), n("ميس", "Mais"),
  k("شیلان", "Shilan"), k("ڕۆژان", "Rozhan"), k("ئاڤین", "Avin"), k("ناز", "Naz"), k("هێرۆ", "Hero"),
  k("بەفرین", "Bafrin"), k("شنۆ", "Shno"), k("ژیلا", "Zhila"),
];

export const FAMILY_NAMES: NamePart[] = [
  n("الجبوري", "Al-Jubouri"), n("التميمي", "Al-Tamimi"), n("البياتي", "Al-Bayati"), n("الدليمي", "Al-Dulaimi"),
  n("الربيعي", "Al-Rubaie"), n("العبيدي", "Al-Obaidi"), n("الساعدي", "Al-Saedi"), n("الموسوي", "Al-Musawi"),
  n("الحسيني", "Al-Husseini"), n("الخفاجي", "Al-Khafaji"), n("الشمري", "Al-Shammari"), n("العزاوي", "Al-Azzawi"),
  n("الكعبي", "Al-Kaabi"), n("الزبيدي", "Al-Zubaidi"), n("الجنابي", "Al-Janabi"), n("العامري", "Al-Amiri"),
  n("الطائي", "Al-Taie"), n("الأسدي", "Al-Asadi"), n("الكناني", "Al-Kinani"), n("اللامي", "Al-Lami"),
  n("الفتلاوي", "Al-Fatlawi"), n("الحلي", "Al-Hilli"), n("البصري", "Al-Basri"), n("الموصلي", "Al-Mosuli"),
  n("البغدادي", "Al-Baghdadi"), n("النجفي", "Al-Najafi"), n("الكربلائي", "Al-Karbalai"), n("العنزي", "Al-Anazi"),
  n("الخزرجي", "Al-Khazraji"), n("الدراجي", "Al-Daraji"), n("السامرائي", "Al-Samarrai"), n("الراوي", "Al-Rawi"),
  n("العاني", "Al-Ani"), n("الهاشمي", "Al-Hashimi"), n("العكيلي", "Al-Ugaili"), n("الحمداني", "Al-Hamdani"),
  n("الشيباني", "Al-Shaibani"), n("الكبيسي", "Al-Kubaisi"), n("المحمداوي", "Al-Mohammedawi"), n("السعدي", "Al-Saadi"),
  k("بارزانی", "Barzani"), k("تاڵەبانی", "Talabani"), k("هەورامی", "Hawrami"), k("جاف", "Jaff"),
  k("زێباری", "Zebari"), k("دۆسکی", "Doski"), k("سۆرانی", "Sorani"), k("بابان", "Baban"),
  k("شوانی", "Shwani"), k("بەرواری", "Berwari"), k("هەرکی", "Harki"), k("پشدەری", "Pishdari"),
];

export const ARAB_MALE_NAMES = MALE_NAMES.filter((x) => !x.kurdish);
export const KURDISH_MALE_NAMES = MALE_NAMES.filter((x) => x.kurdish);
export const ARAB_FEMALE_NAMES = FEMALE_NAMES.filter((x) => !x.kurdish);
export const KURDISH_FEMALE_NAMES = FEMALE_NAMES.filter((x) => x.kurdish);
export const ARAB_FAMILY_NAMES = FAMILY_NAMES.filter((x) => !x.kurdish);
export const KURDISH_FAMILY_NAMES = FAMILY_NAMES.filter((x) => x.kurdish);

/** Business name patterns per category slug. */
export const BUSINESS_PATTERNS: Record<string, BusinessPattern[]> = {
  doctors: [
    { en: "Dr. {given} {family}", ar: "د. {given} {family}" },
    { en: "Dr. {given} {family} Clinic", ar: "عيادة الدكتور {given} {family}", arFemale: "عيادة الدكتورة {given} {family}" },
    { en: "{city} Medical Clinic", ar: "عيادة {city} الطبية" },
    { en: "Al-Shifa Medical Center", ar: "مركز الشفاء الطبي" },
  ],
  dentists: [
    { en: "Dr. {given} {family}", ar: "د. {given} {family}" },
    { en: "{family} Dental Clinic", ar: "عيادة {family} لطب الأسنان" },
    { en: "Bright Smile Dental {city}", ar: "مركز الابتسامة لطب الأسنان - {city}" },
  ],
  electricians: [
    { en: "{family} Electric", ar: "كهربائيات {family}" },
    { en: "{given} Electrical Services", ar: "خدمات {given} الكهربائية" },
    { en: "Al-Noor Electric {city}", ar: "كهرباء النور - {city}" },
  ],
  plumbers: [
    { en: "{family} Plumbing", ar: "سباكة {family}" },
    { en: "Abu {given} Plumbing", ar: "أبو {given} للسباكة" },
    { en: "{city} Plumbing & Sanitary", ar: "{city} للسباكة والأدوات الصحية" },
  ],
  "ac-repair": [
    { en: "{given} AC Center", ar: "مركز {given} لتصليح المكيفات" },
    { en: "{city} Cooling", ar: "تبريد {city}" },
    { en: "Al-Rafidain AC Services", ar: "الرافدين لخدمات التبريد والتكييف" },
    { en: "{family} Air Conditioning", ar: "{family} للتبريد والتكييف" },
  ],
  "computer-repair": [
    { en: "{given} Mobile & Computer", ar: "{given} موبايل وكمبيوتر" },
    { en: "{family} Tech", ar: "تقنيات {family}" },
    { en: "Smart Fix {city}", ar: "سمارت فكس - {city}" },
  ],
  cleaning: [
    { en: "{family} Cleaning Services", ar: "{family} لخدمات التنظيف" },
    { en: "Sparkle Home {city}", ar: "لمعة البيت - {city}" },
    { en: "Clean House {city}", ar: "البيت النظيف - {city}" },
  ],
  "auto-repair": [
    { en: "{given} Auto Workshop", ar: "ورشة {given} لتصليح السيارات" },
    { en: "Abu {given} Garage", ar: "كراج أبو {given}" },
    { en: "{family} Auto Electric", ar: "كهرباء سيارات {family}" },
  ],
  drivers: [
    { en: "{given} Transport", ar: "نقليات {given}" },
    { en: "{city} Express Delivery", ar: "توصيل {city} السريع" },
  ],
  teachers: [
    { en: "Mr. {given} {family}", ar: "الأستاذ {given} {family}", enFemale: "Ms. {given} {family}", arFemale: "الست {given} {family}" },
    { en: "{family} Tutoring Center", ar: "معهد {family} للتدريس الخصوصي" },
    { en: "{city} Language Institute", ar: "معهد {city} للغات" },
  ],
  lawyers: [
    { en: "Attorney {given} {family}", ar: "المحامي {given} {family}", arFemale: "المحامية {given} {family}" },
    { en: "{family} Law Office", ar: "مكتب {family} للمحاماة" },
  ],
  cooks: [
    { en: "{given}'s Kitchen", ar: "مطبخ {given}" },
    { en: "{family} Catering", ar: "{family} لتجهيز الولائم" },
    { en: "{city} Feasts", ar: "ولائم {city}" },
  ],
  nannies: [
    { en: "Little Stars Childcare {city}", ar: "النجوم الصغيرة لرعاية الأطفال - {city}" },
    { en: "Happy Kids Care", ar: "رعاية الأطفال السعداء" },
  ],
  translators: [
    { en: "{family} Translation Office", ar: "مكتب {family} للترجمة" },
    { en: "{given} Certified Translation", ar: "{given} للترجمة المعتمدة" },
  ],
  photographers: [
    { en: "{given} Studio", ar: "ستوديو {given}" },
    { en: "{family} Photography", ar: "{family} للتصوير" },
    { en: "Lens {city}", ar: "عدسة {city}" },
  ],
  engineers: [
    { en: "Eng. {given} {family}", ar: "المهندس {given} {family}", arFemale: "المهندسة {given} {family}" },
    { en: "{family} Engineering Consultancy", ar: "{family} للاستشارات الهندسية" },
    { en: "{city} Design Studio", ar: "{city} للتصميم الهندسي" },
  ],
};
