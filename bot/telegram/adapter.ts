import { Bot, type Context } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { BotDeps } from "../deps";
import { translatorFor } from "../../i18n/translator";
import { handleInbound } from "../engine/engine";
import type { BotEvent, Inbound } from "../engine/types";
import { claimUpdate, releaseUpdate } from "../processedUpdates";
import { telegramApi, sendTelegram } from "./api";
import { toTelegram } from "./format";
import { MAX_IMAGE_BYTES } from "../../domain/uploads/storeImage";
import { MAX_CHANNEL_VOICE_BYTES } from "../../domain/uploads/storeVoice";

/**
 * The replies' share of the webhook's time: sent by then or left to the outbox. The webhook answers within 9 s
 * (bot/webhooks.ts); a send still waiting then would be cut off with the request, its update already claimed.
 */
export const REPLY_BUDGET_MS = 5_000;

/** The update as an engine event, or null for what the bot doesn't handle (edits, channel posts…). */
export function telegramEvent(ctx: Context, deps?: BotDeps): BotEvent | null {
  if (ctx.callbackQuery?.data) return { kind: "action", action: ctx.callbackQuery.data };
  const msg = ctx.message;
  if (!msg) return null;
  if (msg.photo?.length && deps) {
    // the largest size Telegram made that fits our limit (sizes come smallest first)
    const fits = msg.photo.filter((p) => (p.file_size ?? 0) <= MAX_IMAGE_BYTES);
    const best = fits[fits.length - 1] ?? msg.photo[0];
    return {
      kind: "image",
      caption: msg.caption,
      fetch: async () => {
        const bytes = await telegramFile(deps, best.file_id, MAX_IMAGE_BYTES);
        return bytes === "tooLarge" ? null : bytes;
      },
    };
  }
  // a voice note (Ogg/Opus): carried into a chat; Telegram's own copy stays Telegram's
  if (msg.voice && deps) {
    const voice = msg.voice;
    const tooLarge = (voice.file_size ?? 0) > MAX_CHANNEL_VOICE_BYTES;
    return {
      kind: "voice",
      fetch: () =>
        tooLarge ? Promise.resolve("tooLarge" as const) : telegramFile(deps, voice.file_id, MAX_CHANNEL_VOICE_BYTES),
    };
  }
  if (msg.voice || msg.audio || msg.video_note) return { kind: "unreadable", what: "voice" };
  if (msg.video || msg.document || msg.sticker) return { kind: "unreadable", what: "other" };
  if (msg.location) return { kind: "location", lat: msg.location.latitude, lng: msg.location.longitude };
  if (msg.contact)
    return {
      kind: "contact",
      phone: msg.contact.phone_number,
      own: msg.contact.user_id !== undefined && msg.contact.user_id === msg.from?.id,
    };
  const text = msg.text ?? "";
  const start = /^\/start(?:@\w+)?(?:\s+(\S+))?$/.exec(text.trim());
  if (start) return { kind: "start", payload: start[1] };
  return { kind: "text", text };
}

/**
 * The Telegram adapter: grammY parses and routes the update; the engine decides the answer; replies go
 * out through the Bot API (TELEGRAM_API_ROOT). botInfo is given so a cold start makes no getMe call.
 */
export function telegramBot(deps: BotDeps, siteUrl: string): Bot {
  const env = deps.env;
  const token = env.TELEGRAM_BOT_TOKEN!;
  const botInfo = {
    id: Number(token.split(":")[0]) || 1,
    is_bot: true,
    first_name: "Dalil",
    username: env.TELEGRAM_BOT_USERNAME ?? "dalil_bot",
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
  } as UserFromGetMe;
  const bot = new Bot(token, {
    botInfo,
    client: {
      apiRoot: env.TELEGRAM_API_ROOT,
      timeoutSeconds: 2,
      fetch: ((i: RequestInfo, init?: RequestInit) => fetch(i, init)) as typeof fetch,
    },
  });

  bot.use(async (ctx) => {
    const deadline = Date.now() + REPLY_BUDGET_MS;
    const key = `tg:${ctx.update.update_id}`;
    const ctxs = deps.services();
    // kept in the chat's own object (ADR 054); an update with no chat (a channel post) is the sender's, or nobody's
    const scope = `telegram:${ctx.chat?.id ?? ctx.from?.id ?? "none"}`;
    // a re-delivered update was handled already: acknowledge, do nothing
    if (!(await claimUpdate(deps, scope, key))) {
      if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
      return;
    }
    try {
      const event = telegramEvent(ctx, deps);
      const chat = ctx.chat;
      if (!event || !chat || chat.type !== "private") {
        if (ctx.callbackQuery) await ctx.answerCallbackQuery();
        return;
      }
      const inbound: Inbound = {
        channel: "telegram",
        externalId: String(chat.id),
        profileName: ctx.from?.first_name,
        handle: ctx.from?.username,
        languageHint: ctx.from?.language_code,
        ...(ctx.message?.reply_to_message ? { repliedTo: String(ctx.message.reply_to_message.message_id) } : {}),
        ...(ctx.message ? { messageId: String(ctx.message.message_id) } : {}),
        event,
      };
      const { replies, lang } = await handleInbound({ ctx: ctxs, siteUrl }, inbound);
      // every tap is answered, or the button keeps spinning (a spinner is not worth the update: failing, it is left)
      if (ctx.callbackQuery) await ctx.answerCallbackQuery().catch(() => undefined);
      const t = translatorFor(lang);
      const labels = {
        location: t("bot.shareLocationButton"),
        contact: t("bot.shareContactButton"),
        menu: t("bot.menu"),
      };
      for (const reply of replies) {
        try {
          const left = deadline - Date.now();
          if (left < 500) throw new Error("no time left in the webhook");
          await sendTelegram(telegramApi(env, left / 1000), String(chat.id), toTelegram(reply, labels));
        } catch {
          // the Bot API didn't take it now: the outbox keeps its text and retries; the update stays handled, so a
          // redelivery of it neither answers twice nor is acknowledged while this one is lost (as WhatsApp's adapter)
          await ctxs.ports.outbox.enqueue({
            channel: "telegram",
            recipient: String(chat.id),
            key: "",
            text: reply.text,
            lang,
          });
        }
      }
    } catch (err) {
      await releaseUpdate(deps, scope, key);
      throw err;
    }
  });
  return bot;
}

/**
 * A file the person sent, from the Bot API's file storage (getFile, then /file/bot<token>/<path>, always on the
 * configured API root: the path Telegram names is only ever a path there); null if it can't be had, "tooLarge"
 * past `limit` (not read further). The address carries the bot token: it is fetched here and never shown to anyone.
 */
async function telegramFile(
  { env, readAtMost }: BotDeps,
  fileId: string,
  limit: number,
): Promise<ArrayBuffer | null | "tooLarge"> {
  const file = await telegramApi(env).getFile(fileId);
  if (!file.file_path || !/^[A-Za-z0-9_./-]{1,200}$/.test(file.file_path) || file.file_path.includes("..")) return null;
  if ((file.file_size ?? 0) > limit) return "tooLarge";
  const root = (env.TELEGRAM_API_ROOT || "https://api.telegram.org").replace(/\/$/, "");
  const res = await fetch(`${root}/file/bot${env.TELEGRAM_BOT_TOKEN}/${file.file_path}`, { redirect: "manual" });
  if (!res.ok) return null;
  const bytes = await readAtMost(res, limit);
  return bytes === null ? "tooLarge" : bytes.buffer;
}
