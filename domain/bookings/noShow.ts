import { and, eq, isNull } from "drizzle-orm";
import { bookings } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { notify } from "../notifications/notifications";
import { bookingForParticipant } from "./participants";
import { slotHasBegun } from "./slotBegun";

/**
 * After the slot began, either side says the other did not come (issue #28 item 7): recorded on the booking once
 * (`no_show` names the side that did not come), the other side is told, and the admin page counts it per listing
 * and per customer. Only the two participants, only an accepted booking, only once its time has begun.
 */
export async function reportNoShow(ctx: ServiceContext, rawId: string): Promise<{ id: number; noShow: "customer" | "provider" }> {
  const b = await bookingForParticipant(ctx, rawId);
  if (b.noShow) throw new ServiceError("CONFLICT", "errors.noShowExists");
  if (b.status !== "accepted") throw new ServiceError("CONFLICT", "errors.noShowState");
  if (!slotHasBegun(b, ctx.now())) throw new ServiceError("CONFLICT", "errors.noShowNotYet");
  const absent = b.side === "customer" ? "provider" : "customer";
  const done = await ctx.db
    .update(bookings)
    .set({ noShow: absent, noShowAt: ctx.now() })
    .where(and(eq(bookings.id, b.id), eq(bookings.status, "accepted"), isNull(bookings.noShow)))
    .returning({ id: bookings.id });
  // a parallel report by the other side got there first
  if (!done.length) throw new ServiceError("CONFLICT", "errors.noShowExists");
  const other = b.side === "customer" ? b.providerUserId : b.customerId;
  if (other) {
    await notify(ctx, {
      userId: other,
      type: "booking",
      key: b.side === "customer" ? "notices.noShowByCustomer" : "notices.noShowByProvider",
      params: { provider: b.providerName },
      relatedId: b.id,
    });
  }
  if (b.userId) await ctx.ports.notifier.notifyUser(b.userId, { type: "changed", topic: "booking" }).catch((e) => console.error("live refresh failed", e));
  return { id: b.id, noShow: absent };
}
