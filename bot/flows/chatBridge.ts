/**
 * The web's chat through the bot (ADR 034): typed text and photos go into a conversation — the one a reply quotes, or
 * the one the bot last named — and "💬 Message" on a listing starts one.
 */
import type { Flow } from "../engine/flow";
import { freshState, type ChatTarget } from "../engine/state";
import type { Turn } from "../engine/turn";
import { understand } from "../../domain/understand/understand";
import { accountForProvenPhone } from "../../domain/accounts/channels";
import { randomToken } from "../../domain/accounts/tokens";
import { sendMessage } from "../../domain/chat/sendMessage";
import { namesForReader } from "../../domain/providers/displayName";
import { getProvider } from "../../domain/providers/getProvider";
import { isolate } from "../../domain/text/bidi";
import { storeImage } from "../../domain/uploads/storeImage";
import { storeVoice } from "../../domain/uploads/storeVoice";
import { isServiceError } from "../../domain/errors";

/** How long typed text keeps going to the conversation the bot last named. */
export const CHAT_MS = 30 * 60 * 1000;

/** The conversation of the relayed message the person's reply quotes. */
function quotedThread(turn: Turn): ChatTarget | undefined {
  const t = turn.quotedChat();
  if (!t) return undefined;
  const name = turn.state.chat?.conversationId === t.conversationId ? turn.state.chat.name : "";
  return { conversationId: t.conversationId, name, at: t.at };
}

/** The conversation typed text goes to now: the one the bot last named, within CHAT_MS. */
function chatTarget(turn: Turn): ChatTarget | undefined {
  const c = turn.state.chat;
  if (!c || !["idle", "chatCompose"].includes(turn.state.step)) return undefined;
  return turn.ctx.now().getTime() - c.at < CHAT_MS ? c : undefined;
}

/** While chatting, a short message that is one of the bot's own commands is that command, not chat. */
function commandWhileChatting(turn: Turn, text: string): boolean {
  if (turn.state.step === "chatCompose" || text.split(/\s+/).length > 3) return false;
  const u = understand(text);
  return (
    ["myBookings", "acceptBooking", "declineBooking", "busy", "available", "language", "stop"].includes(u.intent) ||
    (u.intent === "completeBooking" && "bookingId" in u && Boolean(u.bookingId))
  );
}

/**
 * A short "no", "cancel", "enough" («خلص», no booking number) or "menu", as the first words after "write your
 * message": the person changed their mind, not a message to anyone. (A first message such as «لا تتأخر», "don't be
 * late", reads as a no too: it is not sent, and the person is told so at once, so it can be typed again after
 * 💬 Message; a "no, forget it" delivered to a provider could not be taken back.)
 */
function changedMind(text: string): boolean {
  if (text.split(/\s+/).length > 3) return false;
  const u = understand(text);
  return (
    u.intent === "no" ||
    u.intent === "menu" ||
    ((u.intent === "cancelBooking" || u.intent === "completeBooking") && !u.bookingId)
  );
}

/** "💬 Message" on a listing: the next thing typed starts (or continues) the conversation with it. */
async function startChat(turn: Turn, rawId: string) {
  const p = await getProvider(turn.ctx, rawId);
  if (!turn.account || !turn.account.isPhoneVerified) {
    if (turn.provenPhone && !turn.account) {
      turn.account = await accountForProvenPhone(turn.ctx, turn.provenPhone, turn.inbound.profileName ?? "", turn.lang);
    } else {
      return turn.linkFirst(`cw:${p.id}`);
    }
  }
  const name = namesForReader(p, turn.lang).primary;
  turn.state = {
    ...freshState(turn.state.at),
    step: "chatCompose",
    chat: { providerId: p.id, name, at: turn.ctx.now().getTime() },
  };
  turn.chatting = true;
  turn.say({
    text: turn.t("bot.askChatMessage", { name: isolate(name) }),
    buttons: [[{ label: turn.t("bot.cancelDraft"), action: "m" }]],
  });
}

