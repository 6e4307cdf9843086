/**
 * POST /api/payments, for every door (the web, the bot's links, tests): a payment for a provider's month, a sponsored
 * place or a booking's deposit, at the price the server computes; an amount sent by the client is never read. The
 * row is written pending before the gateway is called, so a gateway's callback always finds it (ADR 085).
 */
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { z } from "zod";
import { bookings, paymentEvents, payments, prices, serviceProviders, sponsoredAds } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { idField } from "../ids";
import { LIMITS, takeSlot } from "../rateLimit";
import { parseInput } from "../validation";
import { GATEWAYS, GatewayFailure, type GatewayName } from "./gateway";
import { MONTH_DAYS, shares } from "./ledger";
import { paymentPagePath } from "./payments";

export const SPONSORED_POSITIONS = ["hero", "category", "sidebar"] as const;
/** a pending payment nobody finished is given up after this long (the gateways' own pages expire sooner) */
export const PAYMENT_TTL_MS = 30 * 60_000;

const schema = z.discriminatedUnion(
  "purpose",
  [
    z.object({ purpose: z.literal("subscription"), gateway: z.enum(GATEWAYS, { message: "payments.errors.gateway" }) }),
    z.object({
      purpose: z.literal("sponsored"),
      gateway: z.enum(GATEWAYS, { message: "payments.errors.gateway" }),
      position: z.enum(SPONSORED_POSITIONS, { message: "payments.errors.position" }),
      days: z.coerce
        .number({ message: "payments.errors.days" })
        .int("payments.errors.days")
        .min(1, "payments.errors.days")
        .max(30, "payments.errors.days"),
    }),
    z.object({
      purpose: z.literal("deposit"),
      gateway: z.enum(GATEWAYS, { message: "payments.errors.gateway" }),
      bookingId: idField("errors.bookingNotFound"),
    }),
  ],
  { message: "payments.errors.purpose" },
);

export interface StartedView {
  paymentId: number;
  redirectUrl: string;
  amount: number;
  /** FIB: what the person scans or types in the app */
  qrCode?: string;
  readableCode?: string;
  appLink?: string;
  /** started from a chat: Dalil's page for this payment, signed so it opens without a session (ADR 085) */
  pageUrl?: string;
}

import { DEFAULT_PRICES } from "./prices";
export { DEFAULT_PRICES };

/** The admin's prices, whole dinars; a price never set is its default. */
export async function priceList(ctx: Pick<ServiceContext, "db">): Promise<Record<string, number>> {
  const rows = await ctx.db.select().from(prices);
  return { ...DEFAULT_PRICES, ...Object.fromEntries(rows.map((r) => [r.key, r.amount])) };
}

/** The listing the signed-in provider runs, or FORBIDDEN. */
async function ownListing(ctx: Pick<ServiceContext, "db">, userId: number) {
  const [p] = await ctx.db
    .select({ id: serviceProviders.id, name: serviceProviders.name, subscribedUntil: serviceProviders.subscribedUntil })
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, userId))
    .limit(1);
  if (!p) throw new ServiceError("FORBIDDEN", "payments.errors.notProvider");
  return p;
}

/** What is being paid for: the payee listing, the amount and the details, decided here and nowhere else. */
async function quote(ctx: ServiceContext, input: z.output<typeof schema>, userId: number) {
  const list = await priceList(ctx);
  if (input.purpose === "subscription") {
    const p = await ownListing(ctx, userId);
    return {
      providerId: p.id,
      amount: list.subscription ?? 25_000,
      details: { months: 1 },
      bookingId: null,
      label: "payments.for.subscription",
    };
  }
  if (input.purpose === "sponsored") {
    const p = await ownListing(ctx, userId);
    const perDay = list[`sponsored_${input.position}`];
    if (!perDay) throw new ServiceError("VALIDATION", "payments.errors.position");
    return {
      providerId: p.id,
      amount: perDay * input.days,
      details: { position: input.position, days: input.days },
      bookingId: null,
      label: "payments.for.sponsored",
      name: p.name,
    };
  }
  if (!ctx.ports.payments.depositsAllowed) throw new ServiceError("FORBIDDEN", "payments.errors.depositsOff");
  const [b] = await ctx.db
    .select({
      id: bookings.id,
      customerId: bookings.customerId,
      status: bookings.status,
      providerId: bookings.providerId,
      deposit: serviceProviders.depositAmount,
      subscribedUntil: serviceProviders.subscribedUntil,
    })
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where(eq(bookings.id, input.bookingId))
    .limit(1);
  if (!b || b.customerId !== userId) throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
  if (!b.deposit || !b.subscribedUntil || b.subscribedUntil.getTime() <= ctx.now().getTime())
    throw new ServiceError("CONFLICT", "payments.errors.noDeposit");
  if (b.status !== "pending" && b.status !== "accepted") throw new ServiceError("CONFLICT", "errors.bookingState");
  const [paid] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, b.id),
        eq(payments.purpose, "deposit"),
        inArray(payments.paymentStatus, ["paid", "partially_refunded"]),
      ),
    )
    .limit(1);
  if (paid) throw new ServiceError("CONFLICT", "payments.errors.depositPaid");
  return { providerId: b.providerId, amount: b.deposit, details: {}, bookingId: b.id, label: "payments.for.deposit" };
}

