/**
 * The after-booking rules that need no database (ADR 044), shared by the server and the pages' own code.
 */
import type { BookingView } from "./view";

/** How many proposals of another day one booking may take in its life (both sides together). */
export const MAX_DAY_PROPOSALS = 3;

/** What a provider can say on an accepted booking now: "On my way" (its day, not yet said) and "Done". */
export function providerDayActions(b: Pick<BookingView, "status" | "preferredDate"> & { onTheWayAt?: Date | string | null }, today: string): { onMyWay: boolean; done: boolean } {
  if (b.status !== "accepted") return { onMyWay: false, done: false };
  const onItsDay = !b.preferredDate || b.preferredDate === today;
  return { onMyWay: onItsDay && !b.onTheWayAt, done: true };
}
