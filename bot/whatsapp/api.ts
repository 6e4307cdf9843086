import type { BotSettings } from "../deps";
import { DeliveryError } from "../../domain/errors";
import { isPermanentStatus, SEND_TIMEOUT_SECONDS } from "../delivery";

/** A text (with a photo: `mediaUrl`, an absolute URL Twilio fetches), or an approved template with its variables. */
export type WhatsAppContent =
  { body: string; mediaUrl?: string } | { contentSid: string; variables: Record<string, string> };

/** The E.164 number behind a Twilio WhatsApp address ("whatsapp:+9647701234567"). */
export const phoneOf = (address: string) => address.replace(/^whatsapp:/, "");

/**
 * One message through Twilio's Messages API (REST, form-encoded, basic auth), against TWILIO_API_BASE:
 * https://api.twilio.com in production, a local stand-in in development and tests.
 */
export async function sendWhatsApp(
  env: BotSettings,
  to: string,
  content: WhatsAppContent,
): Promise<string | undefined> {
  if (!env.TWILIO_WHATSAPP_FROM) throw new DeliveryError("whatsapp: Twilio credentials are not set", true);
  return sendTwilioMessage(env, "whatsapp", `whatsapp:${env.TWILIO_WHATSAPP_FROM}`, `whatsapp:${to}`, content);
}

/** A plain SMS through the same Messages API, from TWILIO_SMS_FROM: the last way a code reaches a phone. */
export async function sendSms(env: BotSettings, to: string, body: string): Promise<void> {
  if (!env.TWILIO_SMS_FROM) throw new DeliveryError("sms: TWILIO_SMS_FROM is not set", true);
  await sendTwilioMessage(env, "sms", env.TWILIO_SMS_FROM, to, { body });
}

/** The message's SID (a reply that quotes it names it as OriginalRepliedMessageSid), when Twilio gave one. */
async function sendTwilioMessage(
  env: BotSettings,
  label: string,
  from: string,
  to: string,
  content: WhatsAppContent,
): Promise<string | undefined> {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token } = env;
  if (!sid || !token) throw new DeliveryError(`${label}: Twilio credentials are not set`, true);
  const form = new URLSearchParams({ From: from, To: to });
  if ("body" in content) {
    if (content.body || !content.mediaUrl) form.set("Body", content.body);
    if (content.mediaUrl) form.set("MediaUrl", content.mediaUrl);
  } else {
    form.set("ContentSid", content.contentSid);
    form.set("ContentVariables", JSON.stringify(content.variables));
  }
  let res: Response;
  try {
    res = await fetch(`${env.TWILIO_API_BASE}/2010-04-01/Accounts/${sid}/Messages.json`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa(`${sid}:${token}`)}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form.toString(),
      signal: AbortSignal.timeout(SEND_TIMEOUT_SECONDS * 1000),
    });
  } catch (err) {
    throw new DeliveryError(`${label}: ${String(err)}`, false);
  }
  if (res.ok) {
    const sent = (await res.json().catch(() => null)) as { sid?: unknown } | null;
    return typeof sent?.sid === "string" ? sent.sid : undefined;
  }
  const text = await res.text().catch(() => "");
  const retryAfter = Number(res.headers.get("Retry-After"));
  throw new DeliveryError(
    `${label} ${res.status}: ${text.slice(0, 300)}`,
    isPermanentStatus(res.status),
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}
