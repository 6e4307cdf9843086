/**
 * The provider's week (issue #28 item 4, ADR 044): the weekdays the listing does not work, and the hours of each
 * part of the day it works (a part it does not work is closed). The day picker on the web, the bot's day
 * question, a new booking and a proposed day all read it here; the reminders read its hours (`listingHours`).
 */
import { and, eq, gte, inArray } from "drizzle-orm";
import { z } from "zod";
import { bookings, serviceProviders } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { iraqToday } from "../ids";
import { notify } from "../notifications/notifications";
import { parseInput } from "../validation";
import { DEFAULT_SLOT_HOURS, type SlotHours } from "../bookings/slots";
import { requireUser } from "../accounts/requireUser";
import { requireMyListing } from "./myListing";

export const WEEK_SLOTS = ["morning", "afternoon", "evening"] as const;
export type WeekSlot = (typeof WEEK_SLOTS)[number];
/** The weekdays as JavaScript counts them (0 = Sunday … 6 = Saturday); a form lists them Saturday first. */
export const WEEKDAYS = [6, 0, 1, 2, 3, 4, 5] as const;

export interface Week {
  /** weekdays off, 0 = Sunday … 6 = Saturday */
  daysOff: number[];
  /** each part of the day: its hours (Baghdad time), or null when the listing does not work it */
  hours: Record<WeekSlot, { from: number; to: number } | null>;
}

export const DEFAULT_WEEK: Week = { daysOff: [], hours: { ...DEFAULT_SLOT_HOURS } };

/** A stored week (JSON, or null for the default); anything unreadable is the default week. */
export function parseWeek(stored: string | null | undefined): Week {
  if (!stored) return DEFAULT_WEEK;
  try {
    const w = JSON.parse(stored) as Partial<Week>;
    const daysOff = Array.isArray(w.daysOff) ? w.daysOff.filter((d) => Number.isInteger(d) && d >= 0 && d <= 6) : [];
    const hours = { ...DEFAULT_WEEK.hours };
    for (const s of WEEK_SLOTS) {
      const h = w.hours?.[s];
      if (h === null) hours[s] = null;
      else if (h && Number.isInteger(h.from) && Number.isInteger(h.to) && h.from < h.to) hours[s] = { from: h.from, to: h.to };
    }
    return { daysOff, hours };
  } catch {
    return DEFAULT_WEEK;
  }
}

/** The weekday of a YYYY-MM-DD day (0 = Sunday). */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

export const isOpenDay = (week: Week, day: string) => !week.daysOff.includes(weekdayOf(day));
/** "flexible" is open whenever the day is; a named part only when the listing works it. */
export const isOpenSlot = (week: Week, slot: string) => slot === "flexible" || ((WEEK_SLOTS as readonly string[]).includes(slot) && week.hours[slot as WeekSlot] !== null);
export const openSlots = (week: Week): WeekSlot[] => WEEK_SLOTS.filter((s) => week.hours[s] !== null);

/**
 * The rule a day and a part of it must meet for this listing: an open weekday and a part it works. Throws a
 * VALIDATION error naming the field, in the words every door shows.
 */
export function assertOpen(week: Week, day: string | null | undefined, slot: string | null | undefined, fields = { day: "preferredDate", slot: "preferredTime" }) {
  if (day && !isOpenDay(week, day)) throw new ServiceError("VALIDATION", "week.errors.dayClosed", { [fields.day]: "week.errors.dayClosed" });
  if (slot && !isOpenSlot(week, slot)) throw new ServiceError("VALIDATION", "week.errors.slotClosed", { [fields.slot]: "week.errors.slotClosed" });
}

/** A listing's week. */
export async function listingWeek(ctx: Pick<ServiceContext, "db">, providerId: number): Promise<Week> {
  const [row] = await ctx.db.select({ week: serviceProviders.week }).from(serviceProviders).where(eq(serviceProviders.id, providerId)).limit(1);
  return parseWeek(row?.week);
}

/** The weeks of several listings at once (a page of bookings), by listing id. */
export async function listingWeeks(ctx: Pick<ServiceContext, "db">, providerIds: number[]): Promise<Record<number, Week>> {
  const ids = [...new Set(providerIds)];
  if (!ids.length) return {};
  const rows = await ctx.db.select({ id: serviceProviders.id, week: serviceProviders.week }).from(serviceProviders).where(inArray(serviceProviders.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, parseWeek(r.week)]));
}

