import { ADS, CATEGORIES, GEO_CITIES, IRAQI_CITIES, generateProviders } from "./data";
import { providerSearchText } from "../../domain/search/searchText";
import { insertRows, sqlLiteral, type SqlValue } from "./sql";
import { DEFAULT_PRICES } from "../../domain/payments/prices";

/** Demo accounts the README prints. Passwords are for local demos only. */
export const DEMO_ACCOUNTS = {
  admin: { phone: "+9647700000001", password: "dalil-admin-demo", name: "Dalil Admin" },
  customer: { phone: "+9647700000002", password: "dalil-customer-demo", name: "Sara Customer" },
  provider: {
    phone: "+9647700000003",
    password: "dalil-provider-demo",
    name: "Ali Provider",
    listingNameOther: "علي للخدمات",
  },
} as const;

/**
 * Listings on Dalil in the demo (ADR 052): each is owned by a provider account whose phone is proven, and the listing
 * carries that phone, so a newcomer's booking to one is answered (sign in as its owner, or play its number in the bot
 * console). One per trade and city below, the first such listing after the demo provider's; a pair the seed has no
 * listing for is skipped. All share one demo password.
 */
export const DEMO_OWNER_PASSWORD = "dalil-owner-demo";
export const DEMO_OWNERS = [
  { phone: "+9647700000011", category: "ac-repair", city: "baghdad" },
  { phone: "+9647700000012", category: "electricians", city: "baghdad" },
  { phone: "+9647700000013", category: "plumbers", city: "baghdad" },
  { phone: "+9647700000014", category: "auto-repair", city: "baghdad" },
  { phone: "+9647700000015", category: "ac-repair", city: "erbil" },
  { phone: "+9647700000016", category: "computer-repair", city: "erbil" },
  { phone: "+9647700000017", category: "teachers", city: "erbil" },
  { phone: "+9647700000018", category: "doctors", city: "basra" },
  { phone: "+9647700000019", category: "electricians", city: "basra" },
  { phone: "+9647700000020", category: "cleaning", city: "basra" },
] as const;

/** The listing each demo owner runs (its index in the generated list + 1), for `count` generated listings. */
export function demoOwnedListings(
  providers: { categorySlug: string; citySlug: string }[],
): { phone: string; providerId: number }[] {
  const out: { phone: string; providerId: number }[] = [];
  for (const o of DEMO_OWNERS) {
    const i = providers.findIndex((p, k) => k > 0 && p.categorySlug === o.category && p.citySlug === o.city);
    if (i > 0) out.push({ phone: o.phone, providerId: i + 1 });
  }
  return out;
}

export interface SeedOptions {
  providers: number;
  seed?: number;
  /** PBKDF2 hashes for the three demo accounts (hashing is async; the caller does it) */
  passwordHashes?: { admin: string; customer: string; provider: string; owner?: string };
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
      CATEGORIES.map((c, i) => ({
        id: i + 1,
        slug: c.slug,
        name: c.name,
        name_ar: c.nameAr,
        name_ku: c.nameKu,
        icon: c.icon,
        color: c.color,
        sort_order: i,
      })),
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
      GEO_CITIES.map((g) => ({
        name: g.name,
        country: g.country,
        country_code: g.countryCode,
        latitude: g.latitude,
        longitude: g.longitude,
        region: g.region,
      })),
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

  // each listing's description and address in the other languages, where the seed says the same thing in them (ADR 060)
  stmts.push(
    ...insertRows(
      "listing_texts",
      providers.flatMap((p, i) =>
        Object.entries(p.texts).flatMap(([lang, t]) => [
          ...(t.description && p.description
            ? [{ provider_id: i + 1, field: "description", lang, text: t.description, of_text: p.description }]
            : []),
          ...(t.location
            ? [{ provider_id: i + 1, field: "location", lang, text: t.location, of_text: p.location }]
            : []),
        ]),
      ),
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
        {
          phone: DEMO_ACCOUNTS.admin.phone,
          password_hash: h.admin,
          name: DEMO_ACCOUNTS.admin.name,
          user_type: "customer",
          is_admin: true,
          is_phone_verified: true,
        },
        {
          phone: DEMO_ACCOUNTS.customer.phone,
          password_hash: h.customer,
          name: DEMO_ACCOUNTS.customer.name,
          user_type: "customer",
          is_admin: false,
          is_phone_verified: true,
        },
        {
          phone: DEMO_ACCOUNTS.provider.phone,
          password_hash: h.provider,
          name: DEMO_ACCOUNTS.provider.name,
          user_type: "provider",
          is_admin: false,
          is_phone_verified: true,
        },
      ]),
    );
    // the demo provider runs the first listing (renamed in both scripts, so an Arabic or Kurdish reader sees it in
    // theirs, and its search text is recomputed too)
    const first = providers[0];
    const { name, listingNameOther } = DEMO_ACCOUNTS.provider;
    const searchText = first ? `, search_text = ${sqlLiteral(searchTextOf(first, name, listingNameOther))}` : "";
    stmts.push(
      `UPDATE service_providers SET user_id = (SELECT id FROM users WHERE phone = '${DEMO_ACCOUNTS.provider.phone}'),
        name = '${DEMO_ACCOUNTS.provider.name}', name_other = ${sqlLiteral(DEMO_ACCOUNTS.provider.listingNameOther)},
        phone = '${DEMO_ACCOUNTS.provider.phone}'${searchText} WHERE id = 1;`,
    );
    // listings on Dalil: each owned by a provider account with a proven phone, which the listing carries
    if (h.owner) {
      const owned = demoOwnedListings(providers);
      stmts.push(
        ...insertRows(
          "users",
          owned.map((o) => ({
            phone: o.phone,
            password_hash: h.owner!,
            name: providers[o.providerId - 1]!.name,
            user_type: "provider",
            is_admin: false,
            is_phone_verified: true,
          })),
        ),
      );
      for (const o of owned)
        stmts.push(
          `UPDATE service_providers SET user_id = (SELECT id FROM users
            WHERE phone = '${o.phone}'), phone = '${o.phone}', whatsapp = '${o.phone}' WHERE id = ${o.providerId};`,
        );
    }
  }
  stmts.push(...seedReviews(providers));
  return stmts;
}

