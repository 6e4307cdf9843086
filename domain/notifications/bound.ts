import type { BellItem } from "../ports";

/**
 * How much of a person's bell is kept (ADR 051, the periods of ADR 041): their own object applies it with an
 * alarm, and the privacy page states it (privacy.retention.p1).
 */
export const BELL_BOUND = {
  /** a notification the person has read: days after it was sent */
  readDays: 180,
  /** a notification never read: days after it was sent */
  unreadDays: 90,
  /** the most one bell keeps: the newest */
  kept: 500,
  /**
   * the cap is applied when a notification's id is a multiple of this
   * (and by every alarm): the bell holds at most kept + capEvery − 1
   */
  capEvery: 100,
} as const;

/**
 * A notification as a bell stores it, column for column (the person's object, and D1's legacy table before the move).
 */
export type StoredNotification = {
  id: number;
  type: string;
  title: string;
  message: string;
  message_key: string | null;
  params: string | null;
  is_read: number;
  related_id: number | null;
  created_at: number;
};

/** A stored row as the bell's item: the one mapping, for the person's object and for the move out of D1. */
export const bellItemOf = (r: StoredNotification): BellItem => ({
  id: r.id,
  type: r.type,
  title: r.title,
  message: r.message,
  messageKey: r.message_key,
  params: r.params,
  isRead: r.is_read === 1,
  relatedId: r.related_id,
  createdAt: r.created_at,
});
