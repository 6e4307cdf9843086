/**
 * Name searches across scripts, against the 80-listing test seed (db/seed, seed 42): what each must show on the first
 * page and what it must not. The test prints precision and recall over these judgements; the search bench prints how
 * many first-page results of the same queries are the name asked for on 100,000 listings. Add a line whenever a name
 * search is seen to go wrong.
 */
export interface NameQuery {
  q: string;
  /** listings (name or other-script name) that must be on the first page */
  must: string[];
  /** listings that must not be on it */
  mustNot: string[];
}

export const NAME_QUERIES: NameQuery[] = [
  // different names with the same consonants: kept apart by how they end (a vowel or not)
  { q: "Raad", must: [], mustNot: ["Ridha Al-Kubaisi", "أبو رضا للسباكة"] },
  { q: "رعد", must: [], mustNot: ["Ridha Al-Kubaisi", "أبو رضا للسباكة"] },
  { q: "Ridha", must: ["Ridha Al-Kubaisi", "أبو رضا للسباكة"], mustNot: [] },
  { q: "Rida", must: ["Ridha Al-Kubaisi", "أبو رضا للسباكة"], mustNot: [] },
  { q: "رضا", must: ["Ridha Al-Kubaisi", "أبو رضا للسباكة"], mustNot: [] },
  { q: "Mahdi", must: [], mustNot: ["مركز الشفاء الطبي", "مركز حسن لتصليح المكيفات", "مكتب الزبيدي للمحاماة"] },
  { q: "Shwan", must: ["Shwan Jaff", "شوان تاڵەبانی"], mustNot: ["شێرزاد شوانی"] },
  { q: "Kareem", must: ["كريم العزاوي", "Kareem Al-Hashimi"], mustNot: ["Karwan AC Center", "د. کاروان بابان"] },
  { q: "كريم", must: ["Kareem Al-Hashimi", "كريم العزاوي"], mustNot: ["Karwan AC Center", "د. کاروان بابان"] },
  { q: "Karwan", must: ["Karwan AC Center", "د. کاروان بابان"], mustNot: ["كريم العزاوي", "Kareem Al-Hashimi"] },
  { q: "کاروان", must: ["د. کاروان بابان", "Karwan AC Center"], mustNot: ["كريم العزاوي", "Kareem Al-Hashimi"] },
  { q: "Reem", must: ["ريم البغدادي", "ريم الحسيني"], mustNot: ["مريم الدراجي"] },
  { q: "Maryam", must: ["مريم الدراجي"], mustNot: ["ريم البغدادي", "ريم الحسيني"] },
  // the same name in the other script
  { q: "Hussein", must: ["Hussein Al-Hilli", "حسين التميمي", "د. حسين التميمي"], mustNot: [] },
  { q: "حسين", must: ["حسين التميمي", "د. حسين التميمي", "Hussein Al-Hilli"], mustNot: [] },
  { q: "Mustafa", must: ["Mustafa Al-Hashimi"], mustNot: [] },
  { q: "مصطفى", must: ["Mustafa Al-Hashimi"], mustNot: [] },
  { q: "Laith", must: ["Laith Al-Kinani", "ستوديو ليث"], mustNot: [] },
  { q: "ليث", must: ["Laith Al-Kinani", "ستوديو ليث"], mustNot: [] },
  { q: "Imad", must: ["Imad Al-Anazi", "عماد الموسوي"], mustNot: [] },
  { q: "عماد", must: ["عماد الموسوي", "Imad Al-Anazi"], mustNot: [] },
  { q: "Qasim", must: ["قاسم الساعدي"], mustNot: [] },
  { q: "Kasim", must: ["قاسم الساعدي"], mustNot: [] },
  { q: "Sami", must: ["سامي العاني"], mustNot: [] },
  { q: "Adel", must: ["Adel Al-Ani"], mustNot: [] },
  { q: "عادل", must: ["Adel Al-Ani"], mustNot: [] },
  { q: "Nabil", must: ["نبيل الفتلاوي"], mustNot: [] },
  { q: "Ahmed", must: ["Ahmed Al-Daraji"], mustNot: [] },
  { q: "أحمد", must: ["Ahmed Al-Daraji"], mustNot: [] },
  { q: "Dhiaa", must: ["Dhiaa Al-Najafi", "ضياء الراوي"], mustNot: [] },
  // (ضياء / Dhiaa keeps one consonant, too few for a key (ADR 006): the Latin-only listing is out of its reach)
  { q: "ضياء", must: ["ضياء الراوي"], mustNot: [] },
  { q: "Rebwar", must: ["Rebwar Barzani", "ڕێبوار زێباری"], mustNot: [] },
  { q: "ڕێبوار", must: ["ڕێبوار زێباری", "Rebwar Barzani"], mustNot: [] },
  { q: "Azad", must: ["ئازاد بەرواری"], mustNot: [] },
  { q: "Sardar", must: ["Sardar Berwari"], mustNot: [] },
  { q: "Marwa", must: ["مروة الأسدي", "عيادة الدكتورة مروة البغدادي"], mustNot: [] },
  { q: "Kadhim", must: ["كاظم الكعبي", "كاظم العنزي"], mustNot: [] },
  { q: "Lina", must: ["لينا الهاشمي", "لينا الحلي"], mustNot: [] },
  { q: "Tariq", must: ["طارق الأسدي"], mustNot: [] },
  { q: "Huda", must: ["هدى العاني"], mustNot: [] },
  // family names: every listing of the family, in either script
  { q: "Berwari", must: ["Naz Berwari", "Sardar Berwari", "Rozhan Berwari", "ئازاد بەرواری"], mustNot: [] },
  { q: "Talabani", must: ["دارا تاڵەبانی", "هێرۆ تاڵەبانی", "شوان تاڵەبانی", "Talabani Auto Electric"], mustNot: [] },
  { q: "Zebari", must: ["Zebari Tech", "ڕێبوار زێباری"], mustNot: [] },
  { q: "Hashimi", must: ["Mustafa Al-Hashimi", "Kareem Al-Hashimi", "لينا الهاشمي", "عباس الهاشمي", "تقنيات الهاشمي"], mustNot: [] },
  { q: "Tamimi", must: ["عيادة التميمي لطب الأسنان", "د. حسين التميمي", "حسين التميمي"], mustNot: [] },
];
