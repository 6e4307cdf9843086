import { eq, isNotNull, isNull } from "drizzle-orm";
import { serviceProviders } from "../../db/schema";
import { requireAdmin } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { parseProviderId } from "./getProvider";
import { updateProviderRow } from "./writeProvider";

/**
 * The admin's "delete" HIDES a listing (ADR 012): it leaves search, the profile page and booking
 * (404 'Provider Not Found' for the public), while its bookings, reviews, chats and payments stay with
 * their participants. Nothing is deleted, so nothing cascades. Hiding twice is harmless.
 */
export async function deleteProvider(ctx: Pick<ServiceContext, "db" | "actor" | "now">, rawId: string): Promise<void> {
  requireAdmin(ctx.actor);
  const id = parseProviderId(rawId);
  const [row] = await updateProviderRow(ctx.db, id, { hiddenAt: ctx.now() }, isNull(serviceProviders.hiddenAt));
  if (!row) {
    // already hidden is fine; a listing that doesn't exist is not
    const [exists] = await ctx.db
      .select({ id: serviceProviders.id })
      .from(serviceProviders)
      .where(eq(serviceProviders.id, id))
      .limit(1);
    if (!exists) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
  }
}
export const hideProvider = deleteProvider;

/** The admin brings a hidden listing back. */
export async function restoreProvider(ctx: Pick<ServiceContext, "db" | "actor" | "now">, rawId: string): Promise<void> {
  requireAdmin(ctx.actor);
  const id = parseProviderId(rawId);
  const [row] = await updateProviderRow(
    ctx.db,
    id,
    { hiddenAt: null, updatedAt: ctx.now() },
    isNotNull(serviceProviders.hiddenAt),
  );
  if (!row) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
}
