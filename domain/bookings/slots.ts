import type { TIME_SLOTS } from "../../db/schema";
import { baghdadStartOf } from "../baghdadTime";

type Slot = (typeof TIME_SLOTS)[number];

/**
 * The hours a booking's slot covers, in Baghdad time, as the day picker names them ("Morning (8AM-12PM)"). A provider's
 * own hours per slot (his week) override these; "flexible" has no start.
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
  return new Date(baghdadStartOf(date, from));
}

/**
 * The instant a booking's slot ends: the end of its part of the day by these hours; a flexible booking's slot ends with
 * the day's last slot (the latest end among the hours given, the usual evening without any). Null for an undated
 * booking.
 */
export function slotEnd(date: string | null, slot: Slot | null, hours: SlotHours = {}): Date | null {
  if (!date) return null;
  const to =
    slot && slot !== "flexible"
      ? (hours[slot] ?? DEFAULT_SLOT_HOURS[slot]).to
      : Math.max(
          ...Object.values(hours).map((h) => h!.to),
          ...(Object.keys(hours).length ? [] : [DEFAULT_SLOT_HOURS.evening.to]),
        );
  return new Date(Date.parse(`${date}T00:00:00Z`) + (to - 3) * 3_600_000);
}
