import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { listingTexts } from "../../db/schema";
import type { Lang, ServiceContext } from "../context";

/**
 * A listing's description and address in the reader's language (ADR 060). The owner's words live in the listing's
 * own columns; `listing_texts` holds the same words in other languages. A text is shown only while the owner's
 * words it says again are still the listing's (an owner who rewrites the description sees the old translation
 * go at once, whichever door wrote the change); otherwise, and where there is none, the owner's words are shown.
 */
export function listingTextsQuery(db: Db, providerId: number, lang: Lang) {
  return db
    .select({ field: listingTexts.field, text: listingTexts.text, ofText: listingTexts.ofText })
    .from(listingTexts)
    .where(and(eq(listingTexts.providerId, providerId), eq(listingTexts.lang, lang)));
}

type Texts = Awaited<ReturnType<typeof listingTextsQuery>>;

/** The listing with its description and address in the reader's words where they say the owner's current ones. */
export function inReadersWords<T extends { description: string | null; location: string }>(
  listing: T,
  texts: Texts,
): T {
  const out = { ...listing };
  for (const t of texts) {
    if (t.field === "description" && listing.description !== null && t.ofText === listing.description)
      out.description = t.text;
    if (t.field === "location" && t.ofText === listing.location) out.location = t.text;
  }
  return out;
}

/** The same, read for one listing (the bot's listing card). */
export async function listingInReadersWords<T extends { id: number; description: string | null; location: string }>(
  ctx: Pick<ServiceContext, "db" | "locale">,
  listing: T,
): Promise<T> {
  return inReadersWords(listing, await listingTextsQuery(ctx.db, listing.id, ctx.locale));
}