/** Writes into the web conversation as this chat's account: stored as every message is, live on the web. */
async function sendToChat(
  turn: Turn,
  target: ChatTarget,
  content: { message?: string; imageUrl?: string; audioUrl?: string },
) {
  if (!turn.account) return turn.askToLink();
  const clientId = `bot-${turn.inbound.channel}-${turn.inbound.externalId}-${turn.inbound.messageId ?? randomToken(8)}`
    .replace(/[^A-Za-z0-9_-]/g, "")
    .slice(0, 64);
  const { message } = await sendMessage(
    turn.ctx,
    target.conversationId ? { conversationId: target.conversationId } : { providerId: target.providerId },
    { ...content, clientId },
  );
  turn.state = {
    ...freshState(turn.state.at),
    chat: { ...target, conversationId: message.conversationId, at: turn.ctx.now().getTime() },
  };
  turn.chatting = true;
  turn.say({
    text: target.name
      ? turn.t("bot.chatSent", { name: isolate(target.name), id: message.conversationId })
      : turn.t("bot.chatSentNoName", { id: message.conversationId }),
    buttons: [[turn.menuButton()]],
  });
}

export const chatBridgeFlow: Flow = {
  name: "chatBridge",
  actions: {
    cw: (turn, providerId) => startChat(turn, providerId),
  },
  // a reply quoting a relayed chat message goes into that conversation
  first(turn, { raw }) {
    const thread = quotedThread(turn);
    return thread ? sendToChat(turn, thread, { message: raw.trim() }) : false;
  },
  // typing after the bot named a conversation writes in it; a provider's short command still works
  typing(turn, { raw, text }) {
    // «لا خلص», "no", "cancel" at "write your message": the person changed their mind; nothing is sent to the provider
    // (before, those words were the message, the walk)
    if (turn.state.step === "chatCompose" && changedMind(text)) {
      turn.say({ text: turn.t("bot.chatNotSent") });
      return turn.act("m");
    }
    const chat = chatTarget(turn);
    return chat && !commandWhileChatting(turn, text) ? sendToChat(turn, chat, { message: raw.trim() }) : false;
  },
  /**
   * A photo: into the conversation being written to, stored in R2 as the web's photos are; else said where photos go.
   */
  async image(turn, fetchBytes, caption) {
    const target = quotedThread(turn) ?? chatTarget(turn);
    if (!target || !turn.account) {
      turn.say({ text: turn.t("bot.photoOnlyInChat") });
      // a form that is open stays open (its question again); otherwise the menu
      if (await turn.askAgain()) return;
      return turn.mainMenu(false);
    }
    turn.chatting = true;
    const bytes = await fetchBytes();
    if (!bytes) return turn.say({ text: turn.t("bot.photoFailed"), buttons: [[turn.menuButton()]] });
    const { imageUrl } = await storeImage(turn.ctx, bytes, { forChat: true });
    return sendToChat(turn, target, { imageUrl, ...(caption?.trim() ? { message: caption.trim() } : {}) });
  },
  /**
   * A voice note: into the conversation being written to, copied into R2 as the web's own notes are (the channel's copy
   * is then removed); outside a conversation `false`, and the engine says what to do instead.
   */
  async voice(turn, event) {
    const target = quotedThread(turn) ?? chatTarget(turn);
    if (!target || !turn.account) return false;
    turn.chatting = true;
    const bytes = await event.fetch();
    if (bytes === "tooLarge") return turn.say({ text: turn.t("bot.voiceTooLong"), buttons: [[turn.menuButton()]] });
    if (!bytes) return turn.say({ text: turn.t("bot.voiceFailed"), buttons: [[turn.menuButton()]] });
    let url: string;
    try {
      ({ url } = await storeVoice(turn.ctx, bytes, "channel"));
    } catch (err) {
      if (!isServiceError(err) || err.code !== "VALIDATION") throw err;
      return turn.say({
        text: turn.t(err.messageKey === "validation.audioTooLong" ? "bot.voiceTooLong" : "bot.voiceFailed"),
        buttons: [[turn.menuButton()]],
      });
    }
    await sendToChat(turn, target, { audioUrl: url });
    // stored and sent: the channel's copy is not needed any more (a failure here loses nothing of ours)
    await event.done?.().catch((err) => console.warn("removing the channel's copy of a voice note failed", err));
  },
};
