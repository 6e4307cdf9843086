import { Api, GrammyError, HttpError, InputFile } from "grammy";
import type { BotSettings } from "../deps";
import { DeliveryError } from "../../domain/errors";
import { isPermanentStatus, SEND_TIMEOUT_SECONDS } from "../delivery";
import type { TelegramMessage } from "./format";

/**
 * The Bot API client, its root from env (a local stand-in in
 * development and tests); a call gives up after `timeoutSeconds`.
 */
export function telegramApi(env: BotSettings, timeoutSeconds = SEND_TIMEOUT_SECONDS): Api {
  if (!env.TELEGRAM_BOT_TOKEN) throw new DeliveryError("telegram: TELEGRAM_BOT_TOKEN is not set", true);
  // fetch is looked up per call so tests (and the Worker runtime) provide it
  const perCall = ((input: RequestInfo, init?: RequestInit) => fetch(input, init)) as typeof fetch;
  return new Api(env.TELEGRAM_BOT_TOKEN, { apiRoot: env.TELEGRAM_API_ROOT, timeoutSeconds, fetch: perCall });
}

/** sendMessage, with the Bot API's answer turned into retry / don't-retry; the sent message's id. */
export async function sendTelegram(
  api: Api,
  chatId: string,
  message: TelegramMessage,
  photoUrl?: string,
): Promise<string | undefined> {
  return asDelivery(async () => {
    const extra = message.reply_markup ? { reply_markup: message.reply_markup } : {};
    // a photo goes as a photo, the text as its caption (Telegram fetches the URL)
    const sent = photoUrl
      ? await api.sendPhoto(chatId, photoUrl, { caption: message.text.slice(0, 1024), ...extra })
      : await api.sendMessage(chatId, message.text, extra);
    return sent?.message_id !== undefined ? String(sent.message_id) : undefined;
  });
}

/**
 * A voice note as Telegram's own (sendVoice), uploaded as bytes: Telegram is never handed an address (ours would
 * need a signature, and a file URL of Telegram's carries the bot token). The text goes as its caption.
 */
export async function sendTelegramVoice(
  api: Api,
  chatId: string,
  message: TelegramMessage,
  voice: { bytes: Uint8Array; file: string },
): Promise<string | undefined> {
  return asDelivery(async () => {
    const extra = message.reply_markup ? { reply_markup: message.reply_markup } : {};
    const sent = await api.sendVoice(chatId, new InputFile(voice.bytes, voice.file), {
      caption: message.text.slice(0, 1024),
      ...extra,
    });
    return sent?.message_id !== undefined ? String(sent.message_id) : undefined;
  });
}

/** The Bot API's answer turned into retry / don't-retry (DeliveryError). */
async function asDelivery<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (err instanceof GrammyError) {
      throw new DeliveryError(
        `telegram ${err.error_code}: ${err.description}`,
        isPermanentStatus(err.error_code),
        err.parameters?.retry_after,
      );
    }
    if (err instanceof HttpError) throw new DeliveryError(`telegram: ${String(err.error)}`, false);
    throw new DeliveryError(`telegram: ${String(err)}`, false);
  }
}
