/**
 * The payments' sweeps (ADR 085). Every 5 minutes: each pending payment a minute old is asked of its gateway (a
 * callback that never came is found here), and one past its time is expired; a paid deposit whose booking was
 * declined, expired or cancelled is given back. Nightly: the last two days' paid payments are asked again (a refund
 * made on the gateway's own dashboard), and providers are reminded of a month that ends in 3 days, in 1, or ended.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte } from "drizzle-orm";
import { bookings, paymentEvents, payments, serviceProviders } from "../../db/schema";
import type { ServiceContext } from "../context";
import { notify } from "../notifications/notifications";
import { GatewayFailure, type GatewayName } from "./gateway";
import { NO_SHOW_ANSWER_HOURS } from "../bookings/afterBookingRules";
import { DAY_MS, logEvent, settle, type PaymentRow } from "./ledger";
import { afterSettled, refundPayment } from "./payments";

export const RECONCILE_BATCH = 50;
/** a callback has this long to come before the sweep asks the gateway itself */
const GRACE_MS = 60_000;

type Ctx = Pick<ServiceContext, "db" | "ports" | "now">;

/** Asks the gateway where each payment stands and applies it; expires what is still open past its time. */
async function check(ctx: Ctx, rows: PaymentRow[]) {
  const report = { asked: 0, changed: 0, expired: 0, unreachable: 0 };
  const now = ctx.now().getTime();
  for (const row of rows) {
    const name = row.paymentMethod as GatewayName;
    const gateway = ctx.ports.payments.gateways[name];
    if (!row.transactionId) {
      // the gateway never took it (the start failed half-way): nothing can have been paid
      if (row.paymentStatus === "pending" && (row.expiresAt?.getTime() ?? 0) < now) {
        await ctx.db
          .update(payments)
          .set({ paymentStatus: "failed", updatedAt: new Date(now) })
          .where(and(eq(payments.id, row.id), eq(payments.paymentStatus, "pending")));
        report.expired++;
      }
      continue;
    }
    if (!gateway) continue;
    report.asked++;
    try {
      let settled = await settle(ctx, name, await gateway.status(row.transactionId), "status");
      if (settled.outcome !== "changed" && row.paymentStatus === "pending" && (row.expiresAt?.getTime() ?? 0) < now) {
        settled = await settle(
          ctx,
          name,
          {
            gatewayPaymentId: row.transactionId,
            status: "expired",
            amount: row.amount,
            eventId: `${name}:${row.transactionId}:expired`,
          },
          "status",
        );
        if (settled.outcome === "changed") report.expired++;
      } else if (settled.outcome === "changed") report.changed++;
      await afterSettled(ctx, settled);
    } catch (err) {
      if (!(err instanceof GatewayFailure)) throw err;
      report.unreachable++;
    }
  }
  return report;
}

export async function reconcilePending(ctx: Ctx, limit = RECONCILE_BATCH) {
  const now = ctx.now().getTime();
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.paymentStatus, "pending"), lt(payments.createdAt, new Date(now - GRACE_MS))))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
  const pending = await check(ctx, rows);
  // the live deposits (paid, their booking not done with them): each goes back, is kept, or waits (ADR 085)
  const live = await ctx.db
    .select({
      id: payments.id,
      status: bookings.status,
      noShow: bookings.noShow,
      noShowAt: bookings.noShowAt,
      noShowAnswer: bookings.noShowAnswer,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.purpose, "deposit"), eq(payments.paymentStatus, "paid"), isNull(payments.settledAt)))
    .limit(200);
  let refunded = 0;
  let kept = 0;
  for (const d of live) {
    const customerAbsent = d.status === "accepted" && d.noShow === "customer";
    const answerClosed =
      customerAbsent &&
      d.noShowAnswer === null &&
      !!d.noShowAt &&
      d.noShowAt.getTime() + NO_SHOW_ANSWER_HOURS * 3_600_000 < now;
    if (d.status === "completed" || answerClosed) {
      // the job was done, or the customer did not come and did not answer in time: the provider keeps it
      const [settled] = await ctx.db
        .update(payments)
        .set({ settledAt: new Date(now) })
        .where(and(eq(payments.id, d.id), isNull(payments.settledAt)))
        .returning({ id: payments.id });
      if (settled)
        await logEvent(ctx, {
          paymentId: d.id,
          kind: "kept",
          eventKey: `deposit:${d.id}:kept`,
          note: d.status === "completed" ? "job done" : "no-show, not answered",
        });
      kept++;
    } else if (d.status === "declined" || d.status === "expired" || d.status === "cancelled") {
      try {
        await refundPayment(ctx, d.id, { reason: "booking did not go ahead", by: "system" });
        refunded++;
      } catch {
        // claimed by another refund, or the gateway is down: the next sweep tries again
      }
    }
    // pending or accepted, or a no-show the customer answered (contested: the admin decides): it waits
  }
  return { ...pending, depositsRefunded: refunded, depositsKept: kept };
}

