/**
 * The page a listing's number opens from the message it was sent (ADR 047): no account, only the single-use token of
 * that message. Opening it reads; the first answer (accept, decline, another day, the customer's day accepted or
 * declined, STOP) spends it. A token answers only for its own booking and number, and only while the booking is still
 * open; a guessed, spent or expired token changes nothing.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { bookingDayProposals, bookings, listingRequests, serviceProviders, TIME_SLOTS, users } from "../../db/schema";
import { sha256Hex } from "../accounts/tokens";
import { changeBookingStatus } from "../bookings/changeBookingStatus";
import { answerDayProposal, proposeDay } from "../bookings/changeDay";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { firstName } from "../text/localParams";
import { parseInput } from "../validation";
import { mobileOf, stopNumber } from "./numbers";

const TOKEN = /^[A-Za-z0-9_-]{32}$/;
/** a link lives no longer than this, whatever its booking does */
export const LISTING_LINK_TTL_MS = 14 * 24 * 3_600_000;

export interface ListingLinkView {
  /** open: it can answer; used: it answered already; closed: its booking is no longer open, or it is too old */
  state: "open" | "used" | "closed";
  booking: {
    id: number;
    status: string;
    providerName: string;
    customer: string;
    customerPhone: string;
    serviceDescription: string;
    customerLocation: string;
    preferredDate: string | null;
    preferredTime: string | null;
  };
  /** the customer's proposals of another day that wait for an answer */
  proposals: { id: number; date: string; time: string }[];
  /** the listing's week, for choosing another day */
  providerId: number;
}

async function linkRow(ctx: Pick<ServiceContext, "db">, token: string) {
  if (typeof token !== "string" || !TOKEN.test(token)) throw new ServiceError("NOT_FOUND", "reach.errors.linkInvalid");
  const [row] = await ctx.db
    .select({
      id: listingRequests.id,
      bookingId: listingRequests.bookingId,
      phone: listingRequests.phone,
      usedAt: listingRequests.usedAt,
      createdAt: listingRequests.createdAt,
      providerId: bookings.providerId,
      providerUserId: serviceProviders.userId,
      providerPhone: serviceProviders.phone,
      providerName: serviceProviders.name,
      status: bookings.status,
      customerName: users.name,
      customerPhone: bookings.customerPhone,
      serviceDescription: bookings.serviceDescription,
      customerLocation: bookings.customerLocation,
      preferredDate: bookings.preferredDate,
      preferredTime: bookings.preferredTime,
    })
    .from(listingRequests)
    .innerJoin(bookings, eq(bookings.id, listingRequests.bookingId))
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .leftJoin(users, eq(users.id, bookings.customerId))
    .where(eq(listingRequests.tokenHash, await sha256Hex(token)))
    .limit(1);
  // a listing that changed its number, or that an account now owns, no longer answers to this link
  if (!row || row.providerId == null || mobileOf(row.providerPhone) !== row.phone || row.providerUserId != null)
    throw new ServiceError("NOT_FOUND", "reach.errors.linkInvalid");
  return row;
}

const isOpen = (ctx: Pick<ServiceContext, "now">, row: { status: string; createdAt: Date }) =>
  (row.status === "pending" || row.status === "accepted") &&
  ctx.now().getTime() - row.createdAt.getTime() < LISTING_LINK_TTL_MS;

/** What the link's page shows. */
export async function openListingLink(
  ctx: Pick<ServiceContext, "db" | "now">,
  token: string,
): Promise<ListingLinkView> {
  const row = await linkRow(ctx, token);
  const state = !isOpen(ctx, row) ? "closed" : row.usedAt ? "used" : "open";
  const proposals =
    state === "open"
      ? await ctx.db
          .select({ id: bookingDayProposals.id, date: bookingDayProposals.date, time: bookingDayProposals.time })
          .from(bookingDayProposals)
          .where(
            and(
              eq(bookingDayProposals.bookingId, row.bookingId),
              eq(bookingDayProposals.status, "pending"),
              eq(bookingDayProposals.side, "customer"),
            ),
          )
          .orderBy(asc(bookingDayProposals.id))
      : [];
  return {
    state,
    providerId: row.providerId,
    proposals,
    booking: {
      id: row.bookingId,
      status: row.status,
      providerName: row.providerName,
      customer: firstName(row.customerName ?? ""),
      // the customer's number: calling is an answer too; shown only while the booking is open
      customerPhone: state === "closed" ? "" : row.customerPhone,
      serviceDescription: row.serviceDescription,
      customerLocation: row.customerLocation,
      preferredDate: row.preferredDate,
      preferredTime: row.preferredTime,
    },
  };
}

const answerSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("accept") }),
    z.object({ action: z.literal("decline") }),
    z.object({ action: z.literal("stop") }),
    z.object({
      action: z.literal("propose"),
      date: z.string({ error: "validation.preferredDate" }),
      time: z.enum(TIME_SLOTS, { error: "validation.preferredTime" }),
    }),
    z.object({
      action: z.enum(["acceptDay", "declineDay"]),
      proposalId: z.coerce.number({ error: "changeDay.errors.notFound" }).int().positive(),
    }),
  ],
  { error: "reach.errors.action" },
);

/**
 * The number answers through its link: the token is spent first (one statement: two taps at once answer once),
 * then the same verb a provider's account would call runs as the number; if that verb refuses (a day not open,
 * a booking that moved on), the token is given back so the page can be answered again.
 */
export async function answerListingLink(
  ctx: ServiceContext,
  token: string,
  raw: unknown,
): Promise<{ action: string; bookingId: number }> {
  const row = await linkRow(ctx, token);
  const input = parseInput(answerSchema, raw);
  if (!isOpen(ctx, row)) throw new ServiceError("CONFLICT", "reach.errors.linkClosed");
  const now = ctx.now();
  const spent = await ctx.db
    .update(listingRequests)
    .set({ usedAt: now })
    .where(and(eq(listingRequests.id, row.id), isNull(listingRequests.usedAt)))
    .returning({ id: listingRequests.id });
  if (!spent.length) throw new ServiceError("CONFLICT", "reach.errors.linkUsed");
  const asNumber: ServiceContext = { ...ctx, actor: { kind: "listing", phone: row.phone, bookingId: row.bookingId } };
  try {
    if (input.action === "accept" || input.action === "decline")
      await changeBookingStatus(asNumber, String(row.bookingId), input.action);
    else if (input.action === "propose")
      await proposeDay(asNumber, String(row.bookingId), { date: input.date, time: input.time });
    else if (input.action === "acceptDay" || input.action === "declineDay") {
      const [p] = await ctx.db
        .select({ bookingId: bookingDayProposals.bookingId })
        .from(bookingDayProposals)
        .where(eq(bookingDayProposals.id, input.proposalId))
        .limit(1);
      // a link answers for its own booking only
      if (p?.bookingId !== row.bookingId) throw new ServiceError("NOT_FOUND", "changeDay.errors.notFound");
      await answerDayProposal(asNumber, String(input.proposalId), input.action === "acceptDay" ? "accept" : "decline");
    } else await stopNumber(ctx, row.phone);
  } catch (err) {
    await ctx.db
      .update(listingRequests)
      .set({ usedAt: null })
      .where(and(eq(listingRequests.id, row.id), sql`${listingRequests.usedAt} = ${now.getTime()}`));
    throw err;
  }
  return { action: input.action, bookingId: row.bookingId };
}
