import type { Reply } from "../engine/types";

/** Twilio refuses WhatsApp bodies over 1,600 characters. */
export const MAX_BODY = 1600;

/**
 * An engine reply as one WhatsApp text: choices become numbered lines (a reply "2" picks the second
 * choice, numbered as the engine flattened them), web links follow as plain URLs. Plain text has none
 * of WhatsApp's interactive limits (3 buttons, 10 list rows) and works inside and outside Twilio's
 * Content API.
 */
export function toWhatsAppBody(reply: Reply, replyWithNumber: string): string {
  const parts = [reply.text];
  const options = (reply.buttons ?? []).flat();
  const unlisted = options.map((b, i) => ({ b, n: i + 1 })).filter(({ b }) => !b.listed);
  if (options.length) {
    parts.push("", `${replyWithNumber}`, ...unlisted.map(({ b, n }) => `${n}. ${b.label}`));
  }
  for (const l of reply.links ?? []) if (/^https?:\/\//.test(l.url)) parts.push(`${l.label}: ${l.url}`);
  const body = parts.join("\n");
  return body.length > MAX_BODY ? `${body.slice(0, MAX_BODY - 1)}…` : body;
}
