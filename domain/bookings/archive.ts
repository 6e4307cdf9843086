/**
 * Closed bookings older than 60 days (ADR 069; 90 in ADR 062) leave D1 for the archive (ADR 062; the move is
 * `archiveSweep.ts`, the documents `archiveDocuments.ts`), and stay readable by their two participants, in their
 * download, and anonymised by a deletion as D1 would have been.
 */
import { eq, inArray } from "drizzle-orm";
import { reviews, serviceProviders, users } from "../../db/schema";
import { requireAdmin, requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { idParam } from "../ids";
import type { BookingView } from "./view";
import {
  byIdKey,
  mergeInto,
  monthKey,
  monthOfKey,
  readMonth,
  sidePrefix,
  type ArchivedBooking,
} from "./archiveDocuments";

/** The listings the person runs (a provider has one; an account that never listed has none). */
async function listingsOf(ctx: Pick<ServiceContext, "db">, userId: number): Promise<number[]> {
  const rows = await ctx.db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(eq(serviceProviders.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * Archived records as the booking cards show them: names, the listing's phone and week, the review, read live from D1.
 */
export async function asViews(ctx: Pick<ServiceContext, "db">, records: ArchivedBooking[]): Promise<BookingView[]> {
  if (records.length === 0) return [];
  const providerIds = [...new Set(records.map((r) => r.providerId))];
  const customerIds = [...new Set(records.map((r) => r.customerId))];
  // D1 binds at most 100 values a statement: a busy listing's month can hold more bookings than that
  const inChunks = <T>(values: T[]) =>
    Array.from({ length: Math.ceil(values.length / 90) }, (_, i) => values.slice(i * 90, i * 90 + 90));
  const [listings, people, reviewed] = await Promise.all([
    Promise.all(
      inChunks(providerIds).map((ids) =>
        ctx.db
          .select({
            id: serviceProviders.id,
            name: serviceProviders.name,
            nameOther: serviceProviders.nameOther,
            phone: serviceProviders.phone,
            week: serviceProviders.week,
          })
          .from(serviceProviders)
          .where(inArray(serviceProviders.id, ids)),
      ),
    ).then((r) => r.flat()),
    Promise.all(
      inChunks(customerIds).map((ids) =>
        ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)),
      ),
    ).then((r) => r.flat()),
    Promise.all(
      inChunks(records.map((r) => r.id)).map((ids) =>
        ctx.db.select({ bookingId: reviews.bookingId }).from(reviews).where(inArray(reviews.bookingId, ids)),
      ),
    ).then((r) => r.flat()),
  ]);
  const date = (n: number | null) => (n === null ? null : new Date(n));
  return records.map((r) => {
    const listing = listings.find((l) => l.id === r.providerId);
    return {
      id: r.id,
      customerId: r.customerId,
      providerId: r.providerId,
      providerName: listing?.name ?? "",
      providerNameOther: listing?.nameOther ?? null,
      providerPhone: listing?.phone ?? "",
      serviceDescription: r.serviceDescription,
      preferredDate: r.preferredDate,
      preferredTime: r.preferredTime,
      customerLocation: r.customerLocation,
      customerPhone: r.customerPhone,
      customerName: people.find((p) => p.id === r.customerId)?.name ?? "",
      urgency: r.urgency,
      status: r.status,
      estimatedCost: r.estimatedCost,
      actualCost: r.actualCost,
      notes: r.notes,
      providerNotes: r.providerNotes,
      createdAt: new Date(r.createdAt),
      updatedAt: new Date(r.updatedAt),
      hasReview: reviewed.some((x) => x.bookingId === r.id),
      paidAmount: r.payment?.amount ?? null,
      respondedAt: date(r.respondedAt),
      customerConfirmedAt: date(r.customerConfirmedAt),
      noShow: r.noShow,
      noShowAt: date(r.noShowAt),
      noShowAnswer: r.noShowAnswer,
      onTheWayAt: date(r.onTheWayAt),
      providerWeek: listing?.week ?? null,
      archived: true,
    };
  });
}

/**
 * One archived booking, for its customer or the account that runs its listing; anyone else gets null, and the
 * caller answers as for a booking that does not exist (the same refusal as a live booking's).
 */
export async function archivedBookingFor(
  ctx: Pick<ServiceContext, "db" | "ports">,
  id: number,
  userId: number,
): Promise<BookingView | null> {
  const text = await ctx.ports.archive.get(byIdKey(id));
  if (!text) return null;
  const record = JSON.parse(text) as ArchivedBooking;
  if (record.customerId !== userId && !(await listingsOf(ctx, userId)).includes(record.providerId)) return null;
  return (await asViews(ctx, [record]))[0] ?? null;
}

/**
 * The admin console's view of one archived booking (ADR 069): admin-only and read-only, from its document in the
 * archive, with the names read live from D1 as its two sides see them. A booking not in the archive is 404.
 */
export async function archivedBookingForAdmin(
  ctx: Pick<ServiceContext, "db" | "actor" | "ports">,
  rawId: string | undefined,
): Promise<BookingView> {
  requireAdmin(ctx.actor);
  const id = idParam(rawId, "errors.bookingNotFound");
  const text = await ctx.ports.archive.get(byIdKey(id));
  if (!text) throw new ServiceError("NOT_FOUND", "errors.bookingNotFound");
  return (await asViews(ctx, [JSON.parse(text) as ArchivedBooking]))[0]!;
}

/** The months the signed-in person has archived bookings in, on either side, newest first. */
export async function myArchivedMonths(ctx: Pick<ServiceContext, "db" | "actor" | "ports">): Promise<string[]> {
  const { userId } = requireUser(ctx.actor);
  const listings = await listingsOf(ctx, userId);
  const keys = (
    await Promise.all([
      ctx.ports.archive.list(sidePrefix("customer", userId)),
      ...listings.map((id) => ctx.ports.archive.list(sidePrefix("provider", id))),
    ])
  ).flat();
  return [...new Set(keys.map(monthOfKey).filter((m): m is string => m !== null))].sort().reverse();
}

/**
 * The signed-in person's archived bookings of one month (YYYY-MM): those they asked for, and those of their listing.
 */
export async function myArchivedBookings(
  ctx: Pick<ServiceContext, "db" | "actor" | "ports">,
  rawMonth: string,
): Promise<{ month: string; asCustomer: BookingView[]; asProvider: BookingView[] }> {
  const { userId } = requireUser(ctx.actor);
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(rawMonth) ? rawMonth : null;
  if (!month) throw new ServiceError("VALIDATION", "booking.older.badMonth");
  const listings = await listingsOf(ctx, userId);
  const [mine, ...theirs] = await Promise.all([
    readMonth(ctx.ports.archive, monthKey("customer", userId, month)),
    ...listings.map((id) => readMonth(ctx.ports.archive, monthKey("provider", id, month))),
  ]);
  const [asCustomer, asProvider] = await Promise.all([asViews(ctx, mine), asViews(ctx, theirs.flat())]);
  return { month, asCustomer, asProvider };
}

/** Every archived record of the person, on either side (the download, ADR 041/055). */
export async function allArchivedOf(
  ctx: Pick<ServiceContext, "ports">,
  userId: number,
  listingId: number | null,
): Promise<{ asCustomer: ArchivedBooking[]; asProvider: ArchivedBooking[] }> {
  const readAll = async (prefix: string) => {
    const keys = await ctx.ports.archive.list(prefix);
    return (await Promise.all(keys.map((k) => readMonth(ctx.ports.archive, k)))).flat().sort((a, b) => a.id - b.id);
  };
  const [asCustomer, asProvider] = await Promise.all([
    readAll(sidePrefix("customer", userId)),
    listingId === null ? [] : readAll(sidePrefix("provider", listingId)),
  ]);
  return { asCustomer, asProvider };
}

/**
 * An account's deletion, in the archive as in D1 (ADR 055, 077): the customer's words (the job as she wrote it, phone,
 * address, notes, her answer to "did not come") are emptied in the booking's own document and in the listing's month,
 * where its day, status and price stay for the provider's records; the customer's own month documents go. A provider's
 * deletion changes nothing in the records (D1 keeps their bookings' rows too): their names are read live, and are
 * emptied there.
 */
export async function eraseFromArchive(
  ctx: Pick<ServiceContext, "ports">,
  userId: number,
): Promise<{ erased: number }> {
  const archive = ctx.ports.archive;
  const keys = await archive.list(sidePrefix("customer", userId));
  if (keys.length === 0) return { erased: 0 };
  const records = (await Promise.all(keys.map((k) => readMonth(archive, k)))).flat().map((r) => ({
    ...r,
    serviceDescription: "",
    customerPhone: "",
    customerLocation: "",
    notes: null,
    // her answer to "did not come" goes; it still reads as answered
    noShowAnswer: r.noShow === "customer" && r.noShowAnswer !== null ? "" : r.noShowAnswer,
  }));
  const theirMonths = new Map<string, ArchivedBooking[]>();
  for (const r of records) {
    const key = monthKey("provider", r.providerId, r.month);
    theirMonths.set(key, [...(theirMonths.get(key) ?? []), r]);
  }
  await Promise.all([
    ...records.map((r) => archive.put(byIdKey(r.id), JSON.stringify(r))),
    ...[...theirMonths].map(([key, rs]) => mergeInto(archive, key, rs)),
  ]);
  await archive.delete(keys);
  return { erased: records.length };
}
