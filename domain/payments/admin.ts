/**
 * The admin's side of the ledger (ADR 085): every payment, filtered and paged by id, its story, refunds, a provider's
 * balance, the CSV export, the price list, and the contested deposits the admin decides. Every verb is admin-only.
 */
import { and, asc, desc, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  bookings,
  paymentEvents,
  payments,
  prices,
  serviceProviders,
  users,
  PAYMENT_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
} from "../../db/schema";
import { requireAdmin } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { idParam } from "../ids";
import { iqdAmount } from "../money";
import { parseInput } from "../validation";
import { ledgerBalance } from "./ledger";
import { refundPayment } from "./payments";
import { priceList, SPONSORED_POSITIONS } from "./startPayment";

type Ctx = Pick<ServiceContext, "db" | "actor">;
type Filter = Record<string, string | null | undefined>;

export const ADMIN_PAGE = 50;
/** the CSV's bound: far above a year of Dalil's payments, and still one Worker's memory */
export const CSV_MAX_ROWS = 50_000;

export interface PaymentFilters {
  gateway?: (typeof PAYMENT_METHODS)[number];
  status?: (typeof PAYMENT_STATUSES)[number];
  purpose?: (typeof PAYMENT_PURPOSES)[number];
}

/**
 * The filters from a query string: an unknown or empty value
 * ("all") is no filter, not an error, so a stale link still opens.
 */
export function paymentFilters(q: Filter): PaymentFilters {
  const pick = <T extends string>(list: readonly T[], v: string | null | undefined) =>
    (list as readonly string[]).includes(v ?? "") ? (v as T) : undefined;
  return {
    gateway: pick(PAYMENT_METHODS, q.gateway),
    status: pick(PAYMENT_STATUSES, q.status),
    purpose: pick(PAYMENT_PURPOSES, q.purpose),
  };
}

const listColumns = {
  id: payments.id,
  purpose: payments.purpose,
  gateway: payments.paymentMethod,
  status: payments.paymentStatus,
  amount: payments.amount,
  refundedAmount: payments.refundedAmount,
  platformFee: payments.platformFee,
  providerEarnings: payments.providerEarnings,
  providerId: payments.providerId,
  providerName: serviceProviders.name,
  payerId: payments.customerId,
  bookingId: payments.bookingId,
  transactionId: payments.transactionId,
  createdAt: payments.createdAt,
};

async function page(ctx: Ctx, f: PaymentFilters, before: number | null, limit: number) {
  const where: SQL[] = [];
  if (f.gateway) where.push(eq(payments.paymentMethod, f.gateway));
  if (f.status) where.push(eq(payments.paymentStatus, f.status));
  if (f.purpose) where.push(eq(payments.purpose, f.purpose));
  if (before) where.push(lt(payments.id, before));
  return ctx.db
    .select(listColumns)
    .from(payments)
    .innerJoin(serviceProviders, eq(serviceProviders.id, payments.providerId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(payments.id))
    .limit(limit);
}

export type AdminPaymentRow = Awaited<ReturnType<typeof page>>[number];

/** Newest first, `limit` a page; `next` is the id to pass as `before` for the page after, or null at the end. */
export async function adminListPayments(ctx: Ctx, q: Filter) {
  requireAdmin(ctx.actor);
  const limit = Math.min(Math.max(Number(q.limit) || ADMIN_PAGE, 1), 200);
  const before = /^[0-9]{1,12}$/.test(q.before ?? "") ? Number(q.before) : null;
  const rows = await page(ctx, paymentFilters(q), before, limit + 1);
  const items = rows.slice(0, limit);
  return { items, next: rows.length > limit ? items[items.length - 1].id : null };
}

/** A payment's story, oldest first: every event the ledger kept for it. */
export async function adminPaymentEvents(ctx: Ctx, rawId: string) {
  requireAdmin(ctx.actor);
  const id = idParam(rawId, "payments.errors.notFound");
  const [row] = await ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.id, id)).limit(1);
  if (!row) throw new ServiceError("NOT_FOUND", "payments.errors.notFound");
  return ctx.db
    .select({
      id: paymentEvents.id,
      kind: paymentEvents.kind,
      status: paymentEvents.status,
      amount: paymentEvents.amount,
      note: paymentEvents.note,
      createdAt: paymentEvents.createdAt,
    })
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, id))
    .orderBy(asc(paymentEvents.id));
}