/** People who left the seeded reviews: real accounts (a password nobody has), so every review has its booking. */
export const SEED_REVIEWERS = [
  { phone: "+9647800000101", name: "Zainab Hadi", lang: "ar" },
  { phone: "+9647800000102", name: "Karwan Aziz", lang: "ku" },
  { phone: "+9647800000103", name: "Mustafa Kareem", lang: "ar" },
  { phone: "+9647800000104", name: "Shilan Omar", lang: "ku" },
  { phone: "+9647800000105", name: "Noor Salman", lang: "en" },
  { phone: "+9647800000106", name: "Haider Jabbar", lang: "ar" },
] as const;

const COMMENTS: Record<"ar" | "ku" | "en", string[]> = {
  ar: ["اجه بالوقت وشغله نظيف", "سعر مناسب وتعامل محترم", "خلص الشغل بسرعة، أنصح بيه", "ممتاز، رح أرجعله مرة ثانية"],
  ku: ["لە کاتی خۆیدا هات و کارەکەی باش کرد", "نرخی گونجاو و ڕەفتاری باش", "زۆر سوپاس، کارێکی پاک"],
  en: [
    "Came on time and did a clean job.",
    "Fair price, explained everything.",
    "Quick and careful, would book again.",
  ],
};

/**
 * The reviews the listings' figures come from: a listing's rating and count are what its reviews say, never numbers of
 * their own. Each listing but the demo provider's (which starts "New", so its dashboard and profile agree from the
 * first run) gets up to six completed bookings with a review each, whose ratings average to about the generated rating;
 * the listing's rating and count are then set from them.
 */
function seedReviews(providers: { rating: number; reviewCount: number; specialty: string }[]): string[] {
  const stmts = insertRows(
    "users",
    SEED_REVIEWERS.map((r) => ({
      phone: r.phone,
      password_hash: "!seed-reviewer-no-password",
      name: r.name,
      user_type: "customer",
      is_admin: false,
      is_phone_verified: true,
      language: r.lang,
    })),
  );
  const bookingRows: Record<string, SqlValue>[] = [];
  const reviewRows: Record<string, SqlValue>[] = [];
  const now = Date.UTC(2026, 10, 1);
  let bookingId = 0;
  providers.forEach((p, i) => {
    const providerId = i + 1;
    if (providerId === 1 || p.reviewCount <= 0 || p.rating <= 0) return;
    const n = Math.min(p.reviewCount, SEED_REVIEWERS.length);
    const low = Math.max(1, Math.min(5, Math.floor(p.rating)));
    const high = Math.round((p.rating - low) * n);
    for (let k = 0; k < n; k++) {
      const reviewer = SEED_REVIEWERS[(i + k) % SEED_REVIEWERS.length];
      const rating = Math.min(5, k < high ? low + 1 : low);
      const at = now - (i * 7 + k * 11) * 86_400_000 - k * 3_600_000;
      bookingId++;
      const customer = `(SELECT id FROM users WHERE phone = '${reviewer.phone}')`;
      bookingRows.push({
        id: bookingId,
        customer_id: customer,
        provider_id: providerId,
        service_description: p.specialty,
        customer_location: "—",
        customer_phone: reviewer.phone,
        urgency: "normal",
        status: "completed",
        created_at: at,
        updated_at: at,
        responded_at: at + (20 + ((i * 7 + k * 13) % 180)) * 60_000,
      });
      const comments = COMMENTS[reviewer.lang];
      reviewRows.push({
        booking_id: bookingId,
        customer_id: customer,
        provider_id: providerId,
        rating,
        comment: comments[(i + k) % comments.length],
        service_quality: rating,
        punctuality: rating,
        communication: rating,
        value_for_money: Math.max(1, rating - ((i + k) % 2)),
        would_recommend: rating >= 4,
        created_at: at + 86_400_000,
      });
    }
  });
  // (the customer ids are subqueries: written unquoted)
  const raw = (rows: Record<string, SqlValue>[]) =>
    insertRows("x", rows).map((sqlText) =>
      sqlText.replace(/'(\(SELECT id FROM users WHERE phone = ''[^']+''\))'/g, (_, q: string) => q.replace(/''/g, "'")),
    );
  stmts.push(...raw(bookingRows).map((q) => q.replace("INSERT INTO x ", "INSERT INTO bookings ")));
  stmts.push(...raw(reviewRows).map((q) => q.replace("INSERT INTO x ", "INSERT INTO reviews ")));
  // every listing's figures from its reviews: rated ones from theirs, the rest "New"
  stmts.push(
    "UPDATE service_providers SET rating = coalesce((SELECT avg(r.rating) FROM reviews r WHERE r.provider_id = " +
      "service_providers.id), 0), review_count = (SELECT count(*) FROM reviews r WHERE r.provider_id = " +
      "service_providers.id);",
  );
  // the admin's prices as migration 0045 writes them (a database emptied for a test run gets them back)
  stmts.push(
    `INSERT OR IGNORE INTO prices (key, amount) VALUES ${Object.entries(DEFAULT_PRICES)
      .map(([k, v]) => `('${k}', ${v})`)
      .join(", ")};`,
  );
  return stmts;
}
