import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { bookings, payments, serviceProviders } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import { countOnDay } from "../analytics/countOnDay";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { selectRowWhere } from "../providers/writeProvider";
import { parseInput } from "../validation";
import { bookingById } from "./view";
import type { BookingView } from "./view";

/** Whole dinars, one parser for every door (domain/money.ts). */
export { iqdAmount } from "../money";
import { iqdAmount } from "../money";

const paymentSchema = z.object({ amount: iqdAmount });

/** The amount sent with "complete", if any: absent or blank means "no payment recorded". */
export function parsePaymentAmount(raw: unknown): number | null {
  const amount = (raw as { amount?: unknown } | null | undefined)?.amount;
  if (amount === undefined || amount === null || amount === "") return null;
  return parseInput(paymentSchema, { amount }).amount;
}

/**
 * The cash payment row for a completed booking (method cash, platform fee 0, earnings = amount). It is
 * written only if the booking is completed — with `completedAt`, only if THIS request completed it — and
 * at most once per booking (unique index).
 */
export function paymentInsert(ctx: Pick<ServiceContext, "db">, bookingId: number, amount: number, completedAt?: Date) {
  const guard = completedAt
    ? sql`exists (select 1 from ${bookings} where ${bookings.id} = ${bookingId} and ${bookings.status} = 'completed'
      and ${bookings.updatedAt} = ${completedAt.getTime()})`
    : sql`exists (select 1 from ${bookings} where ${bookings.id} = ${bookingId} and ${bookings.status} = 'completed')`;
  const row = {
    bookingId,
    customerId: sql`(select ${bookings.customerId} from ${bookings} where ${bookings.id} = ${bookingId})`,
    providerId: sql`(select ${bookings.providerId} from ${bookings} where ${bookings.id} = ${bookingId})`,
    amount,
    paymentMethod: "cash",
    paymentStatus: "paid",
    platformFee: 0,
    providerEarnings: amount,
  };
  return ctx.db
    .insert(payments)
    .select(selectRowWhere(payments, row, guard))
    .onConflictDoNothing()
    .returning({ id: payments.id });
}

/**
 * The booking's provider records the cash received for a completed booking that has no payment yet.
 * Anyone else: 404 (someone else's booking) or 403 (the customer); a second payment: 409.
 */
export async function recordPayment(ctx: ServiceContext, rawId: string, raw: unknown): Promise<BookingView> {
  const actor = requireUser(ctx.actor);
  const id = Number(rawId);
  if (!/^[0-9]{1,12}$/.test(rawId) || id <= 0) throw new ServiceError("VALIDATION", "errors.bookingNotFound");
  const [row] = await ctx.db
    .select({
      customerId: bookings.customerId,
      providerId: bookings.providerId,
      status: bookings.status,
      providerUserId: serviceProviders.userId,
    })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where(eq(bookings.id, id))
    .limit(1);
  const isProvider = row?.providerUserId != null && row.providerUserId === actor.userId;
  if (!row || (!isProvider && row.customerId !== actor.userId))
    throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
  if (!isProvider) throw new ServiceError("FORBIDDEN", "errors.forbidden");
  const { amount } = parseInput(paymentSchema, raw);
  if (row.status !== "completed") throw new ServiceError("CONFLICT", "errors.bookingState");
  const [inserted] = await ctx.db.batch([
    paymentInsert(ctx, id, amount),
    countOnDay(ctx, row.providerId, { revenue: amount }, sql`changes() = 1`),
  ]);
  if (inserted.length === 0) throw new ServiceError("CONFLICT", "errors.paymentRecorded");
  return bookingById(ctx, id);
}
