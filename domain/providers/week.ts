/**
 * The provider's week (ADR 044): the weekdays the listing does not work, and the hours of each part of the day it works
 * (a part it does not work is closed). The day picker on the web, the bot's day question, a new booking and a proposed
 * day all read it here; the reminders read its hours (`listingHours`).
 */
import { and, eq, gte, inArray } from "drizzle-orm";
import { z } from "zod";
import { bookings, serviceProviders } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { iraqToday } from "../ids";
import { notify } from "../notifications/notifications";
import { parseInput } from "../validation";
import type { SlotHours } from "../bookings/slots";
import { isOpenDay, isOpenSlot, parseWeek, slotHoursOf, WEEK_SLOTS, WEEKDAYS, type Week } from "./weekRules";
import { requireUser } from "../accounts/requireUser";
import { requireMyListing } from "./myListing";

export * from "./weekRules";

/** A listing's week. */
export async function listingWeek(ctx: Pick<ServiceContext, "db">, providerId: number): Promise<Week> {
  const [row] = await ctx.db
    .select({ week: serviceProviders.week })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId))
    .limit(1);
  return parseWeek(row?.week);
}

/** The weeks of several listings at once (a page of bookings), by listing id. */
export async function listingWeeks(
  ctx: Pick<ServiceContext, "db">,
  providerIds: number[],
): Promise<Record<number, Week>> {
  const ids = [...new Set(providerIds)];
  if (!ids.length) return {};
  const rows = await ctx.db
    .select({ id: serviceProviders.id, week: serviceProviders.week })
    .from(serviceProviders)
    .where(inArray(serviceProviders.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, parseWeek(r.week)]));
}

/** A listing's own hours per part of the day, for `slotStart` (the reminders): a closed part keeps the usual hours. */
export async function listingHours(ctx: Pick<ServiceContext, "db">, providerId: number): Promise<SlotHours> {
  return slotHoursOf(await listingWeek(ctx, providerId));
}

const hour = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z
    .number({ error: "errors.week.hours" })
    .int({ error: "errors.week.hours" })
    .min(0, { error: "errors.week.hours" })
    .max(24, { error: "errors.week.hours" }),
);
const slotHours = z
  .object({ from: hour, to: hour })
  .nullable()
  .refine((h) => h === null || h.from < h.to, { error: "errors.week.hoursOrder" });
const weekSchema = z
  .object({
    daysOff: z
      .array(z.number().int().min(0).max(6), { error: "errors.week.days" })
      .max(6, { error: "errors.week.allClosed" }),
    hours: z.object({ morning: slotHours, afternoon: slotHours, evening: slotHours }),
  })
  .refine((w) => WEEK_SLOTS.some((s) => w.hours[s] !== null), { error: "errors.week.allClosed", path: ["hours"] });

/**
 * The week as the API sends it ({ daysOff: [5], hours: { morning: { from: 9, to: 12 }, afternoon: null, … } })
 * or as a plain form posts it (off5=on, morningOpen=on, morningFrom=9, morningTo=12).
 */
function weekInput(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const r = raw as Record<string, unknown>;
  if ("daysOff" in r || "hours" in r)
    return {
      daysOff: r.daysOff ?? [],
      hours: { morning: null, afternoon: null, evening: null, ...(r.hours as object) },
    };
  const on = (v: unknown) => v === "on" || v === "true" || v === "1" || v === true;
  return {
    daysOff: WEEKDAYS.filter((d) => on(r[`off${d}`])),
    hours: Object.fromEntries(
      WEEK_SLOTS.map((s) => [s, on(r[`${s}Open`]) ? { from: r[`${s}From`], to: r[`${s}To`] } : null]),
    ),
  };
}

/** The bookings still to come on days or parts of days the week closes: the provider is asked to move each. */
export async function bookingsOutsideWeek(ctx: Pick<ServiceContext, "db" | "now">, providerId: number, week: Week) {
  const rows = await ctx.db
    .select({
      id: bookings.id,
      customerId: bookings.customerId,
      date: bookings.preferredDate,
      time: bookings.preferredTime,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.providerId, providerId),
        inArray(bookings.status, ["pending", "accepted"]),
        gte(bookings.preferredDate, iraqToday(ctx.now())),
      ),
    );
  return rows
    .filter((b) => b.date && (!isOpenDay(week, b.date) || (b.time && !isOpenSlot(week, b.time))))
    .sort((a, b) => a.date!.localeCompare(b.date!) || a.id - b.id);
}

/**
 * The provider sets their week. Bookings already on a day (or a part of a day) it now closes are never cancelled: each
 * is returned, and the provider gets one notice per booking (bell, WhatsApp, Telegram) with a "Change the day" answer,
 * until it is moved. The customer of each is told too, with the same answer; her bell opens the booking's day page.
 */
export async function setMyWeek(
  ctx: ServiceContext,
  raw: unknown,
): Promise<{ week: Week; toMove: { id: number; date: string; time: string | null }[] }> {
  const listing = await requireMyListing(ctx);
  const input = parseInput(weekSchema, weekInput(raw));
  const week: Week = { daysOff: [...new Set(input.daysOff)].sort(), hours: input.hours };
  const before = await bookingsOutsideWeek(ctx, listing.id, await listingWeek(ctx, listing.id));
  await ctx.db
    .update(serviceProviders)
    .set({ week: JSON.stringify(week), updatedAt: ctx.now() })
    .where(eq(serviceProviders.id, listing.id));
  const toMove = await bookingsOutsideWeek(ctx, listing.id, week);
  // asked once per booking the change closed (one already outside the old week was asked then)
  const askedBefore = new Set(before.map((b) => b.id));
  for (const b of toMove) {
    if (askedBefore.has(b.id)) continue;
    await notify(ctx, {
      userId: requireUser(ctx.actor).userId,
      type: "booking",
      key: "notices.dayClosedMove",
      params: { day: b.date!, slot: b.time ?? "flexible" },
      relatedId: b.id,
      choices: [{ key: "changeDay.changeDayButton", action: `mv:${b.id}` }],
    });
    // and the customer, in her language, with "Change the day": her bell opens the booking's day page (ADR 056)
    await notify(ctx, {
      userId: b.customerId,
      type: "bookingDay",
      key: "notices.dayClosedCustomer",
      params: { provider: listing.name, day: b.date!, slot: b.time ?? "flexible" },
      relatedId: b.id,
      choices: [{ key: "changeDay.changeDayButton", action: `mv:${b.id}` }],
    });
  }
  return { week, toMove: toMove.map((b) => ({ id: b.id, date: b.date!, time: b.time })) };
}

/** The provider's own week, for the listing page and the bot's desk. */
export async function myWeek(
  ctx: Pick<ServiceContext, "db" | "actor" | "now">,
): Promise<{ week: Week; toMove: { id: number; date: string; time: string | null }[] }> {
  const listing = await requireMyListing(ctx);
  const week = await listingWeek(ctx, listing.id);
  const toMove = await bookingsOutsideWeek(ctx, listing.id, week);
  return { week, toMove: toMove.map((b) => ({ id: b.id, date: b.date!, time: b.time })) };
}