const refundSchema = z.object({
  amount: z.preprocess((v) => (v === "" || v === null ? undefined : v), iqdAmount.optional()),
  reason: z.string().trim().max(200).optional(),
});

/** The admin gives a payment back: the whole of what is left, or (Qi Card only, refundPayment's rule) a part. */
export async function adminRefund(
  ctx: Pick<ServiceContext, "db" | "actor" | "ports" | "now">,
  rawId: string,
  raw: unknown,
) {
  const admin = requireAdmin(ctx.actor);
  const input = parseInput(refundSchema, raw);
  const row = await refundPayment(ctx, idParam(rawId, "payments.errors.notFound"), {
    amount: input.amount,
    reason: input.reason || "refunded by the admin",
    by: `admin:${admin.userId}`,
  });
  return { id: row.id, status: row.paymentStatus, amount: row.amount, refundedAmount: row.refundedAmount };
}

/** What the ledger holds for one listing: the balance (earnings + fees = paid − refunded) and how many of each. */
export async function adminProviderBalance(ctx: Ctx, rawId: string) {
  requireAdmin(ctx.actor);
  const providerId = idParam(rawId, "errors.providerNotFound");
  const [p] = await ctx.db
    .select({ id: serviceProviders.id, name: serviceProviders.name })
    .from(serviceProviders)
    .where(eq(serviceProviders.id, providerId))
    .limit(1);
  if (!p) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
  const [balance, counts] = await Promise.all([
    ledgerBalance(ctx, providerId),
    ctx.db
      .select({ status: payments.paymentStatus, n: sql<number>`count(*)` })
      .from(payments)
      .where(eq(payments.providerId, providerId))
      .groupBy(payments.paymentStatus),
  ]);
  const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])) as Partial<
    Record<(typeof PAYMENT_STATUSES)[number], number>
  >;
  return { providerId: p.id, name: p.name, ...balance, count: counts.reduce((s, c) => s + Number(c.n), 0), byStatus };
}

const CSV_HEADER = [
  "id",
  "created",
  "purpose",
  "gateway",
  "status",
  "provider_id",
  "provider",
  "payer_id",
  "amount",
  "refunded",
  "fee",
  "earnings",
  "booking_id",
  "transaction_id",
];

/**
 * One CSV field: quoted when it holds a comma, quote or line
 * break; a text that Excel would run as a formula is defused.
 */
export function csvField(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return String(v);
  const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The list as CSV, same filters, every page: UTF-8 with a BOM (Excel then reads Arabic and Sorani names), CRLF lines.
 */
export async function adminPaymentsCsv(ctx: Ctx, q: Filter): Promise<string> {
  requireAdmin(ctx.actor);
  const f = paymentFilters(q);
  const lines = [CSV_HEADER.join(",")];
  let before: number | null = null;
  while (lines.length <= CSV_MAX_ROWS) {
    const rows = await page(ctx, f, before, 500);
    for (const r of rows) {
      const cells = [
        r.id,
        r.createdAt.toISOString(),
        r.purpose,
        r.gateway,
        r.status,
        r.providerId,
        r.providerName,
        r.payerId,
        r.amount,
        r.refundedAmount,
        r.platformFee,
        r.providerEarnings,
        r.bookingId,
        r.transactionId,
      ];
      lines.push(cells.map(csvField).join(","));
    }
    if (rows.length < 500) break;
    before = rows[rows.length - 1].id;
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** The admin's price list: whole dinars, and the free first month as on or off. */
export async function adminPrices(ctx: Ctx) {
  requireAdmin(ctx.actor);
  const list = await priceList(ctx);
  return {
    subscription: list.subscription ?? 25_000,
    freeFirstMonth: list.free_first_month === 1,
    sponsored: Object.fromEntries(SPONSORED_POSITIONS.map((p) => [p, list[`sponsored_${p}`] ?? 0])) as Record<
      (typeof SPONSORED_POSITIONS)[number],
      number
    >,
  };
}

const onOff = z
  .union([z.boolean(), z.number(), z.string()])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === "1" || v === "on" || v === "true"));
const priceSchema = z.object({
  subscription: iqdAmount.optional(),
  free_first_month: onOff,
  ...Object.fromEntries(SPONSORED_POSITIONS.map((p) => [`sponsored_${p}`, iqdAmount.optional()])),
});

/** Changes what the next payment is charged (a started one keeps its amount): only the prices sent are written. */
export async function updatePrices(ctx: Ctx, raw: unknown) {
  requireAdmin(ctx.actor);
  const input = parseInput(priceSchema, raw) as Record<string, number | boolean | undefined>;
  const rows = Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([key, v]) => ({ key, amount: typeof v === "boolean" ? Number(v) : (v as number) }));
  for (const r of rows) {
    await ctx.db
      .insert(prices)
      .values(r)
      .onConflictDoUpdate({ target: prices.key, set: { amount: r.amount, updatedAt: new Date() } });
  }
  return adminPrices(ctx);
}

