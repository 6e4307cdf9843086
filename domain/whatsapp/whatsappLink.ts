import { z } from "zod";
import { ServiceError } from "../errors";
import { whatsappLinkDigits } from "../text/phone";
import { parseInput } from "../validation";

const schema = z.object({
  phone: z.string({ error: "errors.whatsappPhoneRequired" }).max(64, "errors.whatsappPhoneInvalid"),
  message: z.string().max(2000, "errors.whatsappMessageTooLong").optional(),
});

/**
 * POST /api/whatsapp/send: a wa.me link for a phone (digits only; Iraqi numbers in any typed form become
 * 964…) with a pre-filled message. Nothing is
 * sent from our side: the browser opens the link. `greeting` is the translated default message
 * ('Hello! I found you on Dalil. Can you help?' in the caller's language; the edge translates it).
 */
export function whatsappLink(raw: unknown, greeting: string): { whatsappUrl: string } {
  const input = parseInput(schema, raw);
  const digits = whatsappLinkDigits(input.phone);
  if (digits.length < 8 || digits.length > 15) {
    throw new ServiceError("VALIDATION", "errors.whatsappPhoneInvalid", { phone: "errors.whatsappPhoneInvalid" });
  }
  const message = input.message?.trim() || greeting;
  return { whatsappUrl: `https://wa.me/${digits}?text=${encodeURIComponent(message)}` };
}
