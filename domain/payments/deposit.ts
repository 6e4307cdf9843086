/**
 * The deposit a provider asks at booking (ADR 085): off by default, and off everywhere while the Worker's DEPOSITS
 * switch is (production, until the Central Bank's word). Asked only while the provider's plan runs; kept for the
 * provider only when the customer did not come and did not answer; returned by itself otherwise (reconcile.ts).
 */
import { and, eq, gt, inArray, isNotNull, notExists } from "drizzle-orm";
import { z } from "zod";
import { bookings, payments, serviceProviders } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { toIqd } from "../money";
import { parseInput } from "../validation";

export const DEPOSIT_MIN = 1_000;
export const DEPOSIT_MAX = 50_000;

const schema = z.object({
  amount: z.unknown().transform((raw, c) => {
    if (raw === null || raw === "" || raw === 0 || raw === "0") return null;
    const n = toIqd(raw);
    if (n === null || n < DEPOSIT_MIN || n > DEPOSIT_MAX) {
      c.addIssue({ code: "custom", message: "payments.errors.depositRange" });
      return z.NEVER;
    }
    return n;
  }),
});

/** The signed-in provider's deposit: an amount in dinars, or null/0 for none. */
export async function setDepositAmount(ctx: ServiceContext, raw: unknown): Promise<{ depositAmount: number | null }> {
  const actor = requireUser(ctx.actor);
  if (!ctx.ports.payments.depositsAllowed) throw new ServiceError("FORBIDDEN", "payments.errors.depositsOff");
  const { amount } = parseInput(schema, raw);
  const [row] = await ctx.db
    .update(serviceProviders)
    .set({ depositAmount: amount, updatedAt: ctx.now() })
    .where(eq(serviceProviders.userId, actor.userId))
    .returning({ depositAmount: serviceProviders.depositAmount });
  if (!row) throw new ServiceError("FORBIDDEN", "payments.errors.notProvider");
  return row;
}

/**
 * The deposit a listing asks of a new booking now (its plan running, deposits on), or null: pay when the job is done.
 */
export async function depositAskedBy(
  ctx: Pick<ServiceContext, "db" | "ports" | "now">,
  providerId: number,
): Promise<number | null> {
  if (!ctx.ports.payments.depositsAllowed) return null;
  const [p] = await ctx.db
    .select({ amount: serviceProviders.depositAmount, until: serviceProviders.subscribedUntil })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId))
    .limit(1);
  return p?.amount && p.until && p.until.getTime() > ctx.now().getTime() ? p.amount : null;
}

/** The signed-in customer's bookings that wait for their deposit: open, the listing asking one now, none paid yet. */
export async function depositsDue(ctx: ServiceContext, limit = 3): Promise<{ bookingId: number; amount: number }[]> {
  const { userId } = requireUser(ctx.actor);
  if (!ctx.ports.payments.depositsAllowed) return [];
  const paid = ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookings.id),
        eq(payments.purpose, "deposit"),
        inArray(payments.paymentStatus, ["paid", "partially_refunded"]),
      ),
    );
  const rows = await ctx.db
    .select({ bookingId: bookings.id, amount: serviceProviders.depositAmount })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where(
      and(
        eq(bookings.customerId, userId),
        inArray(bookings.status, ["pending", "accepted"]),
        isNotNull(serviceProviders.depositAmount),
        gt(serviceProviders.subscribedUntil, ctx.now()),
        notExists(paid),
      ),
    )
    .limit(limit);
  return rows.map((r) => ({ bookingId: r.bookingId, amount: r.amount! }));
}
