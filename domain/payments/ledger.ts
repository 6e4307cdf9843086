/**
 * The ledger's one rule for what a gateway proved (ADR 085): a report from a verified callback, a status call or the
 * nightly sweep moves a payment once. The event's key (gateway + payment + status) is unique, so a callback delivered
 * ten times, or two at the same moment, changes the row once; the transition is conditional on the row's status, and
 * what the payment buys (a month, a sponsored place) is written in the same batch, only when the row changed.
 */
import { and, eq, sql } from "drizzle-orm";
import { paymentEvents, payments, serviceProviders, sponsoredAds, type PaymentStatus } from "../../db/schema";
import type { ServiceContext } from "../context";
import type { GatewayName, GatewayReport, GatewayStatus } from "./gateway";

export type PaymentRow = typeof payments.$inferSelect;

export const DAY_MS = 86_400_000;
/** a month of subscription, counted in days so every month buys the same */
export const MONTH_DAYS = 30;

/** Fee and earnings from what stays paid (amount less refunds), computed here only: the browser sends no amount. */
export function shares(purpose: PaymentRow["purpose"], status: PaymentStatus, amount: number, refunded: number) {
  const net = status === "paid" || status === "partially_refunded" || status === "refunded" ? amount - refunded : 0;
  // a subscription and a sponsored place are Dalil's; a deposit and a job's cash are the provider's
  return purpose === "subscription" || purpose === "sponsored"
    ? { platformFee: net, providerEarnings: 0 }
    : { platformFee: 0, providerEarnings: net };
}

/** Which statuses a gateway's word may move a row from: a late "paid" after the sweep expired it still counts. */
const FROM: Partial<Record<GatewayStatus, PaymentStatus[]>> = {
  paid: ["pending", "failed", "expired", "cancelled"],
  failed: ["pending"],
  expired: ["pending"],
  cancelled: ["pending"],
  refunded: ["paid", "partially_refunded"],
};

export type Settled =
  | { outcome: "changed"; payment: PaymentRow; from: PaymentStatus }
  | { outcome: "unchanged" | "duplicate"; payment: PaymentRow }
  | { outcome: "unknown" | "mismatch" };

/** Logs what proved nothing or didn't add up, once per key; never changes a payment. */
export async function logEvent(ctx: Pick<ServiceContext, "db">, e: typeof paymentEvents.$inferInsert) {
  if (e.kind === "rejected" || e.kind === "mismatch") console.warn(`payment ${e.kind}: ${e.gateway} ${e.note ?? ""}`);
  await ctx.db.insert(paymentEvents).values(e).onConflictDoNothing();
}

export async function paymentByGatewayId(
  ctx: Pick<ServiceContext, "db">,
  gateway: GatewayName,
  gatewayPaymentId: string,
) {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.paymentMethod, gateway), eq(payments.transactionId, gatewayPaymentId)))
    .limit(1);
  return row ?? null;
}

/** What a paid (or refunded) payment buys or gives back, written in the transition's batch after its update. */
function effects(ctx: Pick<ServiceContext, "db">, row: PaymentRow, to: PaymentStatus, now: number) {
  const changed = sql`changes() = 1`;
  if (row.purpose === "subscription" && to === "paid") {
    const months = Number((JSON.parse(row.details ?? "{}") as { months?: number }).months ?? 1);
    return [
      ctx.db
        .update(serviceProviders)
        .set({
          subscribedUntil: sql`max(coalesce(${serviceProviders.subscribedUntil}, 0),
            ${now}) + ${months * MONTH_DAYS * DAY_MS}`,
        })
        .where(and(eq(serviceProviders.id, row.providerId), changed)),
    ];
  }
  if (row.purpose === "sponsored" && to === "paid") {
    const days = Number((JSON.parse(row.details ?? "{}") as { days?: number }).days ?? 1);
    return [
      ctx.db
        .update(sponsoredAds)
        .set({ isActive: true, startsAt: new Date(now), endsAt: new Date(now + days * DAY_MS) })
        .where(and(eq(sponsoredAds.paymentId, row.id), changed)),
    ];
  }
  if (row.purpose === "sponsored" && to === "refunded") {
    return [
      ctx.db
        .update(sponsoredAds)
        .set({ isActive: false, endsAt: new Date(now) })
        .where(and(eq(sponsoredAds.paymentId, row.id), changed)),
    ];
  }
  return [];
}

