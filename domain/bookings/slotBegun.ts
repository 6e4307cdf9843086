import { parseWeek, slotHoursOf } from "../providers/weekRules";
import { slotStart } from "./slots";

/**
 * Whether a booking's time has begun: its slot's start by the listing's own hours (its week, ADR 044; the usual
 * hours when the week is not known), or (flexible) the start of its day in Baghdad. Undated: never.
 */
export function slotHasBegun(b: { preferredDate: string | null; preferredTime: "morning" | "afternoon" | "evening" | "flexible" | null; providerWeek?: string | null }, now: Date): boolean {
  if (!b.preferredDate) return false;
  const start = slotStart(b.preferredDate, b.preferredTime, slotHoursOf(parseWeek(b.providerWeek))) ?? new Date(Date.parse(`${b.preferredDate}T00:00:00Z`) - 3 * 3_600_000);
  return now.getTime() >= start.getTime();
}