/**
 * What a payment would cost before it is started (the bot's "how would you like to pay?"), by the same rules as
 * starting it: the purpose's own checks (a listing to renew, the customer's own booking, a deposit asked and unpaid).
 */
export async function paymentQuote(
  ctx: ServiceContext,
  raw: { purpose: string; bookingId?: number },
): Promise<{ amount: number }> {
  const actor = requireUser(ctx.actor);
  const q = await quote(ctx, parseInput(schema, { gateway: GATEWAYS[0], ...raw }), actor.userId);
  return { amount: q.amount };
}

/**
 * Starts a payment. `origin` is Dalil's own (PUBLIC_URL or the request's): the return page and the webhook door are
 * always Dalil's, never an address from the request's body. `fromChat`: the person pays on a phone's browser where
 * nobody is signed in, so the return page (and `pageUrl`) carry the payment's signed link.
 */
export async function startPayment(
  ctx: ServiceContext,
  raw: unknown,
  origin: string,
  opts: { fromChat?: boolean } = {},
): Promise<StartedView> {
  const actor = requireUser(ctx.actor);
  const input = parseInput(schema, raw);
  const gateway = ctx.ports.payments.gateways[input.gateway as GatewayName];
  if (!gateway) throw new ServiceError("UNAVAILABLE", "payments.errors.gatewayOff");
  const q = await quote(ctx, input, actor.userId);
  await takeSlot(ctx, LIMITS.startPayment(actor.userId));
  const now = ctx.now().getTime();
  // a deposit started again while its first try is still open is that same try (one deposit per booking)
  if (q.bookingId !== null) {
    const [open] = await ctx.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.bookingId, q.bookingId),
          eq(payments.purpose, "deposit"),
          eq(payments.paymentStatus, "pending"),
          eq(payments.paymentMethod, input.gateway),
          gt(payments.expiresAt, new Date(now + 60_000)),
        ),
      )
      .orderBy(desc(payments.id))
      .limit(1);
    const kept = open?.details
      ? (JSON.parse(open.details) as { started?: Omit<StartedView, "paymentId" | "amount"> }).started
      : undefined;
    if (open && kept)
      return {
        paymentId: open.id,
        amount: open.amount,
        ...kept,
        ...(opts.fromChat ? { pageUrl: `${origin}${await paymentPagePath(ctx, open.id)}` } : {}),
      };
  }
  const [row] = await ctx.db
    .insert(payments)
    .values({
      purpose: input.purpose,
      bookingId: q.bookingId,
      customerId: actor.userId,
      providerId: q.providerId,
      amount: q.amount,
      paymentMethod: input.gateway,
      paymentStatus: "pending",
      ...shares(input.purpose, "pending", q.amount, 0),
      details: JSON.stringify(q.details),
      expiresAt: new Date(now + PAYMENT_TTL_MS),
    })
    .returning();
  if (input.purpose === "sponsored") {
    // the place waits, switched off, for its payment (ledger.ts starts it the moment the payment is proven)
    await ctx.db.insert(sponsoredAds).values({
      position: input.position,
      title: q.name ?? "",
      linkUrl: `/providers/${q.providerId}`,
      sponsor: q.name ?? "",
      isActive: false,
      providerId: q.providerId,
      paymentId: row.id,
    });
  }
  const page = `${origin}${opts.fromChat ? await paymentPagePath(ctx, row.id) : `/payments/${row.id}`}`;
  let started;
  try {
    started = await gateway.start({
      reference: `dalil-${row.id}`,
      amount: q.amount,
      description: ctx.ports.texts
        .render(ctx.locale, q.label, { days: input.purpose === "sponsored" ? input.days : MONTH_DAYS })
        .slice(0, 50),
      lang: ctx.locale,
      returnUrl: page,
      callbackUrl: `${origin}/webhooks/payments/${input.gateway}`,
    });
  } catch (err) {
    await ctx.db.batch([
      ctx.db
        .update(payments)
        .set({ paymentStatus: "failed", updatedAt: new Date(now) })
        .where(eq(payments.id, row.id)),
      ctx.db.insert(paymentEvents).values({
        paymentId: row.id,
        gateway: input.gateway,
        kind: "failed",
        status: "failed",
        note: `start: ${String(err).slice(0, 200)}`,
      }),
    ]);
    if (err instanceof GatewayFailure) throw new ServiceError("UNAVAILABLE", "payments.errors.gatewayDown");
    throw err;
  }
  const shown = {
    redirectUrl: started.redirectUrl,
    qrCode: started.qrCode,
    readableCode: started.readableCode,
    appLink: started.appLink,
  };
  const expiresAt = Math.min(started.expiresAt?.getTime() ?? now + PAYMENT_TTL_MS, now + PAYMENT_TTL_MS);
  await ctx.db.batch([
    ctx.db
      .update(payments)
      .set({
        transactionId: started.gatewayPaymentId,
        expiresAt: new Date(expiresAt),
        details: JSON.stringify({ ...q.details, started: shown }),
      })
      .where(eq(payments.id, row.id)),
    ctx.db
      .insert(paymentEvents)
      .values({ paymentId: row.id, gateway: input.gateway, kind: "started", status: "pending", amount: q.amount }),
  ]);
  return { paymentId: row.id, amount: q.amount, ...shown, ...(opts.fromChat ? { pageUrl: page } : {}) };
}
