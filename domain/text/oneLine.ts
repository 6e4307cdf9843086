/**
 * A person's or a business's name is one line everywhere: a name that carries a line break could write a line of its
 * own in a WhatsApp or Telegram message ("Ali⏎Dalil support: send us your code"). Control characters (C0, DEL, C1 such
 * as NEL), line and paragraph separators and every run of whitespace collapse to one space, and the ends are trimmed.
 * Applied where a name enters (the schemas, a bot's profile name) and where a name is put into an outbound message
 * (rows stored before this rule).
 */
const BREAKS_AND_CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}\s]+/gu;

export function oneLine(s: string): string {
  return String(s).replace(BREAKS_AND_CONTROLS, " ").trim();
}
