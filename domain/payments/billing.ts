/**
 * What the provider's billing page shows (ADR 085): the plan and until when, the prices, the deposit asked, the ways to
 * pay this Worker offers, the provider's own payments (invoices) and what the ledger owes them (earnings).
 */
import { desc, eq, or } from "drizzle-orm";
import { payments, serviceProviders } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { GATEWAYS } from "./gateway";
import { ledgerBalance } from "./ledger";
import { paymentView, type PaymentView } from "./payments";
import { priceList, SPONSORED_POSITIONS } from "./startPayment";

export interface Billing {
  providerId: number;
  subscribedUntil: Date | null;
  active: boolean;
  prices: { subscription: number; sponsored: Record<(typeof SPONSORED_POSITIONS)[number], number> };
  depositAmount: number | null;
  depositsAllowed: boolean;
  gateways: (typeof GATEWAYS)[number][];
  /** the provider's payments to Dalil and the deposits paid to them, newest first */
  payments: PaymentView[];
  earnings: number;
}

export async function myBilling(ctx: ServiceContext): Promise<Billing> {
  const { userId } = requireUser(ctx.actor);
  const [p] = await ctx.db
    .select({
      id: serviceProviders.id,
      until: serviceProviders.subscribedUntil,
      deposit: serviceProviders.depositAmount,
    })
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, userId))
    .limit(1);
  if (!p) throw new ServiceError("FORBIDDEN", "payments.errors.notProvider");
  const [list, rows, balance] = await Promise.all([
    priceList(ctx),
    ctx.db
      .select()
      .from(payments)
      .where(or(eq(payments.customerId, userId), eq(payments.providerId, p.id)))
      .orderBy(desc(payments.id))
      .limit(30),
    ledgerBalance(ctx, p.id),
  ]);
  return {
    providerId: p.id,
    subscribedUntil: p.until,
    active: !!p.until && p.until.getTime() > ctx.now().getTime(),
    prices: {
      subscription: list.subscription ?? 25_000,
      sponsored: Object.fromEntries(
        SPONSORED_POSITIONS.map((k) => [k, list[`sponsored_${k}`] ?? 0]),
      ) as Billing["prices"]["sponsored"],
    },
    depositAmount: p.deposit,
    depositsAllowed: ctx.ports.payments.depositsAllowed,
    gateways: GATEWAYS.filter((g) => ctx.ports.payments.gateways[g]),
    // a customer's deposit to this listing shows its amount and state, never the payer
    payments: rows.map((r) => {
      const { qrCode: _q, readableCode: _c, appLink: _a, redirectUrl: _r, ...seen } = paymentView(r);
      return r.customerId === userId ? paymentView(r) : seen;
    }),
    earnings: balance.earnings,
  };
}
