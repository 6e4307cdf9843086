/**
 * Iraqi cities and districts offered in every city selector ("City option" in SPEC §3).
 * Names in English, Arabic and Kurdish Sorani (Arabic script). Coordinates are city / district
 * centres, WGS84, 4 decimals. `governorate` is the English governorate name.
 * Pure data: no imports, safe in workerd and node.
 */
export interface CitySeed {
  slug: string;
  nameEn: string;
  nameAr: string;
  nameKu: string;
  governorate: string;
  latitude: number;
  longitude: number;
}

type Row = [slug: string, nameEn: string, nameAr: string, nameKu: string, governorate: string, latitude: number, longitude: number];

const ROWS: Row[] = [
  // ── Governorate capitals (18 + Halabja) ─────────────────────────────────────────────
  ["baghdad", "Baghdad", "بغداد", "بەغدا", "Baghdad", 33.3152, 44.3661],
  ["basra", "Basra", "البصرة", "بەسرە", "Basra", 30.5085, 47.7804],
  ["erbil", "Erbil", "أربيل", "هەولێر", "Erbil", 36.1912, 44.0092],
  ["sulaymaniyah", "Sulaymaniyah", "السليمانية", "سلێمانی", "Sulaymaniyah", 35.5570, 45.4350],
  ["kirkuk", "Kirkuk", "كركوك", "کەرکووک", "Kirkuk", 35.4681, 44.3922],
  ["najaf", "Najaf", "النجف", "نەجەف", "Najaf", 32.0003, 44.3353],
  ["karbala", "Karbala", "كربلاء", "کەربەلا", "Karbala", 32.6160, 44.0249],
  ["mosul", "Mosul", "الموصل", "مووسڵ", "Nineveh", 36.3400, 43.1300],
  ["duhok", "Duhok", "دهوك", "دهۆک", "Duhok", 36.8670, 42.9880],
  ["halabja", "Halabja", "حلبجة", "هەڵەبجە", "Halabja", 35.1778, 45.9861],
  ["hillah", "Hillah", "الحلة", "حیللە", "Babil", 32.4721, 44.4217],
  ["baqubah", "Baqubah", "بعقوبة", "بەعقووبە", "Diyala", 33.7500, 44.6400],
  ["ramadi", "Ramadi", "الرمادي", "ڕەمادی", "Anbar", 33.4258, 43.2990],
  ["tikrit", "Tikrit", "تكريت", "تکریت", "Salah al-Din", 34.6070, 43.6780],
  ["kut", "Kut", "الكوت", "کووت", "Wasit", 32.5128, 45.8182],
  ["amarah", "Amarah", "العمارة", "عەمارە", "Maysan", 31.8356, 47.1448],
  ["nasiriyah", "Nasiriyah", "الناصرية", "ناسریە", "Dhi Qar", 31.0580, 46.2573],
  ["samawah", "Samawah", "السماوة", "سەماوە", "Muthanna", 31.3188, 45.2806],
  ["diwaniyah", "Diwaniyah", "الديوانية", "دیوانیە", "Al-Qadisiyyah", 31.9900, 44.9250],

  // ── Baghdad districts ───────────────────────────────────────────────────────────────
  ["sadr-city", "Sadr City", "مدينة الصدر", "شاری سەدر", "Baghdad", 33.3900, 44.4600],
  ["kadhimiya", "Kadhimiya", "الكاظمية", "کازمییە", "Baghdad", 33.3799, 44.3381],
  ["adhamiya", "Adhamiya", "الأعظمية", "ئەعزەمییە", "Baghdad", 33.3716, 44.3577],
  ["mansour", "Mansour", "المنصور", "مەنسوور", "Baghdad", 33.3120, 44.3380],
  ["karrada", "Karrada", "الكرادة", "کەرادە", "Baghdad", 33.3050, 44.4200],
  ["zayouna", "Zayouna", "زيونة", "زەیوونە", "Baghdad", 33.3290, 44.4530],
  ["dora", "Dora", "الدورة", "دۆرە", "Baghdad", 33.2530, 44.3950],
  ["jadriya", "Jadriya", "الجادرية", "جادرییە", "Baghdad", 33.2780, 44.3830],
  ["yarmouk", "Yarmouk", "اليرموك", "یەرموک", "Baghdad", 33.2990, 44.3430],
  ["abu-ghraib", "Abu Ghraib", "أبو غريب", "ئەبو غرێب", "Baghdad", 33.2920, 44.0650],
  ["mahmudiyah", "Mahmudiyah", "المحمودية", "مەحموودییە", "Baghdad", 33.0617, 44.3567],

  // ── Kurdistan Region districts ──────────────────────────────────────────────────────
  ["zakho", "Zakho", "زاخو", "زاخۆ", "Duhok", 37.1436, 42.6819],
  ["simele", "Simele", "سميل", "سێمێل", "Duhok", 36.8586, 42.8497],
  ["akre", "Akre", "عقرة", "ئاکرێ", "Duhok", 36.7414, 43.8931],
  ["amadiya", "Amadiya", "العمادية", "ئامێدی", "Duhok", 37.0922, 43.4872],
  ["soran", "Soran", "سوران", "سۆران", "Erbil", 36.6528, 44.5433],
  ["rawanduz", "Rawanduz", "راوندوز", "ڕەواندز", "Erbil", 36.6117, 44.5244],
  ["shaqlawa", "Shaqlawa", "شقلاوة", "شەقڵاوە", "Erbil", 36.4050, 44.3220],
  ["koya", "Koya", "كويسنجق", "کۆیە", "Erbil", 36.0829, 44.6283],
  ["makhmur", "Makhmur", "مخمور", "مەخموور", "Nineveh", 35.7761, 43.5797],
  ["ranya", "Ranya", "رانية", "ڕانیە", "Sulaymaniyah", 36.2550, 44.8828],
  ["qaladiza", "Qaladiza", "قلعة دزة", "قەڵادزێ", "Sulaymaniyah", 36.1847, 45.1250],
  ["dukan", "Dukan", "دوكان", "دوکان", "Sulaymaniyah", 35.9542, 44.9528],
  ["chamchamal", "Chamchamal", "جمجمال", "چەمچەماڵ", "Sulaymaniyah", 35.5333, 44.8333],
  ["kalar", "Kalar", "كلار", "کەلار", "Sulaymaniyah", 34.6295, 45.3222],
  ["darbandikhan", "Darbandikhan", "دربندخان", "دەربەندیخان", "Sulaymaniyah", 35.1136, 45.6939],
  ["penjwen", "Penjwen", "بنجوين", "پێنجوێن", "Sulaymaniyah", 35.6233, 45.9414],
  ["said-sadiq", "Said Sadiq", "سيد صادق", "سەیدسادق", "Sulaymaniyah", 35.3542, 45.8667],

  // ── Kirkuk, Diyala, Salah al-Din ────────────────────────────────────────────────────
  ["hawija", "Hawija", "الحويجة", "حەویجە", "Kirkuk", 35.3219, 43.7650],
  ["tuz-khurmatu", "Tuz Khurmatu", "طوز خورماتو", "دووزخورماتوو", "Salah al-Din", 34.8856, 44.6397],
  ["khanaqin", "Khanaqin", "خانقين", "خانەقین", "Diyala", 34.3483, 45.3828],
  ["muqdadiyah", "Muqdadiyah", "المقدادية", "موقدادییە", "Diyala", 33.9786, 44.9369],
  ["samarra", "Samarra", "سامراء", "سامەڕا", "Salah al-Din", 34.1983, 43.8742],
  ["baiji", "Baiji", "بيجي", "بێجی", "Salah al-Din", 34.9292, 43.4931],
  ["balad", "Balad", "بلد", "بەلەد", "Salah al-Din", 34.0164, 44.1453],

  // ── Nineveh ─────────────────────────────────────────────────────────────────────────
  ["tal-afar", "Tal Afar", "تلعفر", "تەلەعفەر", "Nineveh", 36.3792, 42.4497],
  ["sinjar", "Sinjar", "سنجار", "شنگال", "Nineveh", 36.3209, 41.8765],
  ["qaraqosh", "Qaraqosh", "قرقوش", "قەرەقۆش", "Nineveh", 36.2700, 43.3781],

  // ── Anbar ───────────────────────────────────────────────────────────────────────────
  ["fallujah", "Fallujah", "الفلوجة", "فەللووجە", "Anbar", 33.3500, 43.7833],
  ["hit", "Hit", "هيت", "هیت", "Anbar", 33.6417, 42.8269],
  ["haditha", "Haditha", "حديثة", "حەدیسە", "Anbar", 34.1397, 42.3783],
  ["al-qaim", "Al-Qa'im", "القائم", "قائیم", "Anbar", 34.3686, 41.0944],
  ["rutba", "Rutba", "الرطبة", "ڕوتبە", "Anbar", 33.0381, 40.2848],

  // ── Middle Euphrates ────────────────────────────────────────────────────────────────
  ["kufa", "Kufa", "الكوفة", "کووفە", "Najaf", 32.0347, 44.4014],
  ["musayyib", "Musayyib", "المسيب", "موسەیەب", "Babil", 32.7786, 44.2900],
  ["afak", "Afak", "عفك", "عەفەک", "Al-Qadisiyyah", 32.0642, 45.2475],
  ["rumaytha", "Rumaytha", "الرميثة", "ڕومەیسە", "Muthanna", 31.5231, 45.2047],

  // ── South ───────────────────────────────────────────────────────────────────────────
  ["zubair", "Zubair", "الزبير", "زوبەیر", "Basra", 30.3900, 47.7080],
  ["abu-al-khaseeb", "Abu Al-Khaseeb", "أبو الخصيب", "ئەبولخەسیب", "Basra", 30.4480, 47.9800],
  ["faw", "Faw", "الفاو", "فاو", "Basra", 29.9750, 48.4722],
  ["qurna", "Qurna", "القرنة", "قورنە", "Basra", 31.0158, 47.4306],
  ["umm-qasr", "Umm Qasr", "أم قصر", "ئوم قەسر", "Basra", 30.0363, 47.9195],
  ["shatra", "Shatra", "الشطرة", "شەترە", "Dhi Qar", 31.4097, 46.1717],
  ["suq-al-shuyukh", "Suq al-Shuyukh", "سوق الشيوخ", "سووق ئەلشیوخ", "Dhi Qar", 30.8856, 46.4664],
];

export const IRAQI_CITIES: CitySeed[] = ROWS.map(([slug, nameEn, nameAr, nameKu, governorate, latitude, longitude]) => ({
  slug,
  nameEn,
  nameAr,
  nameKu,
  governorate,
  latitude,
  longitude,
}));

/** Governorates of the Kurdistan Region (names there are mostly Kurdish). */
export const KURDISTAN_GOVERNORATES: readonly string[] = ["Erbil", "Sulaymaniyah", "Duhok", "Halabja"];
