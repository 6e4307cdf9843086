import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { serviceProviders } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { parseInput } from "../validation";
import { providerColumns, type ProviderView } from "./view";
import { providerRowFromInput, resolvePlace, updateProviderRow } from "./writeProvider";
import { providerFields } from "./writeSchemas";
import { oneLine } from "../text/oneLine";

export interface MyListing extends ProviderView {
  hidden: boolean;
  requestedName: string | null;
  whatsappAlerts: boolean;
}

/**
 * The listing the signed-in user runs (service_providers.user_id), hidden or not; null when they have
 * none (a customer, or a provider whose application is not approved yet).
 */
export async function findMyListing(ctx: Pick<ServiceContext, "db" | "actor">): Promise<MyListing | null> {
  const { userId } = requireUser(ctx.actor);
  const [row] = await ctx.db
    .select({
      ...providerColumns,
      hidden: sql<boolean>`${serviceProviders.hiddenAt} is not null`.mapWith(Boolean),
      requestedName: serviceProviders.requestedName,
      whatsappAlerts: serviceProviders.whatsappAlerts,
    })
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, userId))
    .limit(1);
  return row ?? null;
}

/** The provider's own listing, or FORBIDDEN: the dashboard and its API are for people who run a listing. */
export async function requireMyListing(ctx: Pick<ServiceContext, "db" | "actor">): Promise<MyListing> {
  const listing = await findMyListing(ctx);
  if (!listing) throw new ServiceError("FORBIDDEN", "errors.notAProvider");
  return listing;
}

/** What the provider may change: never the name (admin only), verified flag, rating or review count. */
export const myListingSchema = z.object({ ...providerFields });

/**
 * The provider edits their own listing through the admin's writer (providerRowFromInput), so the
 * translated specialty and the search index stay in step. Extra keys (isVerified, rating, name…) are
 * dropped by the schema.
 */
export async function updateMyListing(
  ctx: Pick<ServiceContext, "db" | "actor" | "now">,
  raw: unknown,
): Promise<MyListing> {
  const listing = await requireMyListing(ctx);
  const input = parseInput(myListingSchema, raw);
  const place = await resolvePlace(ctx, input.categoryId, input.city);
  const row = await providerRowFromInput(ctx.db, { ...input, ...place, name: listing.name }, ctx.now());
  const [updated] = await updateProviderRow(ctx.db, listing.id, row);
  if (!updated) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
  return (await findMyListing(ctx))!;
}

/** The "available" switch: unavailable listings stay visible but sort after available ones. */
export async function setMyAvailability(
  ctx: Pick<ServiceContext, "db" | "actor" | "now">,
  raw: unknown,
): Promise<MyListing> {
  const listing = await requireMyListing(ctx);
  const { available } = parseInput(
    z.object({
      available: z
        .union([z.boolean(), z.enum(["true", "false", "on", "off", "1", "0"])])
        .transform((v) => v === true || v === "true" || v === "on" || v === "1"),
    }),
    raw,
  );
  await updateProviderRow(ctx.db, listing.id, { isAvailable: available, updatedAt: ctx.now() });
  return { ...listing, isAvailable: available };
}

/** Only the admin renames a business: the provider's wish is stored for the console (blank withdraws it). */
export async function requestRename(
  ctx: Pick<ServiceContext, "db" | "actor" | "now">,
  raw: unknown,
): Promise<MyListing> {
  const listing = await requireMyListing(ctx);
  const { name } = parseInput(
    z.object({
      name: z
        .string({ error: "validation.providerNameRequired" })
        .transform(oneLine)
        .pipe(z.string().max(120, { error: "validation.tooLong" })),
    }),
    raw,
  );
  if (name !== "" && name.length < 2)
    throw new ServiceError("VALIDATION", "validation.providerNameRequired", {
      name: "validation.providerNameRequired",
    });
  const requested = name === "" || name === listing.name ? null : name;
  await ctx.db
    .update(serviceProviders)
    .set({ requestedName: requested, nameRequestedAt: requested ? ctx.now() : null })
    .where(and(eq(serviceProviders.id, listing.id), isNull(serviceProviders.hiddenAt)));
  return { ...listing, requestedName: requested };
}
