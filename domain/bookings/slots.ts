import type { TIME_SLOTS } from "../../db/schema";

type Slot = (typeof TIME_SLOTS)[number];

/**
 * The hours a booking's slot covers, in Baghdad time, as the day picker names them ("Morning (8AM-12PM)").
 * A provider's own hours per slot (his week, issue #28) override these; "flexible" has no start.
 */
export const DEFAULT_SLOT_HOURS: Record<Exclude<Slot, "flexible">, { from: number; to: number }> = {
  morning: { from: 8, to: 12 },
  afternoon: { from: 12, to: 17 },
  evening: { from: 17, to: 20 },
};

export type SlotHours = Partial<Record<Exclude<Slot, "flexible">, { from: number; to: number }>>;

/** The instant a booking's slot begins (Baghdad is UTC+3 all year), or null for a flexible or undated booking. */
export function slotStart(date: string | null, slot: Slot | null, hours: SlotHours = {}): Date | null {
  if (!date || !slot || slot === "flexible") return null;
  const from = (hours[slot] ?? DEFAULT_SLOT_HOURS[slot]).from;
  return new Date(Date.parse(`${date}T00:00:00Z`) + (from - 3) * 3_600_000);
}
