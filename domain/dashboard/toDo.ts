/**
 * Everything waiting on the provider (ADR 052), newest first: new requests to accept or decline, the customers'
 * proposals of another day, "did not come" claims against them that they can still answer (48 hours, ADR 056), and
 * reviews not yet answered. The dashboard opens with it and the bot's provider desk lists the same; each item names the
 * verb that answers it.
 */
import { and, desc, eq, gte, inArray, isNull } from "drizzle-orm";
import { bookingDayProposals, bookings, reviews, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { jobLine } from "../bookings/view";
import { NO_SHOW_ANSWER_HOURS } from "../bookings/afterBookingRules";

const DAY_MS = 86_400_000;
/** a claim or a review older than this is no longer "waiting" */
const RECENT_DAYS = 30;
const EACH = 20;

export type ToDoItem =
  | {
      kind: "request";
      at: Date;
      bookingId: number;
      job: string;
      customer: string | null;
      date: string | null;
      time: string | null;
    }
  | {
      kind: "day";
      at: Date;
      bookingId: number;
      proposalId: number;
      date: string;
      time: string;
      customer: string | null;
    }
  | { kind: "noShow"; at: Date; bookingId: number; job: string; customer: string | null; answerBy: Date }
  | {
      kind: "review";
      at: Date;
      reviewId: number;
      bookingId: number;
      rating: number;
      comment: string | null;
      customer: string | null;
    };

/** The provider's to-do list for their listing `providerId` (the caller checked it is theirs). */
export async function providerToDo(ctx: Pick<ServiceContext, "db" | "now">, providerId: number): Promise<ToDoItem[]> {
  const since = new Date(ctx.now().getTime() - RECENT_DAYS * DAY_MS);
  const answerSince = new Date(ctx.now().getTime() - NO_SHOW_ANSWER_HOURS * 3_600_000);
  const [requests, days, claims, unanswered] = await ctx.db.batch([
    ctx.db
      .select({
        id: bookings.id,
        at: bookings.createdAt,
        job: bookings.serviceDescription,
        customer: users.name,
        date: bookings.preferredDate,
        time: bookings.preferredTime,
      })
      .from(bookings)
      .leftJoin(users, eq(users.id, bookings.customerId))
      .where(and(eq(bookings.providerId, providerId), eq(bookings.status, "pending")))
      .orderBy(desc(bookings.createdAt))
      .limit(EACH),
    ctx.db
      .select({
        id: bookingDayProposals.id,
        bookingId: bookingDayProposals.bookingId,
        at: bookingDayProposals.createdAt,
        date: bookingDayProposals.date,
        time: bookingDayProposals.time,
        customer: users.name,
      })
      .from(bookingDayProposals)
      .innerJoin(bookings, eq(bookings.id, bookingDayProposals.bookingId))
      .leftJoin(users, eq(users.id, bookings.customerId))
      .where(
        and(
          eq(bookings.providerId, providerId),
          eq(bookingDayProposals.status, "pending"),
          eq(bookingDayProposals.side, "customer"),
          inArray(bookings.status, ["pending", "accepted"]),
        ),
      )
      .orderBy(desc(bookingDayProposals.id))
      .limit(EACH),
    ctx.db
      .select({ id: bookings.id, at: bookings.noShowAt, job: bookings.serviceDescription, customer: users.name })
      .from(bookings)
      .leftJoin(users, eq(users.id, bookings.customerId))
      // a claim waits on him while he can still answer it: unanswered, within its 48 hours (ADR 056)
      .where(
        and(
          eq(bookings.noShow, "provider"),
          eq(bookings.providerId, providerId),
          gte(bookings.noShowAt, answerSince),
          isNull(bookings.noShowAnswer),
        ),
      )
      .orderBy(desc(bookings.noShowAt))
      .limit(EACH),
    ctx.db
      .select({
        id: reviews.id,
        bookingId: reviews.bookingId,
        at: reviews.createdAt,
        rating: reviews.rating,
        comment: reviews.comment,
        customer: users.name,
      })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.customerId))
      .where(and(eq(reviews.providerId, providerId), isNull(reviews.reply), gte(reviews.createdAt, since)))
      .orderBy(desc(reviews.createdAt))
      .limit(EACH),
  ]);
  const items: ToDoItem[] = [
    ...requests.map((r) => ({
      kind: "request" as const,
      at: r.at,
      bookingId: r.id,
      job: jobLine(r.job, 60),
      customer: r.customer,
      date: r.date,
      time: r.time,
    })),
    ...days.map((d) => ({
      kind: "day" as const,
      at: d.at,
      bookingId: d.bookingId,
      proposalId: d.id,
      date: d.date,
      time: d.time,
      customer: d.customer,
    })),
    ...claims.map((c) => ({
      kind: "noShow" as const,
      at: c.at ?? new Date(0),
      bookingId: c.id,
      job: jobLine(c.job, 60),
      customer: c.customer,
      answerBy: new Date((c.at ?? new Date(0)).getTime() + NO_SHOW_ANSWER_HOURS * 3_600_000),
    })),
    ...unanswered.map((r) => ({
      kind: "review" as const,
      at: r.at,
      reviewId: r.id,
      bookingId: r.bookingId,
      rating: r.rating,
      comment: r.comment,
      customer: r.customer,
    })),
  ];
  return items.sort((a, b) => b.at.getTime() - a.at.getTime());
}
