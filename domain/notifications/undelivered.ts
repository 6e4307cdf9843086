import { and, eq } from "drizzle-orm";
import { channelLinks, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import type { OutboundMessage, Ports } from "../ports";

/** A bell item telling that a message did not reach a chat: its type names what the message was about (ADR 084). */
export const UNDELIVERED_PREFIX = "undelivered:";

/**
 * A message Dalil gave up on (dead-lettered) is told in its person's bell: which chat it could not reach, what it was
 * about (the notification's own title) and where to see it (the notification's page). Only a linked chat's message
 * has a person: a code, a notice to a phone or a text to a listing's number has none. Returns whether it was told.
 */
export async function tellUndelivered(
  ctx: Pick<ServiceContext, "db"> & { ports: Pick<Ports, "texts"> & { bells: Pick<Ports["bells"], "add"> } },
  m: { channel: string; recipient: string; about?: OutboundMessage["about"]; params: Record<string, string | number> },
): Promise<boolean> {
  if (m.channel !== "whatsapp" && m.channel !== "telegram") return false;
  let userId = m.about?.userId;
  if (userId === undefined) {
    const [link] = await ctx.db
      .select({ userId: channelLinks.userId })
      .from(channelLinks)
      .where(and(eq(channelLinks.channel, m.channel), eq(channelLinks.externalId, m.recipient)))
      .limit(1);
    if (link?.userId == null) return false;
    userId = link.userId;
  }
  const [user] = await ctx.db
    .select({ language: users.language, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || user.deletedAt) return false;
  const lang = user.language ?? "en";
  const about = m.about
    ? ctx.ports.texts.render(lang, `${m.about.key}.title`, m.params)
    : ctx.ports.texts.render(lang, "notices.undelivered.something");
  const key = `notices.undelivered.${m.channel}`;
  const params = { about };
  await ctx.ports.bells.add(userId, {
    type: `${UNDELIVERED_PREFIX}${m.about?.type ?? "message"}`,
    title: ctx.ports.texts.render(lang, `${key}.title`, params),
    message: ctx.ports.texts.render(lang, `${key}.message`, params),
    messageKey: key,
    params: JSON.stringify(params),
    relatedId: m.about?.relatedId ?? null,
    createdAt: Date.now(),
  });
  return true;
}
