/**
 * A text to a listing's number is checked when it leaves (ADR 076): one held through quiet hours may no longer apply
 * at 08:00 (the request answered, expired or cancelled, the listing claimed, the day settled), and then it is not
 * sent. What it asks must still be open; a change it tells of must still be true.
 */
import { and, eq } from "drizzle-orm";
import { bookingDayProposals, bookings, conversations, serviceProviders, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import type { ListingTextGuard } from "./textGuard";

export async function listingTextStillWanted(
  ctx: Pick<ServiceContext, "db">,
  guard: ListingTextGuard,
): Promise<boolean> {
  if (guard.listingText === "chat") {
    if (guard.conversationId == null) return true;
    const [c] = await ctx.db
      .select({ owner: serviceProviders.userId })
      .from(conversations)
      .innerJoin(serviceProviders, eq(serviceProviders.id, conversations.providerId))
      .where(eq(conversations.id, guard.conversationId))
      .limit(1);
    // an owned listing's number no longer answers from the link (it answers in its account)
    return c !== undefined && c.owner == null;
  }
  if (guard.bookingId == null) return true;
  const [b] = await ctx.db
    .select({ status: bookings.status, noShow: bookings.noShow, ownerVerified: users.isPhoneVerified })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .leftJoin(users, eq(users.id, serviceProviders.userId))
    .where(eq(bookings.id, guard.bookingId))
    .limit(1);
  if (!b) return false;
  const open = b.status === "pending" || b.status === "accepted";
  // on Dalil now (claimed): its account answers, as tellListingNumber would have decided at this moment
  const onDalil = Boolean(b.ownerVerified);
  switch (guard.listingText) {
    case "booking":
      return b.status === "pending" && !onDalil;
    case "dayProposed": {
      if (!open || onDalil) return false;
      if (guard.proposalId == null) return true;
      const [p] = await ctx.db
        .select({ id: bookingDayProposals.id })
        .from(bookingDayProposals)
        .where(and(eq(bookingDayProposals.id, guard.proposalId), eq(bookingDayProposals.status, "pending")))
        .limit(1);
      return p !== undefined;
    }
    // a change is told while it is still true: a claim doesn't undo it (the new owner was told nothing of it)
    case "cancelled":
      return b.status === "cancelled";
    case "dayAccepted":
    case "dayDeclined":
      return open;
    case "noShow":
      return b.noShow === "provider";
  }
}
