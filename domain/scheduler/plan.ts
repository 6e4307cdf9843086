/**
 * What follows a booking in time (ADR 043), planned from the booking as it is now: reminders the evening before and two
 * hours before the slot begins, to both sides, while it is accepted; once it is completed, the review's ask at the
 * first daytime hour two hours later, and one nudge 48 hours after that. A booking that changes is planned again
 * (bookingChanged): rows the new plan keeps stay as they are, the others are voided.
 */
import { parseWeek, slotHoursOf } from "../providers/weekRules";
import { and, eq, sql } from "drizzle-orm";
import { bookings, reviews, scheduledMessages, serviceProviders } from "../../db/schema";
import type { ServiceContext } from "../context";
import { slotStart, type SlotHours } from "../bookings/slots";
import { BAGHDAD_OFFSET_MS as BAGHDAD } from "../baghdadTime";

import type { ScheduledGuard, ScheduledKind, Side } from "./messages";

export type { ScheduledGuard, ScheduledKind, Side };

export interface Planned {
  kind: ScheduledKind;
  role: Side;
  userId: number;
  dueAt: Date;
}

/** What the plan is made from. */
export interface BookingFacts {
  id: number;
  status: string;
  preferredDate: string | null;
  preferredTime: "morning" | "afternoon" | "evening" | "flexible" | null;
  customerId: number;
  providerUserId: number | null;
  /** when it last changed: for a completed booking, when it was completed */
  updatedAt: Date;
  reviewed: boolean;
  /** the provider's own hours per slot, when the listing has them (the provider's week) */
  hours?: SlotHours;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The review is asked between 09:00 and 21:00 Baghdad time. */
export const DAYTIME = { from: 9, to: 21 } as const;
/** The review's ask and nudge stop this long after the booking was completed. */
export const REVIEW_OPEN_MS = 14 * DAY;
export const REVIEW_NUDGE_AFTER_MS = 48 * HOUR;

/** 18:00 Baghdad on the day before `date`. */
export const eveningBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - DAY + 18 * HOUR - BAGHDAD);

/** The first moment at or after `t` that is daytime in Baghdad (09:00 ≤ hour < 21:00). */
export function firstDaytime(t: Date): Date {
  const wall = t.getTime() + BAGHDAD;
  const dayStart = Math.floor(wall / DAY) * DAY;
  const hour = (wall - dayStart) / HOUR;
  if (hour >= DAYTIME.from && hour < DAYTIME.to) return t;
  const nine = dayStart + DAYTIME.from * HOUR + (hour >= DAYTIME.to ? DAY : 0);
  return new Date(nine - BAGHDAD);
}

/** Every message the booking wants, whenever it is due (past or future). */
export function plannedMessages(b: BookingFacts): Planned[] {
  const out: Planned[] = [];
  const sides: [Side, number | null][] = [
    ["customer", b.customerId],
    ["provider", b.providerUserId],
  ];
  if (b.status === "accepted" && b.preferredDate) {
    const start = slotStart(b.preferredDate, b.preferredTime, b.hours);
    for (const [role, userId] of sides) {
      if (!userId) continue;
      out.push({ kind: "reminderEvening", role, userId, dueAt: eveningBefore(b.preferredDate) });
      // a flexible booking has no start: the evening before only (ADR 043)
      if (start) out.push({ kind: "reminderSoon", role, userId, dueAt: new Date(start.getTime() - 2 * HOUR) });
    }
  }
  if (b.status === "completed" && !b.reviewed) {
    const ask = firstDaytime(new Date(b.updatedAt.getTime() + 2 * HOUR));
    out.push({ kind: "reviewAsk", role: "customer", userId: b.customerId, dueAt: ask });
    const nudge = firstDaytime(new Date(ask.getTime() + REVIEW_NUDGE_AFTER_MS));
    if (nudge.getTime() - b.updatedAt.getTime() < REVIEW_OPEN_MS)
      out.push({ kind: "reviewNudge", role: "customer", userId: b.customerId, dueAt: nudge });
  }
  return out;
}

