/**
 * Changing a booking's day (ADR 044): either side proposes another day and part of the day, the other accepts or
 * declines. The same verbs serve /bookings, the JSON API, WhatsApp and Telegram.
 *
 * Rules: only the booking's customer and its provider; only a pending or accepted booking; only a day the
 * listing works (its week), from now to the booking horizon; at most MAX_DAY_PROPOSALS proposals in a
 * booking's life. Several may wait at once (alternatives); accepting one closes the others.
 */
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { bookingDayProposals, bookings, serviceProviders, TIME_SLOTS } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { dayField, idParam, iraqToday } from "../ids";
import { notify } from "../notifications/notifications";
import { assertOpen, listingWeek, slotHoursOf, type Week } from "../providers/week";
import { firstName } from "../text/localParams";
import { parseInput } from "../validation";
import { bookingChanged } from "./lifecycle";
import { tellListingNumber, tellListingOfChange } from "../reach/tellListing";
import { bookingForParticipant } from "./participants";
import { slotStart } from "./slots";

import { dayCanMove, MAX_DAY_PROPOSALS } from "./afterBookingRules";

export { MAX_DAY_PROPOSALS };

type Slot = (typeof TIME_SLOTS)[number];

export interface DayProposalView {
  id: number;
  bookingId: number;
  side: "customer" | "provider";
  date: string;
  time: Slot;
  fromDate: string | null;
  fromTime: Slot | null;
  status: "pending" | "accepted" | "declined" | "superseded";
  createdAt: Date;
  answeredAt: Date | null;
}

const proposalColumns = {
  id: bookingDayProposals.id,
  bookingId: bookingDayProposals.bookingId,
  side: bookingDayProposals.side,
  date: bookingDayProposals.date,
  time: bookingDayProposals.time,
  fromDate: bookingDayProposals.fromDate,
  fromTime: bookingDayProposals.fromTime,
  status: bookingDayProposals.status,
  createdAt: bookingDayProposals.createdAt,
  answeredAt: bookingDayProposals.answeredAt,
};

/** The booking as the change needs it, and which side the actor is on; someone else's booking is "not found". */
async function asParticipant(ctx: Pick<ServiceContext, "db" | "actor">, bookingId: number) {
  const row = await bookingForParticipant(ctx, String(bookingId), { listingNumber: true });
  const other = row.side === "customer" ? row.providerUserId : row.customerId;
  // how the other side is told who proposed: the listing's name, or the customer's first name
  const name = row.side === "provider" ? row.providerName : firstName(row.customerName ?? "");
  return { ...row, date: row.preferredDate, time: row.preferredTime, other, name } as const;
}

/** A day and part of it the booking can move to now: open in the listing's week, and not begun yet. */
function assertBookable(ctx: Pick<ServiceContext, "now">, week: Week, date: string, time: Slot) {
  assertOpen(week, date, time, { day: "date", slot: "time" });
  const now = ctx.now();
  if (date < iraqToday(now))
    throw new ServiceError("VALIDATION", "validation.pastDate", { date: "validation.pastDate" });
  const start = slotStart(date, time, slotHoursOf(week));
  if (start && start.getTime() <= now.getTime())
    throw new ServiceError("VALIDATION", "changeDay.errors.slotBegun", { time: "changeDay.errors.slotBegun" });
}

const proposalSchema = (now: Date) =>
  z.object({
    date: dayField(now, "validation.preferredDate"),
    time: z.enum(TIME_SLOTS, { error: "validation.preferredTime" }),
  });

