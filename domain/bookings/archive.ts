/**
 * Closed bookings older than 60 days (ADR 069; 90 in ADR 062) leave D1 for the archive (ADR 062), and stay readable by
 * their two participants, in their download, and anonymised by a deletion as D1 would have been.
 *
 * The archive is three kinds of small JSON document in the `ARCHIVE` bucket (`ctx.ports.archive`):
 * - `bookings/id/<id>.json`: one booking, read by its page and its API;
 * - `bookings/customer/<userId>/<YYYY-MM>.json` and `bookings/provider/<listingId>/<YYYY-MM>.json`: one
 *   participant's bookings of one month (the month of the booking's day), read by "Older bookings" one month at
 *   a time, listed by prefix, and by the download.
 * A booking's record holds ids, never names: the names are read live from D1, where a deletion already empties
 * them. What a deletion empties in the record itself is the customer's words (job, phone, address, notes), as in D1.
 */
import { and, eq, inArray, or, sql, isNotNull } from "drizzle-orm";
import { bookingDayProposals, bookings, payments, reviews, serviceProviders, users } from "../../db/schema";
import { requireAdmin, requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { BAGHDAD_OFFSET_MS } from "../baghdadTime";
import { idParam, iraqToday } from "../ids";
import type { BookingView } from "./view";

/**
 * A closed booking moves after this many days past its day (its preferred date, else the day it was made): 90 in
 * ADR 062, 60 since ADR 069 (D1 at a million people under 5 GB). Every window that reads D1's bookings fits inside it:
 * the review (asked the day after, nudged days later), "did not come" (48 hours), another day (before the day), the
 * answers rate (ANSWER_WINDOW_DAYS, 60) and the analytics (30 days).
 */
export const ARCHIVE_AFTER_DAYS = 60;
/** Bookings moved per run of the sweep (every minute): about 5 R2 requests each, well under a run's subrequests. */
export const ARCHIVE_BATCH = 50;

/** Closed: nothing will happen to it any more. An accepted booking that one side said did not come is closed too. */
const CLOSED = ["declined", "completed", "cancelled", "expired"] as const;
const closed = or(
  inArray(bookings.status, [...CLOSED]),
  and(eq(bookings.status, "accepted"), isNotNull(bookings.noShow)),
);

export interface ArchivedProposal {
  id: number;
  proposedBy: number | null;
  side: "customer" | "provider";
  fromDate: string | null;
  fromTime: string | null;
  date: string;
  time: string;
  status: string;
  createdAt: number;
  answeredAt: number | null;
}

/** One booking as the archive keeps it: the D1 row (times as epoch ms), its payment and its day proposals. */
export interface ArchivedBooking {
  id: number;
  customerId: number;
  providerId: number;
  serviceDescription: string;
  preferredDate: string | null;
  preferredTime: BookingView["preferredTime"];
  customerLocation: string;
  customerPhone: string;
  urgency: BookingView["urgency"];
  status: BookingView["status"];
  estimatedCost: number | null;
  actualCost: number | null;
  notes: string | null;
  providerNotes: string | null;
  respondedAt: number | null;
  customerConfirmedAt: number | null;
  noShow: "customer" | "provider" | null;
  noShowAt: number | null;
  noShowAnswer: string | null;
  noShowAnswerAt: number | null;
  onTheWayAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** YYYY-MM of the booking's day: the month documents it is filed in */
  month: string;
  payment: { amount: number; method: string; status: string; createdAt: number } | null;
  dayProposals: ArchivedProposal[];
  archivedAt: number;
}

interface MonthDoc {
  bookings: ArchivedBooking[];
}

export const byIdKey = (id: number) => `bookings/id/${id}.json`;
export const monthKey = (side: "customer" | "provider", ownerId: number, month: string) =>
  `bookings/${side}/${ownerId}/${month}.json`;
const sidePrefix = (side: "customer" | "provider", ownerId: number) => `bookings/${side}/${ownerId}/`;
const monthOfKey = (key: string) => /\/(\d{4}-\d{2})\.json$/.exec(key)?.[1] ?? null;

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);
/** The booking's day in Baghdad: its preferred date, else the day it was made. */
const dayOf = (b: { preferredDate: string | null; createdAt: Date | number }) =>
  b.preferredDate ?? iraqToday(typeof b.createdAt === "number" ? new Date(b.createdAt) : b.createdAt);

type Archive = ServiceContext["ports"]["archive"];

async function readMonth(archive: Archive, key: string): Promise<ArchivedBooking[]> {
  const text = await archive.get(key);
  if (!text) return [];
  return (JSON.parse(text) as MonthDoc).bookings ?? [];
}

/** Newest day first, then newest id: the order the month is shown in. */
const newestFirst = (a: ArchivedBooking, b: ArchivedBooking) => dayOf(b).localeCompare(dayOf(a)) || b.id - a.id;

/** How many times a month document is read, merged and written again when another writer got there first. */
export const MERGE_ATTEMPTS = 6;

/**
 * Reads a month document, replaces or adds these records by id, and writes it back only if nobody wrote it in
 * between (R2's conditional put on the etag it read). Two overlapping runs (or a run and a deletion) that merge into
 * the same month both land: the one that lost reads the other's document and merges again. Idempotent.
 */
