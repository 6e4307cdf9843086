/**
 * The SMS door (ADR 075): Twilio posts an SMS a number sent to TWILIO_SMS_FROM, signed as the WhatsApp webhook is. The
 * number's words go to the domain (STOP, START), and the answer goes back as TwiML, which Twilio sends as one SMS.
 */
import type { BotDeps } from "./deps";
import { translatorFor } from "../i18n/translator";
import { numberSaysBySms } from "../domain/reach/smsWords";
import { dalilWhatsApp } from "../domain/reach/numbers";
import { claimUpdate, releaseUpdate } from "./processedUpdates";

const xml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const twiml = (message: string | null) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${message ? `<Message>${xml(message)}</Message>` : ""}</Response>`;

/**
 * One verified SMS form in; the TwiML answer out (empty for a retry already handled, or a sender that is no number).
 */
export async function handleSms(deps: BotDeps, form: Record<string, string>): Promise<string> {
  const from = (form.From ?? "").trim();
  const key = `sms:${form.MessageSid ?? form.SmsMessageSid ?? ""}`;
  const scope = `sms:${from}`;
  if (!/^\+\d{8,15}$/.test(from) || key === "sms:" || !(await claimUpdate(deps, scope, key))) return twiml(null);
  try {
    const answer = await numberSaysBySms(deps.services(), from, form.Body ?? "");
    return twiml(translatorFor(answer.lang)(answer.key, { dalil: dalilWhatsApp(deps.env.TWILIO_WHATSAPP_FROM) }));
  } catch (err) {
    await releaseUpdate(deps, scope, key);
    throw err;
  }
}
