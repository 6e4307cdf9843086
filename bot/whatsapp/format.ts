import type { Reply } from "../engine/types";
import { formatNumber } from "../../domain/text/numbers";

/** Twilio refuses WhatsApp bodies over 1,600 characters. */
export const MAX_BODY = 1600;

/**
 * An engine reply as one WhatsApp text: choices become numbered lines (a reply "2" picks the second
 * choice, numbered as the engine flattened them), web links follow as plain URLs. Plain text has none
 * of WhatsApp's interactive limits (3 buttons, 10 list rows) and works inside and outside Twilio's
 * Content API.
 */
export function toWhatsAppBody(reply: Reply, replyWithNumber: string, lang: "en" | "ar" | "ku" = "en"): string {
  const parts = [reply.text];
  const options = (reply.buttons ?? []).flat();
  const unlisted = options.map((b, i) => ({ b, n: i + 1 })).filter(({ b }) => !b.listed);
  if (options.length) {
    // numbered in the reader's digits (ADR 013); "2" and «٢» both pick the second choice
    parts.push("", `${replyWithNumber}`, ...unlisted.map(({ b, n }) => `${formatNumber(n, lang)}. ${b.label}`));
  }
  for (const l of reply.links ?? []) if (/^https?:\/\//.test(l.url)) parts.push(`${l.label}: ${l.url}`);
  const body = parts.join("\n");
  return body.length > MAX_BODY ? `${body.slice(0, MAX_BODY - 1)}…` : body;
}

/** WhatsApp's limits on interactive choices: quick-reply titles (≤ 3 in a session), list rows (≤ 10). */
export const QUICK_REPLY_MAX = 3;
export const QUICK_TITLE_CHARS = 20;
export const LIST_MAX = 10;
export const LIST_ITEM_CHARS = 24;
export const CONTENT_BODY_CHARS = 1024;

/** The content templates Dalil uses for choices: every text is a variable, so one template serves every language. */
export type ChoiceTemplate = `QUICK_${1 | 2 | 3}` | `LIST_${4 | 5 | 6 | 7 | 8 | 9 | 10}`;

/**
 * An engine reply as WhatsApp's own controls: up to 3 choices as quick-reply buttons, 4 to 10 as a list, through
 * Twilio's Content API with the template for that many choices (`contentSids`); null when it can't be (no SID
 * configured, a label too long for the control, a request for a location or contact), and the numbered text is sent
 * instead. The template's variables: {{1}} the text, then title and id of each choice (a list also has its button's
 * label as {{2}}).
 */
export function toWhatsAppChoices(
  reply: Reply,
  contentSids: Partial<Record<ChoiceTemplate, string>>,
  listButton: string,
): { contentSid: string; variables: Record<string, string> } | null {
  const options = (reply.buttons ?? []).flat();
  if (!options.length || options.length > LIST_MAX || reply.ask) return null;
  const links = (reply.links ?? []).filter((l) => /^https?:\/\//.test(l.url)).map((l) => `${l.label}: ${l.url}`);
  const body = [reply.text, ...(links.length ? ["", ...links] : [])].join("\n");
  if (body.length > CONTENT_BODY_CHARS) return null;
  const quick = options.length <= QUICK_REPLY_MAX;
  const name = (quick ? `QUICK_${options.length}` : `LIST_${options.length}`) as ChoiceTemplate;
  const sid = contentSids[name];
  const limit = quick ? QUICK_TITLE_CHARS : LIST_ITEM_CHARS;
  if (!sid || options.some((o) => [...o.label].length > limit || o.action.length > 200)) return null;
  const variables: Record<string, string> = { 1: body };
  let n = 2;
  if (!quick) variables[n++] = listButton;
  for (const o of options) {
    variables[n++] = o.label;
    variables[n++] = o.action;
  }
  return { contentSid: sid, variables };
}
