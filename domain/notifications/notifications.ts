import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { requireUser } from "../accounts/requireUser";
import type { ServiceContext } from "../context";
import { ServiceError } from "../errors";
import { idParam } from "../ids";
import { isolateParams } from "../text/bidi";
import type { BellItem } from "../ports";
import { notifyChannels } from "./channels";
import { UNDELIVERED_PREFIX } from "./undelivered";
import type { NewNotification } from "./newNotification";

export type { NewNotification };

export interface NotificationView {
  id: number;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  relatedId: number | null;
  createdAt: Date;
  /** the page the notification is about: tapping it opens that page */
  href: string | null;
}

/** Where a notification leads: its booking, its conversation, its request, the application. */
export function notificationHref(n: { type: string; relatedId: number | null }): string | null {
  // a message that never reached a chat leads where the message itself would have (ADR 084)
  if (n.type.startsWith(UNDELIVERED_PREFIX))
    return notificationHref({ type: n.type.slice(UNDELIVERED_PREFIX.length), relatedId: n.relatedId });
  if (n.type.startsWith("application_")) return "/provider-application";
  // a chat linked to the account, or removed from it: the profile lists the linked chats
  if (n.type === "account") return "/profile";
  // a receipt opens its payment; a month's reminder, the provider's billing
  if (n.type === "payment") return n.relatedId === null ? "/dashboard/billing" : `/payments/${n.relatedId}`;
  if (n.relatedId === null) return null;
  if (n.type === "booking") return `/bookings#booking-${n.relatedId}`;
  // a booking whose day the provider closed: straight to "Change the day" (ADR 056)
  if (n.type === "bookingDay") return `/bookings/${n.relatedId}/day`;
  if (n.type === "chat") return `/messages/${n.relatedId}`;
  if (n.type === "request") return `/requests/${n.relatedId}`;
  return null;
}
/** A notification as the bell stores it (in the person's own object, ADR 051), its time as a Date. */
type StoredNotification = Omit<BellItem, "createdAt"> & { createdAt: Date };

/** A stored bell item with its time as a Date. */
export const stored = (n: BellItem): StoredNotification => ({ ...n, createdAt: new Date(n.createdAt) });

/** A title kept as a translation key by older code (an application's outcome). */
const KEY = /^[a-z][A-Za-z]*(\.[A-Za-z_]+)+$/;

/**
 * A stored notification as its reader sees it now (ADR 025): rendered from its message key in the reader's current
 * language, not in the language it was sent in; older rows, stored as text, as they were.
 */
export function asRead(ctx: Pick<ServiceContext, "locale" | "ports">, n: StoredNotification): NotificationView {
  const { messageKey, params, ...rest } = n;
  const href = notificationHref(n);
  if (messageKey) {
    let values: Record<string, string | number> = {};
    try {
      values = params ? (JSON.parse(params) as Record<string, string | number>) : {};
    } catch {
      // a damaged row still reads, with its placeholders empty
    }
    return {
      ...rest,
      title: ctx.ports.texts.render(ctx.locale, `${messageKey}.title`, values),
      message: ctx.ports.texts.render(ctx.locale, `${messageKey}.message`, values),
      href,
    };
  }
  const text = (v: string) => (KEY.test(v) ? ctx.ports.texts.render(ctx.locale, v) : v);
  return { ...rest, title: text(n.title), message: text(n.message), href };
}

export const NOTIFICATION_PAGE = 30;

/**
 * The signed-in user's newest notifications and how many are unread. Nobody else's, ever: the bell is their own
 * object's (ADR 051), one call.
 */
export async function listMyNotifications(
  ctx: Pick<ServiceContext, "actor" | "locale" | "ports">,
): Promise<{ items: NotificationView[]; unread: number }> {
  const { userId } = requireUser(ctx.actor);
  const { items, unread } = await ctx.ports.bells.list(userId, NOTIFICATION_PAGE);
  return { items: items.map((n) => asRead(ctx, stored(n))), unread };
}

/** "Mark all as read": every unread notification of the signed-in user. Returns how many it marked. */
export async function markAllNotificationsRead(
  ctx: Pick<ServiceContext, "actor" | "ports">,
): Promise<{ marked: number }> {
  const { userId } = requireUser(ctx.actor);
  const rows = await ctx.ports.bells.markRead(userId, { all: true });
  return { marked: rows.length };
}

/**
 * Opening what notifications are about reads them: /bookings reads the booking notifications, a request's
 * page reads that request's. Returns how many were marked (the bell in the other tabs is poked when some were).
 */
export async function markNotificationsReadAbout(
  ctx: Pick<ServiceContext, "actor" | "ports">,
  about: { type: "booking" | "request"; relatedId?: number },
): Promise<number> {
  const { userId } = requireUser(ctx.actor);
  const rows = await ctx.ports.bells.markRead(
    userId,
    about.relatedId === undefined ? { type: about.type } : { type: about.type, relatedId: about.relatedId },
    { tellTabs: true },
  );
  return rows.length;
}

/**
 * Unread → read, for the owner only; someone else's id is "not
 * found", not a hint that it exists (it is not in their object).
 */
export async function markNotificationRead(
  ctx: Pick<ServiceContext, "actor" | "locale" | "ports">,
  rawId: string,
): Promise<NotificationView> {
  const { userId } = requireUser(ctx.actor);
  const id = idParam(rawId, "errors.validation", "VALIDATION");
  const [row] = await ctx.ports.bells.markRead(userId, { id });
  if (!row) throw new ServiceError("NOT_FOUND", "errors.notFound");
  return asRead(ctx, stored(row));
}

/**
 * Stores a notification as its key and parameters (read in the reader's language at the time, ADR 025), with
 * the text in the recipient's present language as a fallback, in the recipient's own object, which pushes it to
 * their open tabs in the same call (ADR 051: no D1 write); then each linked chat gets it through the outbox.
 */
export async function notify(ctx: Pick<ServiceContext, "db" | "ports">, n: NewNotification): Promise<number> {
  const [user] = await ctx.db
    .select({ language: users.language, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, n.userId))
    .limit(1);
  // nobody reads a deleted account's bell (ADR 041): nothing is stored for it
  if (user?.deletedAt) return 0;
  const lang = user?.language ?? "en";
  // names, services and other user text inside the sentence are bidi-isolated (ADR 013)
  const params = isolateParams({ ...(n.params ?? {}), ...(n.relatedId != null ? { id: n.relatedId } : {}) });
  // the bell refreshes; a screen showing what the notice is about (its type: booking, request…) refreshes too
  const id = await ctx.ports.bells.add(n.userId, {
    type: n.type,
    title: ctx.ports.texts.render(lang, `${n.key}.title`, params),
    message: ctx.ports.texts.render(lang, `${n.key}.message`, params),
    messageKey: n.key,
    params: JSON.stringify(params ?? {}),
    relatedId: n.relatedId ?? null,
    // the real time, as D1's default gave before (a clock moved by /dev/scheduler does not date the bell)
    createdAt: Date.now(),
  });
  await notifyChannels(ctx, { ...n, params }, lang, id);
  return id;
}
