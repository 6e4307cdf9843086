// What a notification is made of before it is stored (notify) and sent to each linked chat (notifyChannels): its own
// module, so the two read it without importing each other.
import type { ScheduledGuard } from "../scheduler/messages";

export interface NewNotification {
  userId: number;
  type: string;
  /** translation key with `.title` and `.message` children, rendered in the recipient's language */
  key: string;
  params?: Record<string, string | number>;
  relatedId?: number | null;
  /** answers the recipient can give from a chat (Accept / Decline on a booking alert) */
  choices?: { key: string; action: string }[];
  /**
   * a message the scheduler planned (its row's facts): each chat's deliverer checks it is still wanted (ADR 043, 054)
   */
  guard?: ScheduledGuard;
}