const keptKey = (paymentId: number) => `deposit:${paymentId}:kept`;

/**
 * A paid deposit whose no-show the customer answered, not decided
 * yet: the admin gives it back or keeps it for the provider.
 */
function contestedWhere() {
  return and(
    eq(payments.purpose, "deposit"),
    eq(payments.paymentStatus, "paid"),
    eq(bookings.noShow, "customer"),
    sql`${bookings.noShowAnswer} is not null`,
    isNull(payments.settledAt),
  );
}

export async function adminContestedDeposits(ctx: Ctx) {
  requireAdmin(ctx.actor);
  return ctx.db
    .select({
      id: payments.id,
      bookingId: payments.bookingId,
      amount: payments.amount,
      gateway: payments.paymentMethod,
      listing: serviceProviders.name,
      customer: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${payments.customerId})`,
      answer: bookings.noShowAnswer,
      claimedAt: bookings.noShowAt,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(serviceProviders, eq(serviceProviders.id, payments.providerId))
    .where(contestedWhere())
    .orderBy(asc(payments.id))
    .limit(50);
}

async function contested(ctx: Ctx, rawId: string) {
  const id = idParam(rawId, "payments.errors.notFound");
  const [row] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.id, id), contestedWhere()))
    .limit(1);
  if (!row) throw new ServiceError("CONFLICT", "admin.payments.notContested");
  return row.id;
}

/**
 * The admin decides a contested deposit: back to the customer
 * (a full refund) or kept for the provider (no money moves).
 */
export async function decideContestedDeposit(
  ctx: Pick<ServiceContext, "db" | "actor" | "ports" | "now">,
  rawId: string,
  decision: "refund" | "keep",
) {
  const admin = requireAdmin(ctx.actor);
  const id = await contested(ctx, rawId);
  if (decision === "refund") return adminRefund(ctx, String(id), { reason: "contested no-show: given back" });
  // settled once: the sweep reads live deposits only (migration 0046), and a second decision finds none
  const [row] = await ctx.db
    .update(payments)
    .set({ settledAt: ctx.now() })
    .where(and(eq(payments.id, id), isNull(payments.settledAt)))
    .returning();
  if (!row) throw new ServiceError("CONFLICT", "admin.payments.notContested");
  await ctx.db
    .insert(paymentEvents)
    .values({
      paymentId: id,
      gateway: row.paymentMethod,
      kind: "kept",
      status: row.paymentStatus,
      amount: row.amount,
      eventKey: keptKey(id),
      note: `admin:${admin.userId}: contested no-show: kept for the provider`,
    })
    .onConflictDoNothing();
  return { id, status: row.paymentStatus, amount: row.amount, refundedAmount: row.refundedAmount, kept: true };
}

/** Everything the admin's payments tab shows at once. */
export async function adminPaymentsTab(ctx: Ctx, q: Filter) {
  const missing = <T>(p: Promise<T>) => p.catch((err) => (err instanceof ServiceError ? null : Promise.reject(err)));
  const [list, priceRows, deposits, balance, story] = await Promise.all([
    adminListPayments(ctx, q),
    adminPrices(ctx),
    adminContestedDeposits(ctx),
    q.provider ? missing(adminProviderBalance(ctx, q.provider)) : Promise.resolve(undefined),
    q.events ? missing(adminPaymentEvents(ctx, q.events)) : Promise.resolve(null),
  ]);
  const storyOf = story && q.events ? { id: Number(q.events), items: story } : null;
  return {
    list,
    prices: priceRows,
    contested: deposits,
    balance,
    story: storyOf,
    filters: paymentFilters(q),
    provider: q.provider ?? "",
  };
}