/** A listing's own hours per part of the day, for `slotStart` (the reminders): a closed part keeps the usual hours. */
export async function listingHours(ctx: Pick<ServiceContext, "db">, providerId: number): Promise<SlotHours> {
  const week = await listingWeek(ctx, providerId);
  const hours: SlotHours = {};
  for (const s of WEEK_SLOTS) if (week.hours[s]) hours[s] = week.hours[s]!;
  return hours;
}

const hour = z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), z.number({ error: "week.errors.hours" }).int({ error: "week.errors.hours" }).min(0, { error: "week.errors.hours" }).max(24, { error: "week.errors.hours" }));
const slotHours = z
  .object({ from: hour, to: hour })
  .nullable()
  .refine((h) => h === null || h.from < h.to, { error: "week.errors.hoursOrder" });
const weekSchema = z
  .object({
    daysOff: z.array(z.number().int().min(0).max(6), { error: "week.errors.days" }).max(6, { error: "week.errors.allClosed" }),
    hours: z.object({ morning: slotHours, afternoon: slotHours, evening: slotHours }),
  })
  .refine((w) => WEEK_SLOTS.some((s) => w.hours[s] !== null), { error: "week.errors.allClosed", path: ["hours"] });

/**
 * The week as the API sends it ({ daysOff: [5], hours: { morning: { from: 9, to: 12 }, afternoon: null, … } })
 * or as a plain form posts it (off5=on, morningOpen=on, morningFrom=9, morningTo=12).
 */
function weekInput(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const r = raw as Record<string, unknown>;
  if ("daysOff" in r || "hours" in r) return { daysOff: r.daysOff ?? [], hours: { morning: null, afternoon: null, evening: null, ...(r.hours as object) } };
  const on = (v: unknown) => v === "on" || v === "true" || v === "1" || v === true;
  return {
    daysOff: WEEKDAYS.filter((d) => on(r[`off${d}`])),
    hours: Object.fromEntries(WEEK_SLOTS.map((s) => [s, on(r[`${s}Open`]) ? { from: r[`${s}From`], to: r[`${s}To`] } : null])),
  };
}

/** The bookings still to come on days or parts of days the week closes: the provider is asked to move each. */
export async function bookingsOutsideWeek(ctx: Pick<ServiceContext, "db" | "now">, providerId: number, week: Week) {
  const rows = await ctx.db
    .select({ id: bookings.id, customerId: bookings.customerId, date: bookings.preferredDate, time: bookings.preferredTime })
    .from(bookings)
    .where(and(eq(bookings.providerId, providerId), inArray(bookings.status, ["pending", "accepted"]), gte(bookings.preferredDate, iraqToday(ctx.now()))));
  return rows.filter((b) => b.date && (!isOpenDay(week, b.date) || (b.time && !isOpenSlot(week, b.time)))).sort((a, b) => a.date!.localeCompare(b.date!) || a.id - b.id);
}

/**
 * The provider sets their week. Bookings already on a day (or a part of a day) it now closes are never
 * cancelled: each is returned, and the provider gets one notice per booking (bell, WhatsApp, Telegram) with a
 * "Change the day" answer, until it is moved.
 */
export async function setMyWeek(ctx: ServiceContext, raw: unknown): Promise<{ week: Week; toMove: { id: number; date: string; time: string | null }[] }> {
  const listing = await requireMyListing(ctx);
  const input = parseInput(weekSchema, weekInput(raw));
  const week: Week = { daysOff: [...new Set(input.daysOff)].sort(), hours: input.hours };
  const before = await bookingsOutsideWeek(ctx, listing.id, await listingWeek(ctx, listing.id));
  await ctx.db.update(serviceProviders).set({ week: JSON.stringify(week), updatedAt: ctx.now() }).where(eq(serviceProviders.id, listing.id));
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
  }
  return { week, toMove: toMove.map((b) => ({ id: b.id, date: b.date!, time: b.time })) };
}

/** The provider's own week, for the listing page and the bot's desk. */
export async function myWeek(ctx: Pick<ServiceContext, "db" | "actor" | "now">): Promise<{ week: Week; toMove: { id: number; date: string; time: string | null }[] }> {
  const listing = await requireMyListing(ctx);
  const week = await listingWeek(ctx, listing.id);
  const toMove = await bookingsOutsideWeek(ctx, listing.id, week);
  return { week, toMove: toMove.map((b) => ({ id: b.id, date: b.date!, time: b.time })) };
}