/** One side proposes another day for the booking; the other side is told, with Accept / Decline. */
export async function proposeDay(ctx: ServiceContext, rawBookingId: string, raw: unknown): Promise<DayProposalView> {
  const bookingId = idParam(rawBookingId, "errors.bookingNotFound");
  const booking = await asParticipant(ctx, bookingId);
  // nothing picked: say what to pick, not that a date is invalid
  const given = (raw ?? {}) as { date?: unknown; time?: unknown };
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && !v.trim());
  if (blank(given.date) || blank(given.time)) {
    const fields = {
      ...(blank(given.date) ? { date: "changeDay.errors.pickDay" } : {}),
      ...(blank(given.time) ? { time: "changeDay.errors.pickTime" } : {}),
    };
    throw new ServiceError("VALIDATION", Object.values(fields)[0]!, fields);
  }
  const input = parseInput(proposalSchema(ctx.now()), raw);
  if (!dayCanMove(booking.status)) throw new ServiceError("CONFLICT", "changeDay.errors.status");
  if (input.date === booking.date && input.time === booking.time)
    throw new ServiceError("VALIDATION", "changeDay.errors.sameDay", { date: "changeDay.errors.sameDay" });
  assertBookable(ctx, await listingWeek(ctx, booking.providerId), input.date, input.time);

  const now = ctx.now().getTime();
  const userId = booking.userId;
  // one statement: the count and the booking's state are read where the row is written, so parallel
  // proposals cannot pass the limit together (D1 runs one write at a time)
  const inserted = await ctx.db.all<{ id: number }>(sql`
    insert into ${bookingDayProposals} (booking_id, proposed_by, side, from_date, from_time, date, time, status,
    created_at)
    select ${bookingId}, ${userId}, ${booking.side}, b.preferred_date, b.preferred_time, ${input.date}, ${input.time},
    'pending', ${now}
    from ${bookings} b
    where b.id = ${bookingId} and b.status in ('pending', 'accepted')
      and (select count(*) from ${bookingDayProposals} p where p.booking_id = ${bookingId}) < ${MAX_DAY_PROPOSALS}
    returning id`);
  if (!inserted[0]) {
    const [now2] = await ctx.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .limit(1);
    if (!now2 || !dayCanMove(now2.status)) throw new ServiceError("CONFLICT", "changeDay.errors.status");
    throw new ServiceError("CONFLICT", "changeDay.errors.tooMany", undefined, { count: MAX_DAY_PROPOSALS });
  }
  // a listing no account owns hears of the customer's proposal at its own number (ADR 047)
  if (!booking.other && booking.side === "customer") {
    await tellListingNumber(ctx, bookingId, "dayProposed", {
      day: input.date,
      slot: input.time,
      proposalId: inserted[0].id,
    });
  }
  if (booking.other) {
    await notify(ctx, {
      userId: booking.other,
      type: "booking",
      key: "notices.dayProposed",
      params: { name: booking.name, day: input.date, slot: input.time },
      relatedId: bookingId,
      choices: [
        { key: "changeDay.acceptButton", action: `mva:${inserted[0].id}` },
        { key: "changeDay.declineButton", action: `mvd:${inserted[0].id}` },
      ],
    });
  }
  if (userId)
    await ctx.ports.notifier
      .notifyUser(userId, { type: "changed", topic: "booking" })
      .catch((e) => console.error("live refresh failed", e));
  const [view] = await ctx.db
    .select(proposalColumns)
    .from(bookingDayProposals)
    .where(eq(bookingDayProposals.id, inserted[0].id));
  return view;
}

/**
 * The other side answers a proposal. Accepting moves the booking to the proposed day (checked again: the day
 * may have closed or begun meanwhile), closes the booking's other waiting proposals and tells the proposer.
 */
