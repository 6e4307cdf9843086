/**
 * The archive's documents in the `ARCHIVE` bucket (ADR 062): their shape, their keys, and how they are read and
 * written. Three kinds of small JSON document:
 * - `bookings/id/<id>.json`: one booking, read by its page and its API;
 * - `bookings/customer/<userId>/<YYYY-MM>.json` and `bookings/provider/<listingId>/<YYYY-MM>.json`: one
 *   participant's bookings of one month (the month of the booking's day), read by "Older bookings" one month at
 *   a time, listed by prefix, and by the download.
 * A booking's record holds ids, never names: the names are read live from D1, where a deletion already empties
 * them. What a deletion empties in the record itself is the customer's words (job, phone, address, notes), as in D1.
 */
import type { ServiceContext } from "../context";
import { iraqToday } from "../ids";
import type { BookingView } from "./view";

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
export const sidePrefix = (side: "customer" | "provider", ownerId: number) => `bookings/${side}/${ownerId}/`;
export const monthOfKey = (key: string) => /\/(\d{4}-\d{2})\.json$/.exec(key)?.[1] ?? null;

export const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);
/** The booking's day in Baghdad: its preferred date, else the day it was made. */
export const dayOf = (b: { preferredDate: string | null; createdAt: Date | number }) =>
  b.preferredDate ?? iraqToday(typeof b.createdAt === "number" ? new Date(b.createdAt) : b.createdAt);

export type Archive = ServiceContext["ports"]["archive"];

export async function readMonth(archive: Archive, key: string): Promise<ArchivedBooking[]> {
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
export async function writeRecords(archive: Archive, records: ArchivedBooking[]): Promise<void> {
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