/** Nightly: the recent paid ones asked again, and the subscription's reminders. */
export async function reconcileNightly(ctx: Ctx, limit = 500) {
  const now = ctx.now().getTime();
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.paymentMethod, ["zaincash", "qicard", "fib"]),
        inArray(payments.paymentStatus, ["pending", "paid"]),
        gt(payments.createdAt, new Date(now - 2 * DAY_MS)),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(limit);
  const checked = await check(ctx, rows);
  return { ...checked, reminders: await remindSubscriptions(ctx) };
}

/**
 * A month that ends in 3 days or 1, or has just ended, is said once each, in the bell and each linked chat with the
 * link to pay. A lapse hides nothing and cancels no booking: the listing stays findable.
 */
export async function remindSubscriptions(ctx: Ctx, limit = 200) {
  const now = ctx.now().getTime();
  const rows = await ctx.db
    .select({ id: serviceProviders.id, userId: serviceProviders.userId, until: serviceProviders.subscribedUntil })
    .from(serviceProviders)
    .where(
      and(
        isNotNull(serviceProviders.userId),
        gt(serviceProviders.subscribedUntil, new Date(now - 7 * DAY_MS)),
        lte(serviceProviders.subscribedUntil, new Date(now + 3 * DAY_MS)),
      ),
    )
    .orderBy(asc(serviceProviders.subscribedUntil))
    .limit(limit);
  let sent = 0;
  for (const p of rows) {
    const until = p.until!.getTime();
    const left = until - now;
    const which = left <= 0 ? "lapsed" : left <= DAY_MS ? "1" : "3";
    const [fresh] = await ctx.db
      .insert(paymentEvents)
      .values({ kind: "reminder", eventKey: `renew:${p.id}:${until}:${which}`, note: `subscription ${which}` })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh || !p.userId) continue;
    const key = which === "lapsed" ? "notices.subscriptionLapsed" : "notices.subscriptionEnding";
    // the chat renews in a tap: the choice starts the bot's payment (bot/flows/pay.ts)
    await notify(ctx, {
      userId: p.userId,
      type: "payment",
      key,
      params: { days: which === "lapsed" ? 0 : Number(which), link: "/dashboard/billing" },
      relatedId: null,
      choices: [{ key: "payments.chat.renewNow", action: "rn" }],
    });
    sent++;
  }
  return sent;
}

/** Contested deposits (the customer answered a no-show) wait for the admin: what the payments tab lists first. */
export const contestedDeposits = (ctx: Pick<ServiceContext, "db">) =>
  ctx.db
    .select({ id: payments.id, bookingId: payments.bookingId, amount: payments.amount })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        eq(payments.purpose, "deposit"),
        eq(payments.paymentStatus, "paid"),
        isNull(payments.settledAt),
        eq(bookings.noShow, "customer"),
        isNotNull(bookings.noShowAnswer),
      ),
    )
    .limit(50);
