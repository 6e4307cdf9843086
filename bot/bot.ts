import type { Bot } from "grammy";
import type { Deliverers } from "../domain/ports";
import type { BotDeps } from "./deps";
import { channelDeliverers } from "./deliverers";
import { handleSms } from "./sms";
import { telegramBot } from "./telegram/adapter";
import { handleWhatsApp } from "./whatsapp/adapter";

/** The bot's doors, each a verified message in and the bot's answer out; the Worker's webhooks verify and call them. */
export interface DalilBot {
  /** grammY's bot for one Telegram update, its links on `siteUrl` */
  telegram(siteUrl: string): Bot;
  /**
   * one Twilio WhatsApp form: the replies go out through the Messages API, or the outbox when Twilio won't take them
   */
  whatsapp(form: Record<string, string>, siteUrl: string): Promise<void>;
  /** one Twilio SMS form (a number's STOP and START, ADR 075): the TwiML answer */
  sms(form: Record<string, string>): Promise<string>;
  /** the outbox's senders, one per channel */
  deliverers: Deliverers;
}

/** The bot, built from what it needs (ADR 089): nothing of the Worker is imported, all of it is given. */
export function createBot(deps: BotDeps): DalilBot {
  return {
    telegram: (siteUrl) => telegramBot(deps, siteUrl),
    whatsapp: (form, siteUrl) => handleWhatsApp(deps, form, siteUrl),
    sms: (form) => handleSms(deps, form),
    deliverers: channelDeliverers(deps),
  };
}
