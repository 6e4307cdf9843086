import { ADS, CATEGORIES, GEO_CITIES, IRAQI_CITIES, generateProviders } from "./data";
import { providerSearchText } from "../../domain/search/searchText";
import { insertRows, sqlLiteral } from "./sql";

/** Demo accounts the README prints. Passwords are for local demos only. */
export const DEMO_ACCOUNTS = {
  admin: { phone: "+9647700000001", password: "dalil-admin-demo", name: "Dalil Admin" },
  customer: { phone: "+9647700000002", password: "dalil-customer-demo", name: "Sara Customer" },
  provider: { phone: "+9647700000003", password: "dalil-provider-demo", name: "Ali Provider" },
} as const;

export interface SeedOptions {
  providers: number;
  seed?: number;
  /** PBKDF2 hashes for the three demo accounts (hashing is async; the caller does it) */
  passwordHashes?: { admin: string; customer: string; provider: string };
}

/**
 * Everything a fresh Dalil database holds for a demo, as SQL statements (one per line), so the same
 * data goes in through `wrangler d1 execute --file` (npm start) and through D1 batches (tests).
 */
export function buildSeedStatements(opts: SeedOptions): string[] {
  const stmts: string[] = [];
  const categoryId = new Map(CATEGORIES.map((c, i) => [c.slug, i + 1]));
  const categoryById = new Map(CATEGORIES.map((c) => [c.slug, c]));
  const city = new Map(IRAQI_CITIES.map((c, i) => [c.slug, { id: i + 1, ...c }]));

  stmts.push(
    ...insertRows(
      "categories",
      CATEGORIES.map((c, i) => ({ id: i + 1, slug: c.slug, name: c.name, name_ar: c.nameAr, name_ku: c.nameKu, icon: c.icon, color: c.color, sort_order: i })),
    ),
  );
  stmts.push(
    ...insertRows(
      "cities",
      IRAQI_CITIES.map((c, i) => ({
        id: i + 1,
        slug: c.slug,
        name_en: c.nameEn,
        name_ar: c.nameAr,
        name_ku: c.nameKu,
        governorate: c.governorate,
        country_code: "IQ",
        latitude: c.latitude,
        longitude: c.longitude,
      })),
    ),
  );
  stmts.push(
    ...insertRows(
      "geo_cities",
      GEO_CITIES.map((g) => ({ name: g.name, country: g.country, country_code: g.countryCode, latitude: g.latitude, longitude: g.longitude, region: g.region })),
    ),
  );

  const providers = generateProviders(opts.providers, opts.seed ?? 42);
  // what the search index reads (ADR 006): the same function every provider writer calls
  const searchTextOf = (p: (typeof providers)[number], name = p.name, nameOther = p.nameOther) => {
    const c = city.get(p.citySlug);
    return providerSearchText({
      name,
      nameOther,
      specialty: p.specialty,
      specialtyAr: p.specialtyAr,
      specialtyKu: p.specialtyKu,
      location: p.location,
      description: p.description,
      city: c?.nameEn ?? p.citySlug,
      category: categoryById.get(p.categorySlug) ?? null,
      cityLabels: c ?? null,
    });
  };
  stmts.push(
    ...insertRows(
      "service_providers",
      providers.map((p, i) => {
        const c = city.get(p.citySlug);
        return {
          id: i + 1,
          name: p.name,
          name_other: p.nameOther,
          specialty: p.specialty,
          specialty_ar: p.specialtyAr,
          specialty_ku: p.specialtyKu,
          category_id: categoryId.get(p.categorySlug) ?? 1,
          city: c?.nameEn ?? p.citySlug,
          city_id: c?.id ?? null,
          location: p.location,
          phone: p.phone,
          whatsapp: p.whatsapp,
          description: p.description,
          is_verified: p.isVerified,
          is_available: p.isAvailable,
          latitude: p.latitude,
          longitude: p.longitude,
          rating: p.rating,
          review_count: p.reviewCount,
          search_text: searchTextOf(p),
        };
      }),
    ),
  );

  stmts.push(
    ...insertRows(
      "sponsored_ads",
      ADS.map((a, i) => ({
        position: a.position,
        title: a.title,
        title_ar: a.titleAr,
        title_ku: a.titleKu,
        description: a.description,
        description_ar: a.descriptionAr,
        description_ku: a.descriptionKu,
        image_url: a.imageUrl,
        link_url: a.linkUrl,
        sponsor: a.sponsor,
        cta_text: a.ctaText,
        cta_text_ar: a.ctaTextAr,
        cta_text_ku: a.ctaTextKu,
        sort_order: i,
      })),
    ),
  );

  if (opts.passwordHashes) {
    const h = opts.passwordHashes;
    stmts.push(
      ...insertRows("users", [
        { phone: DEMO_ACCOUNTS.admin.phone, password_hash: h.admin, name: DEMO_ACCOUNTS.admin.name, user_type: "customer", is_admin: true, is_phone_verified: true },
        { phone: DEMO_ACCOUNTS.customer.phone, password_hash: h.customer, name: DEMO_ACCOUNTS.customer.name, user_type: "customer", is_admin: false, is_phone_verified: true },
        { phone: DEMO_ACCOUNTS.provider.phone, password_hash: h.provider, name: DEMO_ACCOUNTS.provider.name, user_type: "provider", is_admin: false, is_phone_verified: true },
      ]),
    );
    // the demo provider runs the first listing (renamed, so its search text is recomputed too)
    const first = providers[0];
    stmts.push(
      `UPDATE service_providers SET user_id = (SELECT id FROM users WHERE phone = '${DEMO_ACCOUNTS.provider.phone}'), name = '${DEMO_ACCOUNTS.provider.name}', name_other = NULL, phone = '${DEMO_ACCOUNTS.provider.phone}'${
        first ? `, search_text = ${sqlLiteral(searchTextOf(first, DEMO_ACCOUNTS.provider.name, null))}` : ""
      } WHERE id = 1;`,
    );
  }
  return stmts;
}
