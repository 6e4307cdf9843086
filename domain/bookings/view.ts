import { eq, sql } from "drizzle-orm";
import { bookings, payments, reviews, serviceProviders, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";

export const bookingColumns = {
  id: bookings.id,
  customerId: bookings.customerId,
  providerId: bookings.providerId,
  providerName: serviceProviders.name,
  /** the listing's name in the other script (ADR 013), shown beneath or instead of providerName */
  providerNameOther: serviceProviders.nameOther,
  providerPhone: serviceProviders.phone,
  serviceDescription: bookings.serviceDescription,
  preferredDate: bookings.preferredDate,
  preferredTime: bookings.preferredTime,
  customerLocation: bookings.customerLocation,
  customerPhone: bookings.customerPhone,
  /** who booked: the provider's card names them */
  customerName: sql<string>`(select ${users.name} from ${users} where ${users.id} = ${bookings.customerId})`,
  urgency: bookings.urgency,
  status: bookings.status,
  estimatedCost: bookings.estimatedCost,
  actualCost: bookings.actualCost,
  notes: bookings.notes,
  providerNotes: bookings.providerNotes,
  createdAt: bookings.createdAt,
  updatedAt: bookings.updatedAt,
  hasReview: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.bookingId} = ${bookings.id})`.mapWith(
    Boolean,
  ),
  /** the cash the provider recorded on completion (IQD), or null */
  paidAmount: sql<
    number | null
  >`(select ${payments.amount} from ${payments} where ${payments.bookingId} = ${bookings.id}
    and ${payments.purpose} = 'booking')`,
  respondedAt: bookings.respondedAt,
  /** after the booking: the customer confirmed from a reminder; who did not come */
  customerConfirmedAt: bookings.customerConfirmedAt,
  noShow: bookings.noShow,
  noShowAt: bookings.noShowAt,
  /** the absent side's answer to "did not come" (ADR 056) */
  noShowAnswer: bookings.noShowAnswer,
  /** when the provider said "on my way" (ADR 044) */
  onTheWayAt: bookings.onTheWayAt,
  /** the listing's week as stored (ADR 044): when its slot begins by the provider's own hours */
  providerWeek: serviceProviders.week,
  /** the booking's newest deposit, if one was started (ADR 085) */
  deposit: sql<
    string | null
  >`(select json_object('id', ${payments.id}, 'amount', ${payments.amount}, 'status', ${payments.paymentStatus},
    'gateway', ${payments.paymentMethod}) from ${payments} where ${payments.bookingId} = ${bookings.id}
    and ${payments.purpose} = 'deposit' order by ${payments.id} desc limit 1)`.mapWith((v: string | null) =>
    v ? (JSON.parse(v) as BookingDeposit) : null,
  ),
  /** the deposit the listing asks, while its plan runs (ADR 085); null: pay the provider when the job is done */
  depositAsked: sql<
    number | null
  >`(case when ${serviceProviders.subscribedUntil} > cast(unixepoch('subsec') * 1000 as integer)
    then ${serviceProviders.depositAmount} end)`,
};

export interface BookingDeposit {
  id: number;
  amount: number;
  status: "pending" | "paid" | "failed" | "expired" | "refunded" | "partially_refunded" | "cancelled";
  gateway: "zaincash" | "qicard" | "fib";
}

export type BookingStatus = "pending" | "accepted" | "declined" | "completed" | "cancelled" | "expired";

export interface BookingView {
  id: number;
  customerId: number;
  providerId: number;
  providerName: string;
  providerNameOther: string | null;
  providerPhone: string;
  serviceDescription: string;
  preferredDate: string | null;
  preferredTime: "morning" | "afternoon" | "evening" | "flexible" | null;
  customerLocation: string;
  customerPhone: string;
  customerName: string;
  urgency: "low" | "normal" | "high" | "emergency";
  status: BookingStatus;
  estimatedCost: number | null;
  actualCost: number | null;
  notes: string | null;
  providerNotes: string | null;
  createdAt: Date;
  updatedAt: Date;
  hasReview: boolean;
  paidAmount: number | null;
  respondedAt: Date | null;
  customerConfirmedAt: Date | null;
  noShow: "customer" | "provider" | null;
  noShowAt: Date | null;
  noShowAnswer: string | null;
  onTheWayAt: Date | null;
  providerWeek?: string | null;
  deposit?: BookingDeposit | null;
  depositAsked?: number | null;
  /** read from the archive (ADR 062): closed, older than 60 days (ADR 069), read-only */
  archived?: boolean;
}

// the job's text lives in a module without the database, so the pages that show it ship no drizzle (jobText.ts)
export { jobLine, titleAndDescription } from "./jobText";

/** One booking as its cards show it; a booking that does not exist is NOT_FOUND. */
export async function bookingById(ctx: Pick<ServiceContext, "db">, id: number): Promise<BookingView> {
  const [row] = await ctx.db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(serviceProviders, eq(serviceProviders.id, bookings.providerId))
    .where(eq(bookings.id, id))
    .limit(1);
  if (!row) throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
  return row;
}

/** A booking in its customer's data download (ADR 041), live or archived alike: its details and the listing's name. */
export const customerCopy = (b: BookingView) => ({
  id: b.id,
  providerId: b.providerId,
  provider: b.providerName,
  service: b.serviceDescription,
  preferredDate: b.preferredDate,
  preferredTime: b.preferredTime,
  location: b.customerLocation,
  phone: b.customerPhone,
  urgency: b.urgency,
  status: b.status,
  estimatedCost: b.estimatedCost,
  actualCost: b.actualCost,
  notes: b.notes,
  providerNotes: b.providerNotes,
  createdAt: b.createdAt,
  updatedAt: b.updatedAt,
});

/**
 * A booking in its provider's download: what they did for the
 * job; the customer's own details are theirs, not part of it.
 */
export const providerCopy = (b: BookingView) => ({
  id: b.id,
  service: b.serviceDescription,
  preferredDate: b.preferredDate,
  preferredTime: b.preferredTime,
  status: b.status,
  estimatedCost: b.estimatedCost,
  actualCost: b.actualCost,
  providerNotes: b.providerNotes,
  createdAt: b.createdAt,
});
