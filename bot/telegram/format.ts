import type { InlineKeyboardButton, ReplyKeyboardMarkup, InlineKeyboardMarkup } from "grammy/types";
import { MAX_ACTION_BYTES, type Reply } from "../engine/types";

export interface TelegramMessage {
  text: string;
  reply_markup?: InlineKeyboardMarkup | ReplyKeyboardMarkup;
}

const bytes = (s: string) => new TextEncoder().encode(s).length;

/**
 * An engine reply as a Bot API sendMessage body: buttons become an inline keyboard (callback data is the
 * action, ≤ 64 bytes), web links become URL buttons; a request for a location or contact becomes a
 * one-time reply keyboard (Telegram can't combine it with inline buttons in one message).
 */
export function toTelegram(reply: Reply, labels: { location: string; contact: string; menu: string }): TelegramMessage {
  if (reply.ask) {
    const ask =
      reply.ask === "location"
        ? { text: labels.location, request_location: true }
        : { text: labels.contact, request_contact: true };
    return {
      text: reply.text,
      reply_markup: { keyboard: [[ask], [{ text: labels.menu }]], one_time_keyboard: true, resize_keyboard: true },
    };
  }
  const rows: InlineKeyboardButton[][] = (reply.buttons ?? []).map((row) =>
    row.map((b) => {
      if (bytes(b.action) > MAX_ACTION_BYTES)
        throw new Error(`callback data over ${MAX_ACTION_BYTES} bytes: ${b.action}`);
      return { text: b.label, callback_data: b.action };
    }),
  );
  // Telegram only opens http(s) links from buttons; a phone number in the text is already tappable
  const links = (reply.links ?? [])
    .filter((l) => /^https?:\/\//.test(l.url))
    .map((l) => [{ text: l.label, url: l.url }]);
  const keyboard = [...links, ...rows];
  return keyboard.length ? { text: reply.text, reply_markup: { inline_keyboard: keyboard } } : { text: reply.text };
}
