/**
 * WhatsApp templates for messages outside the 24-hour customer-service window. WhatsApp has no Kurdish templates, so
 * Kurdish users get the Arabic one (its variables in Arabic too); their answer opens the window, and the bot goes on in
 * the chat's own language, Sorani (ADR 043). The reminders and the review's ask end with numbered answers: the numbers
 * pick the message's own choices, remembered when it is sent. The copy below is what is submitted for approval in
 * Twilio's Content Template Builder; the approved Content SIDs come from env (TWILIO_TEMPLATE_*).
 */
import type { BotSettings } from "../deps";
import type { Reply } from "../engine/types";
import { translatorFor } from "../../i18n/translator";
import { toWhatsAppBody, toWhatsAppChoices, type ChoiceTemplate } from "./format";
import type { WhatsAppContent } from "./api";

export type TemplateName = "code" | "booking" | "chat" | "update" | "reminderCustomer" | "reminderProvider" | "review";

export const TEMPLATE_COPY: Record<TemplateName, { en: string; ar: string; category: "AUTHENTICATION" | "UTILITY" }> = {
  code: {
    category: "AUTHENTICATION",
    en: "{{1}} is your Dalil verification code. For your security, do not share this code.",
    ar: "{{1}} هو رمز التحقق الخاص بك في دليل. حفاظاً على أمانك، لا تشارك هذا الرمز.",
  },
  booking: {
    category: "UTILITY",
    en:
      "New Dalil booking request #{{1}} from {{2}}, {{3}}, in {{4}}: {{5}}. Reply to this message to accept or " +
      "decline it.",
    ar: "طلب حجز جديد في دليل رقم {{1}} من {{2}}، {{3}}، في {{4}}: {{5}}. ردّ على هذه الرسالة لقبوله أو رفضه.",
  },
  chat: {
    category: "UTILITY",
    en: "New message on Dalil from {{1}} (conversation #{{2}}): {{3}} Reply to this message to answer {{1}}.",
    ar: "رسالة جديدة في دليل من {{1}} (المحادثة رقم {{2}}): {{3}} ردّ على هذه الرسالة للإجابة على {{1}}.",
  },
  update: {
    category: "UTILITY",
    en: "Update from Dalil: {{1}} Reply to this message to see your bookings.",
    ar: "تحديث من دليل: {{1}} ردّ على هذه الرسالة لرؤية حجوزاتك.",
  },
  reminderCustomer: {
    category: "UTILITY",
    en:
      "Reminder from Dalil: booking #{{1}} with {{2}}, {{3}}, at {{4}}. Reply 1 to confirm, 2 to change the day, " +
      "3 to cancel.",
    ar: "تذكير من دليل: الحجز رقم {{1}} مع {{2}}، {{3}}، في {{4}}. ردّ بـ 1 للتأكيد، أو 2 لتغيير اليوم، أو 3 للإلغاء.",
  },
  reminderProvider: {
    category: "UTILITY",
    en:
      "Reminder from Dalil: booking #{{1}} for {{2}}, {{3}}, at {{4}}. Reply 1 when you are on your way, 2 to " +
      "change the day, 3 if you can't make it.",
    ar:
      "تذكير من دليل: الحجز رقم {{1}} لـ {{2}}، {{3}}، في {{4}}. ردّ بـ 1 عندما تكون في الطريق، أو 2 لتغيير " +
      "اليوم، أو 3 إذا لم تستطع الحضور.",
  },
  review: {
    category: "UTILITY",
    en: "How did {{1}} do on your Dalil booking #{{2}}? Reply with 1 to 5 stars (5 is best).",
    ar: "كيف كان عمل {{1}} في حجزك رقم {{2}} على دليل؟ ردّ برقم من 1 إلى 5 نجوم (5 هو الأفضل).",
  },
};

/** Which template carries a message key outside the window. */
export function templateFor(key: string): TemplateName {
  if (key === "messages.verificationCode") return "code";
  // a listing's number that opted in hears of a request in the booking template too (ADR 047)
  if (
    key === "notices.bookingAlert.message" ||
    key === "notices.bookingRequested.message" ||
    key === "reach.whatsapp.booking"
  )
    return "booking";
  if (key.startsWith("chat.relay.")) return "chat";
  if (key === "notices.reminderCustomer.message" || key === "notices.reminderSoonCustomer.message")
    return "reminderCustomer";
  if (key === "notices.reminderProvider.message" || key === "notices.reminderSoonProvider.message")
    return "reminderProvider";
  if (key === "notices.reviewAsk.message" || key === "notices.reviewNudge.message") return "review";
  return "update";
}

