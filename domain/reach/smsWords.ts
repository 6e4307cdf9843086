/**
 * What a number says to Dalil by SMS (ADR 075): the texts to a listing's number say "Reply STOP", so STOP (in any of
 * its forms, `saysStop`) stops the number as it does on WhatsApp, and START undoes it. Only the number itself reaches
 * this door (Twilio signs the message it delivered from that number). Anything else is answered with where to reply.
 */
import { WHOLE_MESSAGE_COMMANDS } from "../lexicon/commands";
import type { Lang, ServiceContext } from "../context";
import { saysStop } from "../understand/saysStop";
import { commandWord } from "../text/normalize";
import { mobileOf, resumeNumber, stopNumber } from "./numbers";

export type SmsAnswer = { key: "reach.smsDoor.stopped" | "reach.smsDoor.resumed" | "reach.smsDoor.other"; lang: Lang };

/** The language a short message is written in, by its letters: Sorani's own, Arabic's, else English. */
export const smsLanguage = (text: string): Lang =>
  /[ڕێۆەڵ]/.test(text) ? "ku" : /[\u0600-\u06FF]/.test(text) ? "ar" : "en";

export async function numberSaysBySms(
  ctx: Pick<ServiceContext, "db" | "now">,
  from: string,
  body: string,
): Promise<SmsAnswer> {
  const phone = mobileOf(from) ?? from;
  const lang = smsLanguage(body);
  if (saysStop(body)) {
    await stopNumber(ctx, phone);
    return { key: "reach.smsDoor.stopped", lang };
  }
  if (WHOLE_MESSAGE_COMMANDS.resume.has(commandWord(body))) {
    await resumeNumber(ctx, phone);
    return { key: "reach.smsDoor.resumed", lang };
  }
  return { key: "reach.smsDoor.other", lang };
}
