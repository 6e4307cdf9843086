/**
 * Places as people name them (the bot walk's leftovers): the districts the directory lists inside a city, the
 * neighbourhoods it does not list, and the spellings of its places people write without the article. The readers
 * (`indexFor`, domain/understand/botIndex.ts) read each as a place word of its city, and the search takes a district of
 * a city together with the city, measured from the district: «ابي كهربجي بالكرادة» is an electrician in Baghdad, near
 * Karrada, never "nothing in Karrada yet". Pure data: keyed by the directory's city slugs (db/seed/data/cities.ts).
 */

/** The directory's districts inside a city (the city's own parts, not the towns of its governorate): slug → its districts. */
export const CITY_DISTRICTS: Readonly<Record<string, readonly string[]>> = {
  baghdad: ["sadr-city", "kadhimiya", "adhamiya", "mansour", "karrada", "zayouna", "dora", "jadriya", "yarmouk"],
};

/**
 * Neighbourhoods and streets the directory does not list, read as their city, in the three scripts people write them
 * (English and Latin-script Kurdish, Arabic, Sorani). A name that is also a common word or a person's name is left out.
 */
export const NEIGHBOURHOODS: Readonly<Record<string, { en: readonly string[]; ar: readonly string[]; ku: readonly string[] }>> = {
  baghdad: {
    en: ["harthiya", "harthia", "al harthiya", "bayaa", "al bayaa", "ghazaliya", "ghazaliyah", "amiriya", "amiriyah", "saydiya", "arasat", "palestine street", "shorja"],
    ar: ["الحارثية", "حارثية", "البياع", "الغزالية", "العامرية", "السيدية", "العرصات", "شارع فلسطين", "الشورجة"],
    ku: ["حارسیە", "حارسییە", "بەیاع", "غەزالییە", "عامرییە", "شۆرجە"],
  },
  basra: {
    en: ["ashar", "al ashar", "jazair street", "al jazair street", "jubaila", "tannuma", "tanuma", "hayyaniya"],
    ar: ["العشار", "عشار", "شارع الجزائر", "الجبيلة", "التنومة", "الحيانية"],
    ku: ["عەشار", "شەقامی جەزائیر", "تەنوومە"],
  },
  erbil: {
    en: ["ankawa", "ainkawa", "einkawa", "ankawah"],
    ar: ["عنكاوة", "عينكاوة", "عنكاوا"],
    ku: ["عەنکاوە", "عەینکاوە"],
  },
};

/**
 * The directory's places as people also write them: Arabic without the article («بصرة», «نجف»), where that form is
 * no other word («الدورة» without it is a course, «العمارة» a building, «الرمادي» grey: those are left out).
 */
export const OTHER_SPELLINGS: Readonly<Record<string, { en?: readonly string[]; ar?: readonly string[]; ku?: readonly string[] }>> = {
  basra: { ar: ["بصرة"] },
  najaf: { ar: ["نجف"] },
  mosul: { ar: ["موصل"] },
  karrada: { ar: ["كرادة"], en: ["karada"] },
  kadhimiya: { ar: ["كاظمية"] },
  adhamiya: { ar: ["اعظمية"] },
  nasiriyah: { ar: ["ناصرية"] },
  diwaniyah: { ar: ["ديوانية"] },
  samawah: { ar: ["سماوة"] },
  kufa: { ar: ["كوفة"] },
};

/** Every extra place word: [form, the place slug it names, its language]. */
export const PLACE_WORDS: readonly (readonly [string, string, "en" | "ar" | "ku"])[] = [
  ...Object.entries(NEIGHBOURHOODS).flatMap(([slug, f]) => (["en", "ar", "ku"] as const).flatMap((lang) => f[lang].map((w) => [w, slug, lang] as const))),
  ...Object.entries(OTHER_SPELLINGS).flatMap(([slug, f]) => (["en", "ar", "ku"] as const).flatMap((lang) => (f[lang] ?? []).map((w) => [w, slug, lang] as const))),
];

/** The city a district belongs to (Karrada → Baghdad), or undefined for a city or a town of its own. */
export function cityOfDistrict(slug: string): string | undefined {
  for (const [city, districts] of Object.entries(CITY_DISTRICTS)) if (districts.includes(slug)) return city;
  return undefined;
}
