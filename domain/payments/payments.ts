/**
 * A payment as its payer (and the admin) sees it, the receipts a proven change sends, the webhook doors' one verb and
 * refunds (ADR 085). Every change goes through ledger.ts's `settle`, whichever door proved it.
 */
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { paymentEvents, payments, sponsoredAds } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { notify } from "../notifications/notifications";
import { CallbackRejected, GatewayFailure, type CallbackRequest, type GatewayName } from "./gateway";
import { logEvent, settle, shares, type PaymentRow, type Settled } from "./ledger";

export interface PaymentView {
  id: number;
  purpose: PaymentRow["purpose"];
  gateway: PaymentRow["paymentMethod"];
  status: PaymentRow["paymentStatus"];
  amount: number;
  refundedAmount: number;
  bookingId: number | null;
  createdAt: Date;
  /** FIB: the QR and code to pay in the app, while the payment is open */
  qrCode?: string;
  readableCode?: string;
  appLink?: string;
  redirectUrl?: string;
}

export function paymentView(row: PaymentRow): PaymentView {
  const started =
    row.paymentStatus === "pending" && row.details
      ? (JSON.parse(row.details) as { started?: Partial<PaymentView> }).started
      : undefined;
  return {
    id: row.id,
    purpose: row.purpose,
    gateway: row.paymentMethod,
    status: row.paymentStatus,
    amount: row.amount,
    refundedAmount: row.refundedAmount,
    bookingId: row.bookingId,
    createdAt: row.createdAt,
    ...(started ?? {}),
  };
}

/**
 * The payer's own payment, or the admin's look at any: everyone else gets 404, as if it did not exist. A chat's signed
 * link (`link`, ADR 085) opens that one payment without a session; it is checked before anything is read.
 */
async function readable(ctx: ServiceContext, rawId: string, link?: string): Promise<PaymentRow> {
  const id = /^[0-9]{1,12}$/.test(rawId) ? Number(rawId) : 0;
  const byLink = Boolean(link) && id > 0 && (await ctx.ports.payments.links.verify(id, link!, ctx.now().getTime()));
  const actor = byLink ? null : requireUser(ctx.actor);
  const [row] = id ? await ctx.db.select().from(payments).where(eq(payments.id, id)).limit(1) : [];
  if (!row || (actor && row.customerId !== actor.userId && !actor.isAdmin))
    throw new ServiceError("NOT_FOUND", "payments.errors.notFound");
  return row;
}

/** The address of a payment's page that a chat sends: its signed link when links are keyed, else the page itself. */
export async function paymentPagePath(ctx: Pick<ServiceContext, "ports" | "now">, paymentId: number): Promise<string> {
  const k = await ctx.ports.payments.links.sign(paymentId, ctx.now().getTime());
  return `/payments/${paymentId}${k ? `?k=${k}` : ""}`;
}

export async function getPayment(ctx: ServiceContext, rawId: string): Promise<PaymentView> {
  return paymentView(await readable(ctx, rawId));
}

/**
 * The payer came back from the gateway's page: the gateway is asked, server to server, where the payment stands
 * (the return itself proves nothing). A payment already settled is shown as it is.
 */
export async function refreshPayment(ctx: ServiceContext, rawId: string, link?: string): Promise<PaymentView> {
  const row = await readable(ctx, rawId, link);
  const gateway = row.transactionId ? ctx.ports.payments.gateways[row.paymentMethod as GatewayName] : undefined;
  if (row.paymentStatus !== "pending" || !gateway) return paymentView(row);
  try {
    const settled = await settle(
      ctx,
      row.paymentMethod as GatewayName,
      await gateway.status(row.transactionId!),
      "status",
    );
    await afterSettled(ctx, settled);
    return "payment" in settled ? paymentView(settled.payment) : paymentView(row);
  } catch (err) {
    if (err instanceof GatewayFailure) return paymentView(row);
    throw err;
  }
}

/** Receipts for a change this request made (never for a duplicate): in the bell and each linked chat. */
export async function afterSettled(ctx: Pick<ServiceContext, "db" | "ports">, settled: Settled): Promise<void> {
  if (settled.outcome !== "changed") return;
  const p = settled.payment;
  const params = { amount: p.amount, purpose: p.purpose, gateway: p.paymentMethod };
  if (p.paymentStatus === "paid") {
    await notify(ctx, {
      userId: p.customerId,
      type: "payment",
      key: "notices.paymentReceipt",
      params,
      relatedId: p.id,
    });
    if (p.purpose === "deposit") await notifyProviderOf(ctx, p, "notices.depositPaid");
  } else if (p.paymentStatus === "failed" || p.paymentStatus === "expired" || p.paymentStatus === "cancelled") {
    await notify(ctx, {
      userId: p.customerId,
      type: "payment",
      key: "notices.paymentNotMade",
      params,
      relatedId: p.id,
    });
  } else if (p.paymentStatus === "refunded" || p.paymentStatus === "partially_refunded") {
    await notify(ctx, {
      userId: p.customerId,
      type: "payment",
      key: "notices.paymentRefunded",
      params: { ...params, amount: p.refundedAmount },
      relatedId: p.id,
    });
    if (p.purpose === "deposit") await notifyProviderOf(ctx, p, "notices.depositRefunded");
  }
}