export async function mergeInto(archive: Archive, key: string, records: ArchivedBooking[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const found = await archive.read(key);
    const byId = new Map((found ? ((JSON.parse(found.text) as MonthDoc).bookings ?? []) : []).map((r) => [r.id, r]));
    for (const r of records) byId.set(r.id, r);
    const doc: MonthDoc = { bookings: [...byId.values()].sort(newestFirst) };
    if (await archive.putIf(key, JSON.stringify(doc), found?.etag ?? null)) return;
    // the run stops before its D1 deletes: the next run writes the same records again
    if (attempt >= MERGE_ATTEMPTS) throw new Error(`the archive's ${key} kept changing under ${MERGE_ATTEMPTS} merges`);
    await new Promise((r) => setTimeout(r, 20 * attempt * Math.random()));
  }
}

/** Writes records to all their documents: by id, the customer's month, the listing's month. */
async function writeRecords(archive: Archive, records: ArchivedBooking[]): Promise<void> {
  const groups = new Map<string, ArchivedBooking[]>();
  const add = (key: string, r: ArchivedBooking) => groups.set(key, [...(groups.get(key) ?? []), r]);
  for (const r of records) {
    add(monthKey("customer", r.customerId, r.month), r);
    add(monthKey("provider", r.providerId, r.month), r);
  }
  await Promise.all([
    ...records.map((r) => archive.put(byIdKey(r.id), JSON.stringify(r))),
    ...[...groups].map(([key, rs]) => mergeInto(archive, key, rs)),
  ]);
}

/**
 * The Cron step (domain/scheduled.ts): up to ARCHIVE_BATCH closed bookings whose day is more than 60 days past are
 * written to the archive, then, only once every write succeeded, deleted from D1 with what hangs on them (their
 * day proposals, payment, planned messages and a listing's links; reviews stay, ADR 062). A row that changed
 * between the read and the delete (a deletion emptied its customer's part) stays in D1 and is written again by the
 * next run; a run that stopped halfway writes the same documents again. Either way nothing is doubled or lost.
 */
export async function archiveOldBookings(
  ctx: Pick<ServiceContext, "db" | "now" | "ports">,
  opts: { limit?: number } = {},
): Promise<{ archived: number }> {
  const cutoff = iraqToday(new Date(ctx.now().getTime() - ARCHIVE_AFTER_DAYS * 24 * 60 * 60 * 1000));
  const day = sql`coalesce(${bookings.preferredDate}, strftime('%Y-%m-%d',
    ${bookings.createdAt} / 1000 + ${sql.raw(String(BAGHDAD_OFFSET_MS / 1000))}, 'unixepoch'))`;
  const rows = await ctx.db
    .select()
    .from(bookings)
    .where(and(closed, sql`${day} < ${cutoff}`))
    .orderBy(bookings.id)
    .limit(opts.limit ?? ARCHIVE_BATCH);
  if (rows.length === 0) return { archived: 0 };
  const ids = rows.map((r) => r.id);
  const [paid, proposals] = await ctx.db.batch([
    ctx.db
      .select()
      .from(payments)
      .where(and(inArray(payments.bookingId, ids), eq(payments.purpose, "booking"))),
    ctx.db
      .select()
      .from(bookingDayProposals)
      .where(inArray(bookingDayProposals.bookingId, ids))
      .orderBy(bookingDayProposals.id),
  ]);
  const now = ctx.now().getTime();
  const records: ArchivedBooking[] = rows.map((b) => {
    const p = paid.find((x) => x.bookingId === b.id);
    return {
      id: b.id,
      customerId: b.customerId,
      providerId: b.providerId,
      serviceDescription: b.serviceDescription,
      preferredDate: b.preferredDate,
      preferredTime: b.preferredTime,
      customerLocation: b.customerLocation,
      customerPhone: b.customerPhone,
      urgency: b.urgency,
      status: b.status,
      estimatedCost: b.estimatedCost,
      actualCost: b.actualCost,
      notes: b.notes,
      providerNotes: b.providerNotes,
      respondedAt: ms(b.respondedAt),
      customerConfirmedAt: ms(b.customerConfirmedAt),
      noShow: b.noShow,
      noShowAt: ms(b.noShowAt),
      noShowAnswer: b.noShowAnswer,
      noShowAnswerAt: ms(b.noShowAnswerAt),
      onTheWayAt: ms(b.onTheWayAt),
      createdAt: b.createdAt.getTime(),
      updatedAt: b.updatedAt.getTime(),
      month: dayOf(b).slice(0, 7),
      payment: p
        ? { amount: p.amount, method: p.paymentMethod, status: p.paymentStatus, createdAt: p.createdAt.getTime() }
        : null,
      dayProposals: proposals
        .filter((x) => x.bookingId === b.id)
        .map((x) => ({
          id: x.id,
          proposedBy: x.proposedBy,
          side: x.side,
          fromDate: x.fromDate,
          fromTime: x.fromTime,
          date: x.date,
          time: x.time,
          status: x.status,
          createdAt: x.createdAt.getTime(),
          answeredAt: ms(x.answeredAt),
        })),
      archivedAt: now,
    };
  });
  // a failed write throws here, before anything leaves D1
  await writeRecords(ctx.ports.archive, records);
  const deletes = records.map((r) =>
    ctx.db
      .delete(bookings)
      .where(
        and(
          eq(bookings.id, r.id),
          eq(bookings.customerPhone, r.customerPhone),
          eq(bookings.customerLocation, r.customerLocation),
          closed,
        ),
      )
      .returning({ id: bookings.id }),
  );
  const deleted = await ctx.db.batch(deletes as [(typeof deletes)[number], ...(typeof deletes)[number][]]);
  return { archived: deleted.reduce((n, d) => n + d.length, 0) };
}

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
