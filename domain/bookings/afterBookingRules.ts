/**
 * The after-booking rules that need no database (ADR 044), shared by the server and the pages' own code.
 */
import type { BookingView } from "./view";

/** How many proposals of another day one booking may take in its life (both sides together). */
export const MAX_DAY_PROPOSALS = 3;

/** Whether a booking's day can still move: only while it is pending or accepted. */
export const dayCanMove = (status: string) => status === "pending" || status === "accepted";

/** How many more proposals a booking can take, given how many it has had. */
export const proposalsLeft = (had: number) => Math.max(0, MAX_DAY_PROPOSALS - had);

/** What a provider can say on an accepted booking now: "On my way" (its day, not yet said) and "Done". */
export function providerDayActions(b: Pick<BookingView, "status" | "preferredDate"> & { onTheWayAt?: Date | string | null }, today: string): { onMyWay: boolean; done: boolean } {
  if (b.status !== "accepted") return { onMyWay: false, done: false };
  const onItsDay = !b.preferredDate || b.preferredDate === today;
  return { onMyWay: onItsDay && !b.onTheWayAt, done: true };
}
