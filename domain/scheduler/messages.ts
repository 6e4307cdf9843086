// What follows a booking in time (ADR 043), its types alone: the ports and the notifications name them without
// importing the planner or the sender (which read the context, which names the ports: a circle).
import type { SCHEDULED_KINDS } from "../../db/schema";

export type ScheduledKind = (typeof SCHEDULED_KINDS)[number];
export type Side = "customer" | "provider";

/**
 * The facts of one planned message that its outbox payload carries (ADR 043, ADR 054's amendment): the chats'
 * deliverer checks with them that the booking still wants it, after its row has left D1.
 */
export interface ScheduledGuard {
  /** the scheduled_messages row's id it was sent from (the row itself is deleted once sent) */
  id: number;
  bookingId: number;
  kind: ScheduledKind;
  role: Side;
  userId: number;
  /** epoch ms */
  dueAt: number;
}

/** What one scheduled message came to (the dev scheduler's and the tests' report). */
export interface SentReport {
  scheduledId: number;
  bookingId: number;
  kind: ScheduledKind;
  role: Side;
  userId: number;
  /** "sent": said (bell and chats); "skipped": the booking no longer wants it */
  outcome: "sent" | "skipped";
  lang?: "en" | "ar" | "ku";
  /** what the person reads, in their language */
  text?: string;
  /** where it went: "bell", "telegram:<chat>", "whatsapp:<number>" */
  to?: string[];
}
