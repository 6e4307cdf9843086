import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { bookings, serviceProviders, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { addDays, iraqToday } from "../ids";
import { baghdadStartOf } from "../baghdadTime";
import { nextOpenDays, openSlots, parseWeek, slotHoursOf } from "../providers/weekRules";
import { slotEnd } from "./slots";
import type { TIME_SLOTS } from "../../db/schema";

type TimeSlot = (typeof TIME_SLOTS)[number];
import { notify } from "../notifications/notifications";
import { bookingChanged } from "./lifecycle";
import { refreshAnswers } from "../reach/answers";

const HOUR = 3_600_000;
/** the old rule's 24 hours, kept as the dashboard's outer bound */
export const PENDING_BOOKING_TTL_MS = 24 * HOUR;
/** an urgent request (high, emergency) waits 2 hours for an answer */
export const URGENT_WINDOW_MS = 2 * HOUR;
/** any other waits until this hour, Baghdad time, of the day after it was made */
export const EVENING_HOUR = 20;

/**
 * When a request made at `createdAt` with `urgency` ends unanswered (ADR 047): an urgent one after 2 hours; any other
 * at 20:00 Baghdad the day after, or, when the listing set its own hours (ADR 044, ADR 052), at the close of its
 * next open day after the one it was made on. Never after the slot it asks for has ended (tonight's request ends
 * tonight, ADR 076).
 */
export function answerWindowEnds(
  createdAt: Date,
  urgency: string,
  storedWeek?: string | null,
  asked?: { date: string | null; time: TimeSlot | null },
): Date {
  const window = usualWindowEnds(createdAt, urgency, storedWeek);
  const slotEnds = asked ? slotEnd(asked.date, asked.time, slotHoursOf(parseWeek(storedWeek))) : null;
  return slotEnds && slotEnds.getTime() < window.getTime() ? slotEnds : window;
}

function usualWindowEnds(createdAt: Date, urgency: string, storedWeek?: string | null): Date {
  if (urgency === "high" || urgency === "emergency") return new Date(createdAt.getTime() + URGENT_WINDOW_MS);
  const day = iraqToday(createdAt);
  if (storedWeek) {
    const week = parseWeek(storedWeek);
    const closes = Math.max(...openSlots(week).map((s) => week.hours[s]!.to));
    const next = nextOpenDays(week, addDays(day, 1), 1)[0];
    if (next && Number.isFinite(closes)) return new Date(baghdadStartOf(next, closes));
  }
  return new Date(baghdadStartOf(day, EVENING_HOUR + 24));
}

/**
 * A request nobody answered within its window ends (ADR 047): an urgent one after 2 hours, any other at 20:00 Baghdad
 * the day after it was made, or when the slot it asks for ends if sooner. The customer is told, in the bell and on the
 * chats they linked, with up to three similar listings that do answer (on Dalil, the same trade, the same city, best
 * rated), each one tap from the same request again (job, address and day kept). Run by the Worker's cron; safe to run
 * twice (the UPDATE carries the state). The provider's side shows it as missed (status "expired").
 */
export async function expireStaleBookings(
  ctx: Pick<ServiceContext, "db" | "now" | "ports">,
  only?: { bookingIds: number[] },
): Promise<number> {
  const now = ctx.now();
  // a request made on day D ends at D+1 20:00: those made before midnight of the day 20 hours ago have ended
  const eveningCutoff = new Date(baghdadStartOf(iraqToday(new Date(now.getTime() - EVENING_HOUR * HOUR))));
  // candidates: urgent ones past 2 hours, others past the default window, and listings with their own hours past 6
  // hours (their window is worked out below, from their week)
  const candidates = await ctx.db
    .select({
      id: bookings.id,
      createdAt: bookings.createdAt,
      urgency: bookings.urgency,
      week: serviceProviders.week,
      date: bookings.preferredDate,
      time: bookings.preferredTime,
    })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where(
      and(
        // written as a literal, not a bound value: SQLite uses the partial index of pending bookings only for a WHERE
        // it can match when it plans the query (bookings_pending_idx, ADR 069)
        sql`${bookings.status} = 'pending'`,
        // (development's /dev/scheduler/expire aims one sweep at the bookings it names, so a journey's clock moved
        // ahead leaves every other pending request of the demo data as it was)
        only ? inArray(bookings.id, only.bookingIds) : undefined,
        or(
          lt(bookings.createdAt, eveningCutoff),
          and(
            inArray(bookings.urgency, ["high", "emergency"]),
            lt(bookings.createdAt, new Date(now.getTime() - URGENT_WINDOW_MS)),
          ),
          and(isNotNull(serviceProviders.week), lt(bookings.createdAt, new Date(now.getTime() - 6 * HOUR))),
          // a request for today, whose slot may have ended before its window
          lte(bookings.preferredDate, iraqToday(now)),
        ),
      ),
    )
    .orderBy(asc(bookings.createdAt))
    .limit(400);
  const stale = candidates
    .filter((c) => answerWindowEnds(c.createdAt, c.urgency, c.week, c).getTime() <= now.getTime())
    .slice(0, 200);
  if (stale.length === 0) return 0;
  const expired = await ctx.db
    .update(bookings)
    .set({ status: "expired", updatedAt: now })
    .where(
      and(
        inArray(
          bookings.id,
          stale.map((s) => s.id),
        ),
        eq(bookings.status, "pending"),
      ),
    )
    .returning({ id: bookings.id, customerId: bookings.customerId, providerId: bookings.providerId });
  // each listing's row counts the request it let expire (ADR 052)
  await refreshAnswers(
    ctx,
    expired.map((b) => b.providerId),
  );
  for (const b of expired) {
    await bookingChanged(ctx, b.id, "expired");
    const others = await alternativesFor(ctx, b.providerId);
    const named = Object.fromEntries(others.map((o, i) => [`alt${i + 1}`, o.name]));
    await notify(ctx, {
      userId: b.customerId,
      type: "booking",
      key: others.length ? "reach.notices.expiredWithOthers" : "notices.bookingExpired",
      params: { id: b.id, others: others.map((o) => o.name).join(" · "), ...named },
      relatedId: b.id,
      // one tap each sends the same request to one of them (job, address and day kept)
      choices: others.map((o, i) => ({ key: `reach.resend${i + 1}`, action: `rs:${b.id}:${o.id}` })),
    });
  }
  return expired.length;
}

/**
 * Up to three listings like `providerId` that do answer: on Dalil (an account with a proven phone owns them), the same
 * trade, the same city, visible and available, best rated first. (Response rates join this order once ranking reads
 * them.)
 */
export async function alternativesFor(
  ctx: Pick<ServiceContext, "db">,
  providerId: number,
): Promise<{ id: number; name: string }[]> {
  const [p] = await ctx.db
    .select({ categoryId: serviceProviders.categoryId, cityId: serviceProviders.cityId, city: serviceProviders.city })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId))
    .limit(1);
  if (!p) return [];
  return ctx.db
    .select({ id: serviceProviders.id, name: serviceProviders.name })
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.userId))
    .where(
      and(
        eq(serviceProviders.categoryId, p.categoryId),
        p.cityId != null ? eq(serviceProviders.cityId, p.cityId) : eq(serviceProviders.city, p.city),
        ne(serviceProviders.id, providerId),
        isNull(serviceProviders.hiddenAt),
        eq(serviceProviders.isAvailable, true),
        isNotNull(serviceProviders.userId),
        eq(users.isPhoneVerified, true),
      ),
    )
    .orderBy(desc(serviceProviders.rating), desc(serviceProviders.reviewCount))
    .limit(3);
}
