import { and, eq, isNull } from "drizzle-orm";
import { bookings, serviceProviders } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { idParam, iraqToday } from "../ids";
import { notify } from "../notifications/notifications";
import { bookingById } from "./view";
import type { BookingView } from "./view";
import { onMyWayOpen } from "./afterBookingRules";
import { parseWeek, slotHoursOf } from "../providers/weekRules";

/**
 * The provider says "On my way" (ADR 044): the customer is told at once, in their language, in the bell and on their
 * linked chats ("Hawre is on the way to you"). Only the booking's provider, only an accepted booking, only on its day
 * from 3 hours before its slot (a booking with no day: any day). A second tap tells nobody again.
 */
export async function onMyWay(ctx: ServiceContext, rawId: string): Promise<{ booking: BookingView; told: boolean }> {
  const { userId } = requireUser(ctx.actor);
  const id = idParam(rawId, "errors.bookingNotFound");
  const [row] = await ctx.db
    .select({
      customerId: bookings.customerId,
      status: bookings.status,
      noShow: bookings.noShow,
      date: bookings.preferredDate,
      time: bookings.preferredTime,
      week: serviceProviders.week,
      providerUserId: serviceProviders.userId,
      providerName: serviceProviders.name,
    })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where(eq(bookings.id, id))
    .limit(1);
  const isProvider = row?.providerUserId != null && row.providerUserId === userId;
  if (!row || (!isProvider && row.customerId !== userId)) throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
  if (!isProvider) throw new ServiceError("FORBIDDEN", "errors.forbidden");
  if (row.status !== "accepted") throw new ServiceError("CONFLICT", "onTheWay.errors.status");
  // "did not come" recorded (ADR 056): "On my way" has left the booking
  if (row.noShow) throw new ServiceError("CONFLICT", "errors.noShowRecordedAlready");
  if (row.date && row.date !== iraqToday(ctx.now())) throw new ServiceError("VALIDATION", "onTheWay.errors.notToday");
  if (!onMyWayOpen({ preferredDate: row.date, preferredTime: row.time }, ctx.now(), slotHoursOf(parseWeek(row.week)))) {
    throw new ServiceError("VALIDATION", "onTheWay.errors.tooEarly");
  }

  const said = await ctx.db
    .update(bookings)
    .set({ onTheWayAt: ctx.now(), updatedAt: ctx.now() })
    .where(
      and(eq(bookings.id, id), eq(bookings.status, "accepted"), isNull(bookings.onTheWayAt), isNull(bookings.noShow)),
    )
    .returning({ id: bookings.id });
  if (said.length) {
    await notify(ctx, {
      userId: row.customerId,
      type: "booking",
      key: "notices.onTheWay",
      params: { provider: row.providerName },
      relatedId: id,
    });
  }
  await ctx.ports.notifier
    .notifyUser(userId, { type: "changed", topic: "booking" })
    .catch((e) => console.error("live refresh failed", e));
  return { booking: await bookingById(ctx, id), told: said.length > 0 };
}

export { providerDayActions } from "./afterBookingRules";
