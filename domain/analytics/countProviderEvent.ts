import { baghdadToday } from "../bookings/schemas";
import type { ServiceContext } from "../context";
import { isServiceError, ServiceError } from "../errors";
import { LIMITS, takeSlot } from "../rateLimit";
import { parseProviderId } from "../providers/getProvider";

export const CONTACT_KINDS = ["call", "whatsapp", "chat"] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];
export type ProviderEvent = "view" | ContactKind;

export const isContactKind = (x: unknown): x is ContactKind =>
  typeof x === "string" && (CONTACT_KINDS as readonly string[]).includes(x);

/** The day of `now` in Iraq (UTC+3) as YYYY-MM-DD: one analytics row per provider per Iraqi day. */
export const analyticsDay = (now: Date) => baghdadToday(now);

/**
 * Counts a profile view or a contact click (call / WhatsApp / chat) on today's row in ONE statement:
 * an upsert on the (provider_id, date) unique index, so concurrent counts never lose one (no
 * read-modify-write, ADR 003). The SELECT … WHERE id = ? makes a missing provider count nothing.
 */
export async function countProviderEvent(
  ctx: Pick<ServiceContext, "db" | "now" | "actor" | "client" | "ports">,
  rawId: string | number,
  event: ProviderEvent,
): Promise<void> {
  const providerId = parseProviderId(String(rawId));
  const view = event === "view" ? 1 : 0;
  // a view or a contact click counts once per visitor (the signed-in user, else the address), listing, kind and day, so
  // reloads and loops cannot inflate it; the slot is the de-duplication record. The listing's own people looking at it
  // are not visitors: its account, and an account whose phone is the listing's phone or WhatsApp number (a listing the
  // admin added, not tied to an account), as for reviews.
  const visitor = ctx.actor.kind === "user" ? `u${ctx.actor.userId}` : ctx.client?.ip ? `ip${ctx.client.ip}` : null;
  if (visitor) {
    const me = ctx.actor.kind === "user" ? ctx.actor.userId : 0;
    const listing = await (ctx.db.$client as D1Database)
      .prepare(
        `SELECT p.id, EXISTS (SELECT 1 FROM users u WHERE u.id = ? AND (u.id = p.user_id OR u.phone = p.phone
          OR u.phone = p.whatsapp)) AS own
         FROM service_providers p WHERE p.id = ?`,
      )
      .bind(me, providerId)
      .first<{ id: number; own: number }>();
    if (!listing) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
    if (listing.own) return;
    try {
      await takeSlot(ctx, LIMITS.contactClick(visitor, providerId, event, analyticsDay(ctx.now())));
    } catch (err) {
      if (isServiceError(err) && err.code === "RATE_LIMITED") return; // already counted today
      throw err;
    }
  }
  const one = (kind: ContactKind) => (event === kind ? 1 : 0);
  const d1 = ctx.db.$client as D1Database;
  const res = await d1
    .prepare(
      `INSERT INTO provider_analytics (provider_id, date, profile_views, contact_clicks, call_clicks, whatsapp_clicks,
        chat_starts)
       SELECT id, ?, ?, ?, ?, ?, ? FROM service_providers WHERE id = ?
       ON CONFLICT(provider_id, date) DO UPDATE SET
         profile_views = profile_views + excluded.profile_views,
         contact_clicks = contact_clicks + excluded.contact_clicks,
         call_clicks = call_clicks + excluded.call_clicks,
         whatsapp_clicks = whatsapp_clicks + excluded.whatsapp_clicks,
         chat_starts = chat_starts + excluded.chat_starts`,
    )
    .bind(analyticsDay(ctx.now()), view, 1 - view, one("call"), one("whatsapp"), one("chat"), providerId)
    .run();
  if (!res.meta.changes) throw new ServiceError("NOT_FOUND", "errors.providerNotFound");
}
