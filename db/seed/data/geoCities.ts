/**
 * Reference points for "nearest known city" (SPEC §3 "Geo city") in the nine countries Dalil covers.
 * Iraq: the governorate capitals (region = governorate). Other countries: major cities, including
 * the ones with large Iraqi / Kurdish communities. Pure data.
 */
export interface GeoCitySeed {
  name: string;
  country: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  region: string;
}

export const COUNTRIES: { code: string; nameEn: string; nameAr: string; nameKu: string }[] = [
  { code: "IQ", nameEn: "Iraq", nameAr: "العراق", nameKu: "عێراق" },
  { code: "SA", nameEn: "Saudi Arabia", nameAr: "السعودية", nameKu: "سعوودیە" },
  { code: "DE", nameEn: "Germany", nameAr: "ألمانيا", nameKu: "ئەڵمانیا" },
  { code: "US", nameEn: "United States", nameAr: "الولايات المتحدة", nameKu: "ئەمریکا" },
  { code: "GB", nameEn: "United Kingdom", nameAr: "المملكة المتحدة", nameKu: "بەریتانیا" },
  { code: "FR", nameEn: "France", nameAr: "فرنسا", nameKu: "فەڕەنسا" },
  { code: "AE", nameEn: "United Arab Emirates", nameAr: "الإمارات العربية المتحدة", nameKu: "ئیمارات" },
  { code: "CA", nameEn: "Canada", nameAr: "كندا", nameKu: "کەنەدا" },
  { code: "AU", nameEn: "Australia", nameAr: "أستراليا", nameKu: "ئوسترالیا" },
];

type Row = [name: string, latitude: number, longitude: number, region: string];

const BY_COUNTRY: Record<string, Row[]> = {
  IQ: [
    ["Baghdad", 33.3152, 44.3661, "Baghdad"],
    ["Basra", 30.5085, 47.7804, "Basra"],
    ["Mosul", 36.34, 43.13, "Nineveh"],
    ["Erbil", 36.1912, 44.0092, "Erbil"],
    ["Sulaymaniyah", 35.557, 45.435, "Sulaymaniyah"],
    ["Duhok", 36.867, 42.988, "Duhok"],
    ["Kirkuk", 35.4681, 44.3922, "Kirkuk"],
    ["Najaf", 32.0003, 44.3353, "Najaf"],
    ["Karbala", 32.616, 44.0249, "Karbala"],
    ["Hillah", 32.4721, 44.4217, "Babil"],
    ["Baqubah", 33.75, 44.64, "Diyala"],
    ["Ramadi", 33.4258, 43.299, "Anbar"],
    ["Tikrit", 34.607, 43.678, "Salah al-Din"],
    ["Kut", 32.5128, 45.8182, "Wasit"],
    ["Amarah", 31.8356, 47.1448, "Maysan"],
    ["Nasiriyah", 31.058, 46.2573, "Dhi Qar"],
    ["Samawah", 31.3188, 45.2806, "Muthanna"],
    ["Diwaniyah", 31.99, 44.925, "Al-Qadisiyyah"],
    ["Halabja", 35.1778, 45.9861, "Halabja"],
  ],
  SA: [
    ["Riyadh", 24.7136, 46.6753, "Riyadh"],
    ["Jeddah", 21.4858, 39.1925, "Makkah"],
    ["Mecca", 21.3891, 39.8579, "Makkah"],
    ["Medina", 24.5247, 39.5692, "Madinah"],
    ["Dammam", 26.4207, 50.0888, "Eastern Province"],
    ["Khobar", 26.2172, 50.1971, "Eastern Province"],
    ["Tabuk", 28.3838, 36.555, "Tabuk"],
  ],
  DE: [
    ["Berlin", 52.52, 13.405, "Berlin"],
    ["Hamburg", 53.5511, 9.9937, "Hamburg"],
    ["Munich", 48.1351, 11.582, "Bavaria"],
    ["Cologne", 50.9375, 6.9603, "North Rhine-Westphalia"],
    ["Frankfurt", 50.1109, 8.6821, "Hesse"],
    ["Düsseldorf", 51.2277, 6.7735, "North Rhine-Westphalia"],
    ["Stuttgart", 48.7758, 9.1829, "Baden-Württemberg"],
    ["Hanover", 52.3759, 9.732, "Lower Saxony"],
  ],
  US: [
    ["New York", 40.7128, -74.006, "New York"],
    ["Los Angeles", 34.0522, -118.2437, "California"],
    ["Chicago", 41.8781, -87.6298, "Illinois"],
    ["Houston", 29.7604, -95.3698, "Texas"],
    ["Detroit", 42.3314, -83.0458, "Michigan"],
    ["Dearborn", 42.3223, -83.1763, "Michigan"],
    ["San Diego", 32.7157, -117.1611, "California"],
    ["Nashville", 36.1627, -86.7816, "Tennessee"],
  ],
  GB: [
    ["London", 51.5074, -0.1278, "England"],
    ["Manchester", 53.4808, -2.2426, "England"],
    ["Birmingham", 52.4862, -1.8904, "England"],
    ["Leeds", 53.8008, -1.5491, "England"],
    ["Glasgow", 55.8642, -4.2518, "Scotland"],
    ["Cardiff", 51.4816, -3.1791, "Wales"],
  ],
  FR: [
    ["Paris", 48.8566, 2.3522, "Île-de-France"],
    ["Marseille", 43.2965, 5.3698, "Provence-Alpes-Côte d'Azur"],
    ["Lyon", 45.764, 4.8357, "Auvergne-Rhône-Alpes"],
    ["Toulouse", 43.6047, 1.4442, "Occitanie"],
    ["Nice", 43.7102, 7.262, "Provence-Alpes-Côte d'Azur"],
    ["Strasbourg", 48.5734, 7.7521, "Grand Est"],
  ],
  AE: [
    ["Dubai", 25.2048, 55.2708, "Dubai"],
    ["Abu Dhabi", 24.4539, 54.3773, "Abu Dhabi"],
    ["Sharjah", 25.3463, 55.4209, "Sharjah"],
    ["Ajman", 25.4052, 55.5136, "Ajman"],
    ["Al Ain", 24.2075, 55.7447, "Abu Dhabi"],
    ["Ras Al Khaimah", 25.8007, 55.9762, "Ras Al Khaimah"],
  ],
  CA: [
    ["Toronto", 43.6532, -79.3832, "Ontario"],
    ["Montreal", 45.5017, -73.5673, "Quebec"],
    ["Vancouver", 49.2827, -123.1207, "British Columbia"],
    ["Calgary", 51.0447, -114.0719, "Alberta"],
    ["Ottawa", 45.4215, -75.6972, "Ontario"],
    ["Edmonton", 53.5461, -113.4938, "Alberta"],
  ],
  AU: [
    ["Sydney", -33.8688, 151.2093, "New South Wales"],
    ["Melbourne", -37.8136, 144.9631, "Victoria"],
    ["Brisbane", -27.4698, 153.0251, "Queensland"],
    ["Perth", -31.9505, 115.8605, "Western Australia"],
    ["Adelaide", -34.9285, 138.6007, "South Australia"],
    ["Canberra", -35.2809, 149.13, "Australian Capital Territory"],
  ],
};

export const GEO_CITIES: GeoCitySeed[] = COUNTRIES.flatMap((c) =>
  (BY_COUNTRY[c.code] ?? []).map(([name, latitude, longitude, region]) => ({
    name,
    country: c.nameEn,
    countryCode: c.code,
    latitude,
    longitude,
    region,
  })),
);