async function notifyProviderOf(ctx: Pick<ServiceContext, "db" | "ports">, p: PaymentRow, key: string) {
  const [owner] = await ctx.db.all<{ userId: number | null }>(
    sql`select user_id as userId from service_providers where id = ${p.providerId}`,
  );
  if (owner?.userId)
    await notify(ctx, {
      userId: owner.userId,
      type: "booking",
      key,
      params: { amount: p.amount },
      relatedId: p.bookingId,
    });
}

/**
 * A webhook door's one verb: the gateway's adapter proves the callback (a signature, or the gateway's own status call
 * when it signs nothing), then the ledger applies it. What proves nothing is logged and changes nothing.
 */
export async function paymentCallback(
  ctx: ServiceContext,
  name: GatewayName,
  request: CallbackRequest,
): Promise<"ok" | "rejected" | "retry"> {
  const gateway = ctx.ports.payments.gateways[name];
  if (!gateway) return "rejected";
  try {
    const settled = await settle(ctx, name, await gateway.verifyCallback(request), "callback");
    await afterSettled(ctx, settled);
    return settled.outcome === "unknown" || settled.outcome === "mismatch" ? "rejected" : "ok";
  } catch (err) {
    if (err instanceof CallbackRejected) {
      await logEvent(ctx, { gateway: name, kind: "rejected", note: err.message.slice(0, 200) });
      return "rejected";
    }
    // the gateway could not be asked now (FIB's status call): it sends again, and the sweep asks later
    if (err instanceof GatewayFailure) return "retry";
    throw err;
  }
}

/** A claim on a refund older than this is a crashed one and may be taken again. */
const REFUND_CLAIM_MS = 120_000;

/**
 * Gives a paid payment back, all of it or (Qi Card only) a part: by the system (a declined or expired booking's
 * deposit) or by the admin. The row is claimed first, so two refunds of one payment never both reach the gateway.
 */
export async function refundPayment(
  ctx: Pick<ServiceContext, "db" | "ports" | "now">,
  paymentId: number,
  opts: { reason: string; amount?: number; by: string },
): Promise<PaymentRow> {
  const now = ctx.now().getTime();
  const [row] = await ctx.db
    .update(payments)
    .set({ refundClaimedAt: new Date(now) })
    .where(
      and(
        eq(payments.id, paymentId),
        sql`${payments.paymentStatus} in ('paid', 'partially_refunded')`,
        or(isNull(payments.refundClaimedAt), lt(payments.refundClaimedAt, new Date(now - REFUND_CLAIM_MS))),
      ),
    )
    .returning();
  if (!row) throw new ServiceError("CONFLICT", "payments.errors.notRefundable");
  const release = () => ctx.db.update(payments).set({ refundClaimedAt: null }).where(eq(payments.id, row.id));
  const left = row.amount - row.refundedAmount;
  const amount = opts.amount ?? left;
  const gateway = ctx.ports.payments.gateways[row.paymentMethod as GatewayName];
  if (
    !gateway ||
    !row.transactionId ||
    amount < 1 ||
    amount > left ||
    (amount !== left && row.paymentMethod !== "qicard") ||
    (row.paymentMethod !== "qicard" && row.refundedAmount > 0)
  ) {
    await release();
    throw new ServiceError("VALIDATION", "payments.errors.refundAmount");
  }
  let refundId: string | null;
  try {
    refundId = (await gateway.refund(row.transactionId, amount, opts.reason)).refundId;
  } catch (err) {
    await release();
    if (err instanceof GatewayFailure) throw new ServiceError("UNAVAILABLE", "payments.errors.gatewayDown");
    throw err;
  }
  const refunded = row.refundedAmount + amount;
  const to = refunded >= row.amount ? "refunded" : "partially_refunded";
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(payments)
      .set({
        paymentStatus: to,
        refundedAmount: refunded,
        refundClaimedAt: null,
        ...shares(row.purpose, to, row.amount, refunded),
        updatedAt: new Date(now),
      })
      .where(eq(payments.id, row.id))
      .returning(),
    ctx.db.insert(paymentEvents).values({
      paymentId: row.id,
      gateway: row.paymentMethod,
      kind: "refunded",
      status: to,
      amount,
      eventKey: `${row.paymentMethod}:${row.transactionId}:refund:${refunded}`,
      note: `${opts.by}: ${opts.reason}`.slice(0, 200),
    }),
    // a batch item, not a run: a query run here would go before the batch and the batch would refuse the promise
    ...(row.purpose === "sponsored" && to === "refunded"
      ? [
          ctx.db
            .update(sponsoredAds)
            .set({ isActive: false, endsAt: new Date(now) })
            .where(eq(sponsoredAds.paymentId, row.id)),
        ]
      : []),
  ] as unknown as Parameters<typeof ctx.db.batch>[0]);
  const payment = (updated as PaymentRow[])[0];
  await afterSettled(ctx, { outcome: "changed", payment, from: row.paymentStatus });
  return payment;
}