/**
 * Applies what a gateway proved about one of its payments. Unknown payments and amounts that differ from the
 * ledger's are logged and change nothing; the same report twice is a duplicate.
 */
export async function settle(
  ctx: Pick<ServiceContext, "db" | "now">,
  gateway: GatewayName,
  report: GatewayReport,
  source: "callback" | "status",
): Promise<Settled> {
  const row = await paymentByGatewayId(ctx, gateway, report.gatewayPaymentId);
  if (!row) {
    await logEvent(ctx, {
      gateway,
      kind: "rejected",
      note: `${source}: no payment ${report.gatewayPaymentId.slice(0, 80)}`,
    });
    return { outcome: "unknown" };
  }
  if (report.status !== "pending" && report.amount !== row.amount) {
    await logEvent(ctx, {
      paymentId: row.id,
      gateway,
      kind: "mismatch",
      status: report.status,
      amount: report.amount,
      eventKey: `${report.eventId}:mismatch:${report.amount}`,
      note: `${source}: ${report.amount} against ${row.amount}`,
    });
    return { outcome: "mismatch" };
  }
  const to = report.status === "refunded" ? "refunded" : report.status;
  const from = FROM[report.status];
  if (to === "pending" || !from || !from.includes(row.paymentStatus)) {
    if (to !== "pending")
      await logEvent(ctx, {
        paymentId: row.id,
        gateway,
        kind: "duplicate",
        status: to,
        eventKey: `${report.eventId}:seen`,
        note: source,
      });
    return { outcome: to === row.paymentStatus ? "duplicate" : "unchanged", payment: row };
  }
  const now = ctx.now().getTime();
  const refunded = to === "refunded" ? row.amount : row.refundedAmount;
  const [inserted, updated] = await ctx.db.batch([
    ctx.db
      .insert(paymentEvents)
      .values({
        paymentId: row.id,
        gateway,
        kind: to,
        status: to,
        amount: report.amount,
        eventKey: report.eventId,
        note: source,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id }),
    ctx.db
      .update(payments)
      .set({
        paymentStatus: to,
        refundedAmount: refunded,
        ...shares(row.purpose, to, row.amount, refunded),
        updatedAt: new Date(now),
      })
      .where(and(eq(payments.id, row.id), eq(payments.paymentStatus, row.paymentStatus), sql`changes() = 1`))
      .returning(),
    ...effects(ctx, row, to, now),
  ] as unknown as Parameters<typeof ctx.db.batch>[0]);
  const payment = (updated as PaymentRow[])[0];
  if ((inserted as unknown[]).length === 0 || !payment) return { outcome: "duplicate", payment: row };
  return { outcome: "changed", payment, from: row.paymentStatus };
}

/** The sum that must hold for every provider: earnings + fees = paid − refunded (over rows that were paid). */
export async function ledgerBalance(ctx: Pick<ServiceContext, "db">, providerId: number) {
  const [r] = await ctx.db
    .select({
      paid: sql<number>`coalesce(sum(case when ${payments.paymentStatus} in ('paid', 'partially_refunded', 'refunded')
        then ${payments.amount} else 0 end), 0)`,
      refunded: sql<number>`coalesce(sum(${payments.refundedAmount}), 0)`,
      earnings: sql<number>`coalesce(sum(${payments.providerEarnings}), 0)`,
      fees: sql<number>`coalesce(sum(${payments.platformFee}), 0)`,
    })
    .from(payments)
    .where(eq(payments.providerId, providerId));
  return r;
}
