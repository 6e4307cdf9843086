import { parseWeek, slotHoursOf } from "../providers/weekRules";
import { slotEnd } from "./slots";

/**
 * Whether a booking's slot has ended (ADR 056): the end of its part of the day by the listing's own hours (its week,
 * ADR 044; the usual hours when the week is not known), or, for a flexible booking, the end of the day's last slot.
 * Only then can either side say the other did not come. Undated: never.
 */
export function slotHasEnded(
  b: {
    preferredDate: string | null;
    preferredTime: "morning" | "afternoon" | "evening" | "flexible" | null;
    providerWeek?: string | null;
  },
  now: Date,
): boolean {
  const end = slotEnd(b.preferredDate, b.preferredTime, slotHoursOf(parseWeek(b.providerWeek)));
  return end !== null && now.getTime() >= end.getTime();
}
