/**
 * The after-booking rules that need no database (ADR 044), shared by the server and the pages' own code.
 */
import { baghdadStartOf } from "../baghdadTime";
import { slotStart, type SlotHours } from "./slots";
import type { BookingView } from "./view";

/** How many proposals of another day one booking may take in its life (both sides together). */
export const MAX_DAY_PROPOSALS = 3;

/** Whether a booking's day can still move: only while it is pending or accepted. */
export const dayCanMove = (status: string) => status === "pending" || status === "accepted";

/** How many more proposals a booking can take, given how many it has had. */
export const proposalsLeft = (had: number) => Math.max(0, MAX_DAY_PROPOSALS - had);

/**
 * What a provider can say on an accepted booking now: "On my way" (its day, not yet said) and "Done" (its day or
 * after). Once either side said the other did not come (ADR 056), neither: the booking is left to the claim and its
 * answer.
 */
export function providerDayActions(
  b: Pick<BookingView, "status" | "preferredDate"> & { onTheWayAt?: Date | string | null; noShow?: string | null },
  today: string,
): { onMyWay: boolean; done: boolean } {
  if (b.status !== "accepted" || b.noShow) return { onMyWay: false, done: false };
  const onItsDay = !b.preferredDate || b.preferredDate === today;
  // "Done" from its day on (the verb checks the hour, doneOpen): a button for tomorrow's job would only be refused
  return { onMyWay: onItsDay && !b.onTheWayAt, done: !b.preferredDate || b.preferredDate <= today };
}

/** How long the side said to be absent has to answer "did not come" (ADR 056). */
export const NO_SHOW_ANSWER_HOURS = 48;

/**
 * Whether `side` may still answer the booking's "did not come":
 * the claim is about them, unanswered, and under 48 hours old.
 */
export function noShowAnswerOpen(
  b: { noShow: "customer" | "provider" | null; noShowAt: Date | string | null; noShowAnswer: string | null },
  side: "customer" | "provider",
  now: Date,
): boolean {
  if (b.noShow !== side || b.noShowAnswer !== null || !b.noShowAt) return false;
  return now.getTime() < new Date(b.noShowAt).getTime() + NO_SHOW_ANSWER_HOURS * 3_600_000;
}

/** "On my way" opens this many hours before the booked slot begins (on its day). */
export const ON_MY_WAY_HOURS_BEFORE = 3;

type Booked = Pick<BookingView, "preferredDate" | "preferredTime">;

/** When the booked time begins: its slot's start by the listing's hours; a flexible booking, its day's start. */
function bookedStart(b: Booked, hours: SlotHours): Date | null {
  if (!b.preferredDate) return null;
  return slotStart(b.preferredDate, b.preferredTime, hours) ?? new Date(baghdadStartOf(b.preferredDate, 0));
}

/**
 * "On my way" on the booked day, from 3 hours before the slot begins (a flexible booking: all its day; no day: any
 * time): a provider on his way a day or a morning early is not on his way to this job.
 */
export function onMyWayOpen(b: Booked, now: Date, hours: SlotHours = {}): boolean {
  const start = bookedStart(b, hours);
  if (!start) return true;
  const opens =
    b.preferredTime && b.preferredTime !== "flexible"
      ? start.getTime() - ON_MY_WAY_HOURS_BEFORE * 3_600_000
      : start.getTime();
  return now.getTime() >= Math.max(opens, baghdadStartOf(b.preferredDate!, 0));
}

/**
 * "Done" once the booked time has begun (a flexible booking: its
 * day; no day: any time), so no review is asked before the job.
 */
export function doneOpen(b: Booked, now: Date, hours: SlotHours = {}): boolean {
  const start = bookedStart(b, hours);
  return !start || now.getTime() >= start.getTime();
}
