/**
 * Quiet hours for messages to a listing's number (ADR 047): nothing between 22:00 and 08:00 Baghdad time (UTC+3 all
 * year); a message made then is held until 08:00.
 */
import { BAGHDAD_OFFSET_MS as BAGHDAD } from "../baghdadTime";

const HOUR = 3_600_000;
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 8;

/** 08:00 Baghdad when `now` falls in quiet hours, else null (send now). */
export function quietUntil(now: Date): Date | null {
  const local = new Date(now.getTime() + BAGHDAD);
  const hour = local.getUTCHours();
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return null;
  const day = local.toISOString().slice(0, 10);
  let at = Date.parse(`${day}T${String(QUIET_UNTIL_HOUR).padStart(2, "0")}:00:00Z`) - BAGHDAD;
  if (hour >= QUIET_FROM_HOUR) at += 24 * HOUR;
  return new Date(at);
}
