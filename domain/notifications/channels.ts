import { and, eq } from "drizzle-orm";
import { channelLinks } from "../../db/schema";
import type { ServiceContext } from "../context";
import type { NewNotification } from "./newNotification";

/**
 * A notification's outbox keys: its id is its recipient's own
 * (each bell numbers its own, ADR 051), so the key names both.
 */
export const notificationDedupePrefix = (userId: number, notificationId: number) =>
  `notification:${userId}.${notificationId}:`;

/**
 * Every notification also goes to each chat the user linked and opted in to (Telegram, WhatsApp),
 * through the outbox, in their language; its choices become buttons (numbered replies on WhatsApp).
 */
export async function notifyChannels(
  ctx: Pick<ServiceContext, "db" | "ports">,
  n: NewNotification,
  lang: "en" | "ar" | "ku",
  notificationId: number,
): Promise<void> {
  const links = await ctx.db
    .select({ channel: channelLinks.channel, externalId: channelLinks.externalId })
    .from(channelLinks)
    .where(and(eq(channelLinks.userId, n.userId), eq(channelLinks.optedIn, true)));
  if (!links.length) return;
  const params = { ...(n.params ?? {}), ...(n.relatedId != null ? { id: n.relatedId } : {}) };
  // a notice with a chat form (a booking alert, one line per fact) is sent as that; others as title and message.
  // The key still names it (templates outside WhatsApp's window)
  const chat = ctx.ports.texts.render(lang, `${n.key}.chat`, params);
  // a notice carrying a site link (a payment's page, ADR 085) is rendered when it leaves, once the link is an address
  const linked = typeof (params as Record<string, unknown>).link === "string" && chat !== `${n.key}.chat`;
  const text =
    chat !== `${n.key}.chat`
      ? chat
      : `${ctx.ports.texts.render(lang, `${n.key}.title`, params)}\n` +
        ctx.ports.texts.render(lang, `${n.key}.message`, params);
  for (const link of links) {
    if (link.externalId.startsWith("pending:")) continue;
    await ctx.ports.outbox.enqueue({
      ...(linked ? {} : { text }),
      channel: link.channel,
      recipient: link.externalId,
      key: linked ? `${n.key}.chat` : `${n.key}.message`,
      params,
      lang,
      about: { userId: n.userId, type: n.type, key: n.key, relatedId: n.relatedId ?? null },
      dedupeKey: `${notificationDedupePrefix(n.userId, notificationId)}${link.channel}:${link.externalId}`,
      ...(n.choices?.length ? { buttons: [n.choices] } : {}),
      ...(n.guard ? { guard: n.guard } : {}),
    });
  }
}