/** The template's variables from the message's params (and its rendered text, for the generic update). */
export function templateVariables(
  name: TemplateName,
  params: Record<string, string | number>,
  rendered: string,
): Record<string, string> {
  if (name === "code") return { 1: String(params.code ?? "") };
  if (name === "booking")
    return {
      1: String(params.id ?? ""),
      2: String(params.customer ?? ""),
      3: `${params.day ?? ""} ${params.slot ?? ""}`.trim(),
      4: String(params.area ?? ""),
      5: String(params.service ?? "").slice(0, 200),
    };
  if (name === "reminderCustomer" || name === "reminderProvider") {
    return {
      1: String(params.id ?? ""),
      2: String((name === "reminderCustomer" ? params.provider : params.customer) ?? ""),
      3: `${params.day ?? ""}, ${params.at ?? params.slot ?? ""}`,
      4: String(params.address ?? "").slice(0, 200),
    };
  }
  if (name === "review") return { 1: String(params.provider ?? ""), 2: String(params.id ?? "") };
  if (name === "chat")
    return { 1: String(params.name ?? ""), 2: String(params.id ?? ""), 3: String(params.text || "📷").slice(0, 700) };
  return { 1: rendered.slice(0, 900) };
}

export function templateSid(env: BotSettings, name: TemplateName, lang: "en" | "ar" | "ku"): string | undefined {
  const suffix = lang === "en" ? "EN" : "AR";
  const sids: Record<string, string | undefined> = {
    CODE_AR: env.TWILIO_TEMPLATE_CODE_AR,
    CODE_EN: env.TWILIO_TEMPLATE_CODE_EN,
    BOOKING_AR: env.TWILIO_TEMPLATE_BOOKING_AR,
    BOOKING_EN: env.TWILIO_TEMPLATE_BOOKING_EN,
    CHAT_AR: env.TWILIO_TEMPLATE_CHAT_AR,
    CHAT_EN: env.TWILIO_TEMPLATE_CHAT_EN,
    UPDATE_AR: env.TWILIO_TEMPLATE_UPDATE_AR,
    UPDATE_EN: env.TWILIO_TEMPLATE_UPDATE_EN,
    REMINDERCUSTOMER_AR: env.TWILIO_TEMPLATE_REMINDER_CUSTOMER_AR,
    REMINDERCUSTOMER_EN: env.TWILIO_TEMPLATE_REMINDER_CUSTOMER_EN,
    REMINDERPROVIDER_AR: env.TWILIO_TEMPLATE_REMINDER_PROVIDER_AR,
    REMINDERPROVIDER_EN: env.TWILIO_TEMPLATE_REMINDER_PROVIDER_EN,
    REVIEW_AR: env.TWILIO_TEMPLATE_REVIEW_AR,
    REVIEW_EN: env.TWILIO_TEMPLATE_REVIEW_EN,
  };
  return sids[`${name.toUpperCase()}_${suffix}`];
}

/** The choice templates' SIDs as configured (none in development: the numbered text is used). */
export function choiceSids(env: BotSettings): Partial<Record<ChoiceTemplate, string>> {
  return {
    QUICK_1: env.TWILIO_CONTENT_QUICK_1,
    QUICK_2: env.TWILIO_CONTENT_QUICK_2,
    QUICK_3: env.TWILIO_CONTENT_QUICK_3,
    LIST_4: env.TWILIO_CONTENT_LIST_4,
    LIST_5: env.TWILIO_CONTENT_LIST_5,
    LIST_6: env.TWILIO_CONTENT_LIST_6,
    LIST_7: env.TWILIO_CONTENT_LIST_7,
    LIST_8: env.TWILIO_CONTENT_LIST_8,
    LIST_9: env.TWILIO_CONTENT_LIST_9,
    LIST_10: env.TWILIO_CONTENT_LIST_10,
  };
}

/**
 * A reply inside the 24-hour window: WhatsApp's buttons or list when they fit and are configured, else numbered text.
 */
export function sessionContent(
  env: BotSettings,
  reply: Reply,
  lang: "en" | "ar" | "ku",
  mediaUrl?: string,
): WhatsAppContent {
  const t = translatorFor(lang);
  const choices = mediaUrl ? null : toWhatsAppChoices(reply, choiceSids(env), t("bot.listButton"));
  if (choices) return choices;
  return { body: toWhatsAppBody(reply, t("bot.replyWithNumber"), lang), ...(mediaUrl ? { mediaUrl } : {}) };
}
