import { and, eq } from "drizzle-orm";
import { channelLinks, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { isolateParams } from "../text/bidi";
import { oneLine } from "../text/oneLine";
import { formatDuration } from "../text/numbers";
import type { ParticipantView } from "./access";
import type { MessageView } from "./view";

/**
 * Web chat carried through the messaging apps (ADR 034): a message whose recipient is not reading the conversation live
 * goes to each chat the recipient linked and opted in to (WhatsApp, Telegram), with the sender's name and the
 * conversation's number, its photo as a photo. The outbox delivers it (free text inside WhatsApp's 24-hour window, the
 * approved "chat" template outside it) and the deliverer remembers the sent message's id with the conversation, so the
 * recipient's reply, quoting it or not, goes back into it.
 *
 * The dedupe key starts with the unread-stretch prefix of messageAdded.ts, so reading the conversation on the
 * web cancels relays not sent yet.
 */
export async function relayToChannels(
  ctx: Pick<ServiceContext, "db" | "ports">,
  conversation: ParticipantView,
  recipient: number,
  message: MessageView,
): Promise<number> {
  const [[sender], [reader], links] = await ctx.db.batch([
    ctx.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, message.senderUserId ?? conversation.userId))
      .limit(1),
    ctx.db.select({ language: users.language }).from(users).where(eq(users.id, recipient)).limit(1),
    ctx.db
      .select({ channel: channelLinks.channel, externalId: channelLinks.externalId })
      .from(channelLinks)
      .where(and(eq(channelLinks.userId, recipient), eq(channelLinks.optedIn, true))),
  ]);
  const targets = links.filter((l) => !l.externalId.startsWith("pending:"));
  if (!targets.length) return 0;
  const lang = reader?.language ?? "en";
  // the sender's name and words keep their own direction inside our sentence (ADR 013) `id` is the conversation's
  // number: a reference, in the reader's digits, never grouped the name on one line, whatever was stored before names
  // were: it cannot write a line of its own
  const name = oneLine(sender?.name ?? "");
  const params: Record<string, string | number> = {
    ...isolateParams({ name, text: message.message ?? "" }),
    id: conversation.conversationId,
  };
  // a voice note: its length in the reader's digits, and (for WhatsApp's template outside 24 h) a line saying one waits
  if (message.audioUrl) {
    params.duration = formatDuration(message.audioMs ?? 0, lang);
    if (!message.message)
      params.text = ctx.ports.texts.render(lang, "chat.voice.waiting", { duration: params.duration });
  }
  for (const link of targets) {
    await ctx.ports.outbox.enqueue({
      channel: link.channel,
      recipient: link.externalId,
      key:
        message.audioUrl && !message.message
          ? "chat.relay.voice"
          : message.message
            ? "chat.relay.message"
            : "chat.relay.photo",
      params,
      lang,
      dedupeKey: `chat:${conversation.conversationId}:${recipient}:m${message.id}:${link.channel}`,
      thread: { conversationId: conversation.conversationId, name },
      ...(message.imageUrl ? { mediaUrl: message.imageUrl } : {}),
      ...(message.audioUrl ? { voiceUrl: message.audioUrl } : {}),
    });
  }
  return targets.length;
}
