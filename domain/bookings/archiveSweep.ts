/**
 * The Cron step that moves closed bookings older than 60 days (ADR 069; 90 in ADR 062) from D1 to the archive
 * (ADR 062), written in full before anything leaves D1.
 */
import { and, eq, inArray, or, sql, isNotNull } from "drizzle-orm";
import { bookingDayProposals, bookings, payments } from "../../db/schema";
import type { ServiceContext } from "../context";
import { BAGHDAD_OFFSET_MS } from "../baghdadTime";
import { iraqToday } from "../ids";
import { dayOf, ms, writeRecords, type ArchivedBooking } from "./archiveDocuments";

/**
 * A closed booking moves after this many days past its day (its preferred date, else the day it was made): 90 in
 * ADR 062, 60 since ADR 069 (D1 at a million people under 5 GB). Every window that reads D1's bookings fits inside it:
 * the review (asked the day after, nudged days later), "did not come" (48 hours), another day (before the day), the
 * answers rate (ANSWER_WINDOW_DAYS, 60) and the analytics (30 days).
 */
export const ARCHIVE_AFTER_DAYS = 60;
/** Bookings moved per run of the sweep (every minute): about 5 R2 requests each, well under a run's subrequests. */
export const ARCHIVE_BATCH = 50;

/** Closed: nothing will happen to it any more. An accepted booking that one side said did not come is closed too. */
const CLOSED = ["declined", "completed", "cancelled", "expired"] as const;
const closed = or(
  inArray(bookings.status, [...CLOSED]),
  and(eq(bookings.status, "accepted"), isNotNull(bookings.noShow)),
);

/**
 * The Cron step (domain/scheduled.ts): up to ARCHIVE_BATCH closed bookings whose day is more than 60 days past are
 * written to the archive, then, only once every write succeeded, deleted from D1 with what hangs on them (their
 * day proposals, payment, planned messages and a listing's links; reviews stay, ADR 062). A row that changed
 * between the read and the delete (a deletion emptied its customer's part) stays in D1 and is written again by the
 * next run; a run that stopped halfway writes the same documents again. Either way nothing is doubled or lost.
 */
export async function archiveOldBookings(
  ctx: Pick<ServiceContext, "db" | "now" | "ports">,
  opts: { limit?: number } = {},
): Promise<{ archived: number }> {
  const cutoff = iraqToday(new Date(ctx.now().getTime() - ARCHIVE_AFTER_DAYS * 24 * 60 * 60 * 1000));
  const day = sql`coalesce(${bookings.preferredDate}, strftime('%Y-%m-%d',
    ${bookings.createdAt} / 1000 + ${sql.raw(String(BAGHDAD_OFFSET_MS / 1000))}, 'unixepoch'))`;
  const rows = await ctx.db
    .select()
    .from(bookings)
    .where(and(closed, sql`${day} < ${cutoff}`))
    .orderBy(bookings.id)
    .limit(opts.limit ?? ARCHIVE_BATCH);
  if (rows.length === 0) return { archived: 0 };
  const ids = rows.map((r) => r.id);
  const [paid, proposals] = await ctx.db.batch([
    ctx.db
      .select()
      .from(payments)
      .where(and(inArray(payments.bookingId, ids), eq(payments.purpose, "booking"))),
    ctx.db
      .select()
      .from(bookingDayProposals)
      .where(inArray(bookingDayProposals.bookingId, ids))
      .orderBy(bookingDayProposals.id),
  ]);
  const now = ctx.now().getTime();
  const records: ArchivedBooking[] = rows.map((b) => {
    const p = paid.find((x) => x.bookingId === b.id);
    return {
      id: b.id,
      customerId: b.customerId,
      providerId: b.providerId,
      serviceDescription: b.serviceDescription,
      preferredDate: b.preferredDate,
      preferredTime: b.preferredTime,
      customerLocation: b.customerLocation,
      customerPhone: b.customerPhone,
      urgency: b.urgency,
      status: b.status,
      estimatedCost: b.estimatedCost,
      actualCost: b.actualCost,
      notes: b.notes,
      providerNotes: b.providerNotes,
      respondedAt: ms(b.respondedAt),
      customerConfirmedAt: ms(b.customerConfirmedAt),
      noShow: b.noShow,
      noShowAt: ms(b.noShowAt),
      noShowAnswer: b.noShowAnswer,
      noShowAnswerAt: ms(b.noShowAnswerAt),
      onTheWayAt: ms(b.onTheWayAt),
      createdAt: b.createdAt.getTime(),
      updatedAt: b.updatedAt.getTime(),
      month: dayOf(b).slice(0, 7),
      payment: p
        ? { amount: p.amount, method: p.paymentMethod, status: p.paymentStatus, createdAt: p.createdAt.getTime() }
        : null,
      dayProposals: proposals
        .filter((x) => x.bookingId === b.id)
        .map((x) => ({
          id: x.id,
          proposedBy: x.proposedBy,
          side: x.side,
          fromDate: x.fromDate,
          fromTime: x.fromTime,
          date: x.date,
          time: x.time,
          status: x.status,
          createdAt: x.createdAt.getTime(),
          answeredAt: ms(x.answeredAt),
        })),
      archivedAt: now,
    };
  });
  // a failed write throws here, before anything leaves D1
  await writeRecords(ctx.ports.archive, records);
  const deletes = records.map((r) =>
    ctx.db
      .delete(bookings)
      .where(
        and(
          eq(bookings.id, r.id),
          eq(bookings.customerPhone, r.customerPhone),
          eq(bookings.customerLocation, r.customerLocation),
          closed,
        ),
      )
      .returning({ id: bookings.id }),
  );
  const deleted = await ctx.db.batch(deletes as [(typeof deletes)[number], ...(typeof deletes)[number][]]);
  return { archived: deleted.reduce((n, d) => n + d.length, 0) };
}