/** The instant after which a planned message says nothing useful any more. */
function closesAt(b: BookingFacts, p: Pick<Planned, "kind" | "dueAt">): number {
  if (p.kind === "reviewAsk" || p.kind === "reviewNudge") return b.updatedAt.getTime() + REVIEW_OPEN_MS;
  // a reminder after the slot began (or, flexible, after its day ended) is late news: not sent
  const start = slotStart(b.preferredDate, b.preferredTime, b.hours);
  return start ? start.getTime() : Date.parse(`${b.preferredDate}T00:00:00Z`) + DAY - BAGHDAD;
}

/**
 * The sender's check, made again just before a message goes out: the booking still wants exactly this message
 * (same kind, side and due time: a moved booking's old reminder is not its plan any more), and it is not late.
 */
export function stillWanted(
  b: BookingFacts | null,
  row: { kind: ScheduledKind; role: Side; userId: number; dueAt: Date },
  now: Date,
): boolean {
  if (!b) return false;
  const planned = plannedMessages(b).some(
    (p) =>
      p.kind === row.kind &&
      p.role === row.role &&
      p.userId === row.userId &&
      p.dueAt.getTime() === row.dueAt.getTime(),
  );
  return planned && now.getTime() < closesAt(b, row);
}

/** The facts of one booking, or null. */
export async function bookingFacts(ctx: Pick<ServiceContext, "db">, bookingId: number): Promise<BookingFacts | null> {
  const [row] = await ctx.db
    .select({
      id: bookings.id,
      status: bookings.status,
      preferredDate: bookings.preferredDate,
      preferredTime: bookings.preferredTime,
      customerId: bookings.customerId,
      providerUserId: serviceProviders.userId,
      updatedAt: bookings.updatedAt,
      reviewed: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.bookingId} = ${bookings.id})`.mapWith(
        Boolean,
      ),
      week: serviceProviders.week,
    })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) return null;
  // the slot begins at the provider's own hour when his week says one (ADR 044)
  const { week, ...facts } = row;
  return { ...facts, hours: slotHoursOf(parseWeek(week)) };
}

/**
 * Plans the booking again: in one batch, every row still waiting is voided, each message of the new plan that is
 * not yet due is written (or woken from void: a row the new plan keeps keeps its id), and what stayed void is
 * deleted (ADR 054's amendment: a voided row says nothing to anyone). Rows already claimed are left to the
 * sender's own check. A message sent once is not planned again: it was due when it was sent, and only messages
 * not yet due are planned, so a booking moved away and back is not reminded twice.
 */
export async function planBooking(ctx: Pick<ServiceContext, "db" | "now">, bookingId: number): Promise<Planned[]> {
  const facts = await bookingFacts(ctx, bookingId);
  const now = ctx.now().getTime();
  const plan = facts ? plannedMessages(facts).filter((p) => p.dueAt.getTime() > now) : [];
  const waiting = and(eq(scheduledMessages.bookingId, bookingId), sql`${scheduledMessages.status} = 'due'`);
  if (!plan.length) {
    await ctx.db.delete(scheduledMessages).where(waiting);
    return plan;
  }
  const voidWaiting = ctx.db.update(scheduledMessages).set({ status: "void" }).where(waiting);
  const write = ctx.db
    .insert(scheduledMessages)
    .values(plan.map((p) => ({ bookingId, userId: p.userId, role: p.role, kind: p.kind, dueAt: p.dueAt })))
    .onConflictDoUpdate({
      target: [scheduledMessages.bookingId, scheduledMessages.kind, scheduledMessages.role, scheduledMessages.dueAt],
      set: { status: "due", userId: sql`excluded.user_id` },
      setWhere: sql`${scheduledMessages.status} = 'void'`,
    });
  const dropVoid = ctx.db
    .delete(scheduledMessages)
    .where(and(eq(scheduledMessages.bookingId, bookingId), sql`${scheduledMessages.status} = 'void'`));
  await ctx.db.batch([voidWaiting, write, dropVoid]);
  return plan;
}
