/**
 * Listings some judged lines need that the generated seed does not hold: a specialty no trade of the lexicon names,
 * written by its owner in three languages. The judged test and the bench's judged route add them before judging and
 * remove them after, so a judged line can ask that such a listing's own specialty, typed word for word, finds it
 * («ترميم ثريات» is a chandelier restorer's, not an electrician's problem).
 */
import { providerSearchText } from "../../domain/search/searchText";

export interface JudgedListing {
  name: string;
  nameOther: string;
  specialty: string;
  specialtyAr: string;
  specialtyKu: string;
  category: string;
  city: string;
  location: string;
  description: string;
  phone: string;
}

export const JUDGED_LISTINGS: readonly JudgedListing[] = [
  {
    name: "Dar Al-Billor",
    nameOther: "دار البلور",
    specialty: "Chandelier restorer",
    specialtyAr: "ترميم ثريات",
    specialtyKu: "نۆژەنکردنەوەی چڵچرا",
    // a trade no one else in the seed is related to: the listing sits in a category of its own kind of work
    category: "engineers",
    city: "baghdad",
    location: "Shorja",
    description: "Antique crystal and brass pieces restored and polished by hand.",
    phone: "+9647700003701",
  },
];

/** Adds the judged listings to `db` (their search text as every writer writes it); returns their ids. */
export async function addJudgedListings(db: D1Database, listings: readonly JudgedListing[] = JUDGED_LISTINGS): Promise<number[]> {
  const ids: number[] = [];
  for (const l of listings) {
    const category = await db.prepare("SELECT id, name, name_ar AS nameAr, name_ku AS nameKu FROM categories WHERE slug = ?").bind(l.category).first<{ id: number; name: string; nameAr: string; nameKu: string }>();
    const city = await db.prepare("SELECT id, name_en AS nameEn, name_ar AS nameAr, name_ku AS nameKu, latitude, longitude FROM cities WHERE slug = ?").bind(l.city).first<{ id: number; nameEn: string; nameAr: string; nameKu: string; latitude: number | null; longitude: number | null }>();
    if (!category || !city) throw new Error(`judged listing ${l.name}: no category ${l.category} or city ${l.city}`);
    const searchText = providerSearchText({ ...l, city: city.nameEn, category, cityLabels: city });
    const row = await db
      .prepare(
        "INSERT INTO service_providers (name, name_other, specialty, specialty_ar, specialty_ku, category_id, city, city_id, location, phone, description, latitude, longitude, search_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
      )
      .bind(l.name, l.nameOther, l.specialty, l.specialtyAr, l.specialtyKu, category.id, city.nameEn, city.id, l.location, l.phone, l.description, city.latitude, city.longitude, searchText)
      .first<{ id: number }>();
    ids.push(row!.id);
  }
  return ids;
}

/** Removes what `addJudgedListings` added. */
export async function removeJudgedListings(db: D1Database, ids: readonly number[]): Promise<void> {
  for (const id of ids) await db.prepare("DELETE FROM service_providers WHERE id = ?").bind(id).run();
}
