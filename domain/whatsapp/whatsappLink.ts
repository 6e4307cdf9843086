import { z } from "zod";
import type { Lang } from "../context";
import { ServiceError } from "../errors";
import { whatsappLinkDigits } from "../text/phone";
import { parseInput } from "../validation";

/** The greeting the WhatsApp buttons send (SPEC §7, PRODUCT "Name and voice"), per language. */
export const WHATSAPP_GREETING: Record<Lang, string> = {
  en: "Hello! I found you on Dalil. Can you help?",
  ar: "مرحباً! وجدتك على دليل. هل يمكنك المساعدة؟",
  ku: "سڵاو! لە دەلیل تۆم دۆزیەوە. دەتوانیت یارمەتیم بدەیت؟",
};

const schema = z.object({
  phone: z.string({ error: "errors.whatsappPhoneRequired" }).max(64, "errors.whatsappPhoneInvalid"),
  message: z.string().max(2000, "errors.whatsappMessageTooLong").optional(),
});

/**
 * POST /api/whatsapp/send: a wa.me link for a phone (digits only; Iraqi numbers in any typed form become
 * 964…) with a pre-filled message, the greeting in the caller's language when none is given. Nothing is
 * sent from our side: the browser opens the link.
 */
export function whatsappLink(raw: unknown, lang: Lang): { whatsappUrl: string } {
  const input = parseInput(schema, raw);
  const digits = whatsappLinkDigits(input.phone);
  if (digits.length < 8 || digits.length > 15) {
    throw new ServiceError("VALIDATION", "errors.whatsappPhoneInvalid", { phone: "errors.whatsappPhoneInvalid" });
  }
  const message = input.message?.trim() || WHATSAPP_GREETING[lang];
  return { whatsappUrl: `https://wa.me/${digits}?text=${encodeURIComponent(message)}` };
}
