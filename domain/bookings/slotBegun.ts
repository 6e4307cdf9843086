import { slotStart } from "./slots";

/** Whether a booking's time has begun: its slot's start, or (flexible) the start of its day in Baghdad. Undated: never. */
export function slotHasBegun(b: { preferredDate: string | null; preferredTime: "morning" | "afternoon" | "evening" | "flexible" | null }, now: Date): boolean {
  if (!b.preferredDate) return false;
  const start = slotStart(b.preferredDate, b.preferredTime) ?? new Date(Date.parse(`${b.preferredDate}T00:00:00Z`) - 3 * 3_600_000);
  return now.getTime() >= start.getTime();
}