export async function answerDayProposal(
  ctx: ServiceContext,
  rawProposalId: string,
  answer: "accept" | "decline",
): Promise<{ proposal: DayProposalView; bookingId: number }> {
  const proposalId = idParam(rawProposalId, "changeDay.errors.notFound");
  const [proposal] = await ctx.db
    .select({ ...proposalColumns, proposedBy: bookingDayProposals.proposedBy })
    .from(bookingDayProposals)
    .where(eq(bookingDayProposals.id, proposalId))
    .limit(1);
  if (!proposal) throw new ServiceError("NOT_FOUND", "changeDay.errors.notFound");
  let booking;
  try {
    booking = await asParticipant(ctx, proposal.bookingId);
  } catch (err) {
    // another booking's proposal is as unknown as the booking itself
    if (err instanceof ServiceError && err.code === "NOT_FOUND")
      throw new ServiceError("NOT_FOUND", "changeDay.errors.notFound");
    throw err;
  }
  if (booking.side === proposal.side) throw new ServiceError("FORBIDDEN", "changeDay.errors.ownProposal");
  if (proposal.status !== "pending")
    throw new ServiceError("CONFLICT", "changeDay.errors.answered", undefined, { status: proposal.status });

  const now = ctx.now();
  if (answer === "accept") {
    if (!dayCanMove(booking.status)) throw new ServiceError("CONFLICT", "changeDay.errors.status");
    try {
      assertBookable(ctx, await listingWeek(ctx, booking.providerId), proposal.date, proposal.time);
    } catch (err) {
      throw new ServiceError("CONFLICT", "changeDay.errors.noLongerOpen", undefined, {
        reason: err instanceof ServiceError ? err.messageKey : "",
      });
    }
  }
  const at = now.getTime();
  const thisAccepted = sql`exists (select 1 from ${bookingDayProposals} where ${bookingDayProposals.id} = ${proposalId}
    and ${bookingDayProposals.status} = 'accepted' and ${bookingDayProposals.answeredAt} = ${at})`;
  const answerIt = ctx.db
    .update(bookingDayProposals)
    .set({ status: answer === "accept" ? "accepted" : "declined", answeredAt: now })
    .where(
      and(
        eq(bookingDayProposals.id, proposalId),
        eq(bookingDayProposals.status, "pending"),
        answer === "accept"
          ? sql`exists (select 1 from ${bookings} where ${bookings.id} = ${proposal.bookingId}
            and ${bookings.status} in ('pending', 'accepted'))`
          : undefined,
      ),
    )
    .returning({ id: bookingDayProposals.id });
  let answered: { id: number }[];
  if (answer === "accept") {
    // one batch (one transaction): the booking moves and the other waiting proposals close only if this answer landed
    const [a] = await ctx.db.batch([
      answerIt,
      ctx.db
        .update(bookings)
        .set({ preferredDate: proposal.date, preferredTime: proposal.time, onTheWayAt: null, updatedAt: now })
        .where(and(eq(bookings.id, proposal.bookingId), thisAccepted)),
      ctx.db
        .update(bookingDayProposals)
        .set({ status: "superseded", answeredAt: now })
        .where(
          and(
            eq(bookingDayProposals.bookingId, proposal.bookingId),
            eq(bookingDayProposals.status, "pending"),
            thisAccepted,
          ),
        ),
    ]);
    answered = a;
  } else {
    answered = await answerIt;
  }
  if (!answered.length) throw new ServiceError("CONFLICT", "changeDay.errors.answered");

  if (answer === "accept") await bookingChanged(ctx, proposal.bookingId, "moved");
  // the one who proposed hears the answer (a deleted account is nobody to tell)
  if (proposal.proposedBy) {
    await notify(ctx, {
      userId: proposal.proposedBy,
      type: "booking",
      key: answer === "accept" ? "notices.dayAccepted" : "notices.dayDeclined",
      params: { name: booking.name, day: proposal.date, slot: proposal.time },
      relatedId: proposal.bookingId,
    });
  }
  // a listing no account owns proposed from its link or its
  // WhatsApp: the customer's answer reaches its number (ADR 076)
  if (!booking.other && booking.side === "customer") {
    const change = answer === "accept" ? "dayAccepted" : "dayDeclined";
    await tellListingOfChange(ctx, proposal.bookingId, change, {
      heard: true,
      day: proposal.date,
      slot: proposal.time,
    });
  }
  if (booking.userId)
    await ctx.ports.notifier
      .notifyUser(booking.userId, { type: "changed", topic: "booking" })
      .catch((e) => console.error("live refresh failed", e));
  const [view] = await ctx.db
    .select(proposalColumns)
    .from(bookingDayProposals)
    .where(eq(bookingDayProposals.id, proposalId));
  return { proposal: view, bookingId: proposal.bookingId };
}

/** A booking's proposals, oldest first, for its customer or provider only. */
export async function dayProposalsOf(
  ctx: Pick<ServiceContext, "db" | "actor">,
  rawBookingId: string,
): Promise<DayProposalView[]> {
  const bookingId = idParam(rawBookingId, "errors.bookingNotFound");
  await asParticipant(ctx, bookingId);
  return ctx.db
    .select(proposalColumns)
    .from(bookingDayProposals)
    .where(eq(bookingDayProposals.bookingId, bookingId))
    .orderBy(asc(bookingDayProposals.id));
}

/** The proposals of several bookings at once (a page of them), only those of bookings the actor is part of. */
export async function dayProposalsFor(
  ctx: Pick<ServiceContext, "db" | "actor">,
  bookingIds: number[],
): Promise<Record<number, DayProposalView[]>> {
  const { userId } = requireUser(ctx.actor);
  const out: Record<number, DayProposalView[]> = {};
  // D1 binds at most 100 values per statement: a page of bookings is asked for in pieces
  for (let i = 0; i < bookingIds.length; i += 90) {
    const rows = await ctx.db
      .select(proposalColumns)
      .from(bookingDayProposals)
      .innerJoin(bookings, eq(bookings.id, bookingDayProposals.bookingId))
      .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
      .where(
        and(
          inArray(bookingDayProposals.bookingId, bookingIds.slice(i, i + 90)),
          or(eq(bookings.customerId, userId), eq(serviceProviders.userId, userId)),
        ),
      )
      .orderBy(asc(bookingDayProposals.id));
    for (const r of rows) (out[r.bookingId] ??= []).push(r);
  }
  return out;
}
