import { isolateParams } from "../text/bidi";
import { oneLine } from "../text/oneLine";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import type { ServiceContext } from "../context";
import type { ParticipantView } from "./access";
import type { MessageView } from "./view";
import { relayToChannels } from "./relay";

/**
 * "A new message happened" is told by the conversation's ChatRoom (ADR 029): it broadcasts the stored message
 * to its sockets and, for a recipient with no socket open on it, calls notifyUnreadConversation once per
 * conversation until read (the room remembers that it did); every message the recipient is not reading live is
 * also relayed to their WhatsApp and Telegram chats (relay.ts, ADR 034).
 */
const preview = (m: MessageView) =>
  m.message ? (m.message.length > 80 ? `${m.message.slice(0, 79)}…` : m.message) : "📷";

/** The recipient's bell, once per conversation until read (the messages themselves go to their chats: relay.ts). */
export async function notifyUnreadConversation(
  ctx: ServiceContext,
  conversation: ParticipantView,
  recipient: number,
  message: MessageView,
) {
  const [[sender], [reader]] = await ctx.db.batch([
    ctx.db.select({ name: users.name }).from(users).where(eq(users.id, conversation.userId)).limit(1),
    ctx.db.select({ language: users.language }).from(users).where(eq(users.id, recipient)).limit(1),
  ]);
  const lang = reader?.language ?? "en";
  // a person's name and words inside our sentence keep their own direction (ADR 013) the name on one line: it also goes
  // to the recipient's chats as the notice's title
  const params = isolateParams({ name: oneLine(sender?.name ?? ""), text: preview(message) });
  // one unread notification per conversation: the recipient's object stores it only if none is waiting (it runs
  // one call at a time, so two messages at once cannot both add one), and pushes it to their tabs (ADR 051)
  await ctx.ports.bells.add(
    recipient,
    {
      type: "chat",
      title: ctx.ports.texts.render(lang, "chat.notice.title", params),
      message: ctx.ports.texts.render(lang, "chat.notice.message", params),
      messageKey: "chat.notice",
      // read later in the reader's language of that moment (ADR 025)
      params: JSON.stringify(params),
      relatedId: conversation.conversationId,
      createdAt: ctx.now().getTime(),
    },
    { oncePerUnread: true },
  );
}

/**
 * A stored message whose recipient has no socket open on the conversation: relayed to their WhatsApp/Telegram chats
 * (every message, ADR 034), then the bell once per conversation until read. `claimBell` is the room's: true once per
 * unread stretch, answered after D1's index shows this message (the bell makes the recipient's inbox refresh).
 * Neither failure reaches the sender: their message is stored.
 */
export async function messageMissed(
  ctx: ServiceContext,
  conversation: ParticipantView,
  recipient: number,
  message: MessageView,
  claimBell: () => Promise<boolean>,
) {
  try {
    await relayToChannels(ctx, conversation, recipient, message);
  } catch (err) {
    console.error("chat relay failed", err);
  }
  if (!(await claimBell())) return;
  try {
    await notifyUnreadConversation(ctx, conversation, recipient, message);
  } catch (err) {
    console.error("chat notification failed", err);
  }
}

/** The outbox keys of relays to a user in a conversation: reading it on the web cancels those not sent yet. */
export const whatsappAlertPrefix = (conversationId: number, userId: number) => `chat:${conversationId}:${userId}:`;
