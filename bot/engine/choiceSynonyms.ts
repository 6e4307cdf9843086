import { tokenize } from "../../domain/text/normalize";

/**
 * Other words for a choice than its label, as people type them instead of tapping: «احجزلي» or «کات بگرە» under
 * «📅 کاتگرتن», "message him" under "💬 Message". Each is tied to the kind of action it names (its prefix), and
 * picks it only when the bot's last answer offered exactly one action of that kind, so a word never chooses
 * between two listings. Anything else is read as before.
 */
const SAID: [prefix: string, forms: string[]][] = [
  [
    "b:",
    [
      // English
      "book", "book it", "book now", "book him", "book her", "book them", "book please", "i want to book", "make a booking", "reserve", "booking",
      // Iraqi Arabic
      "احجز", "احجزلي", "احجز لي", "احجزه", "احجزها", "احجزلهم", "حجز", "نحجز", "اريد احجز", "أريد أحجز", "ابي احجز", "ابغى احجز", "احجز موعد",
      "احجزلي موعد", "احجز هسه", "سويلي حجز", "سوي حجز", "موعد", "اريد موعد", "خلي احجز", "احجز رجاءا", "احجز بلله",
      // Sorani
      "کات بگرە", "کاتم بۆ بگرە", "کاتێک بگرە", "کاتێکم بۆ بگرە", "کات دەگرم", "دەمەوێت کات بگرم", "کاتی بۆ بگرە", "حجز بکە", "نۆرە بگرە", "kat bgre", "katgirtn",
    ],
  ],
  [
    "cw:",
    [
      "message", "message him", "message her", "send a message", "chat", "chat with him", "text him", "write to him",
      "راسله", "راسلها", "راسلهم", "رسالة", "ارسل رسالة", "دز رسالة", "دزله رسالة", "محادثة", "احجي وياه", "اكتبله", "ابعثله رسالة",
      "نامە", "نامە بنێرە", "نامەی بۆ بنێرە", "چات", "قسەی لەگەڵ بکە", "پەیامی بۆ بنێرە",
    ],
  ],
];

const KIND_OF = new Map<string, string>(SAID.flatMap(([prefix, forms]) => forms.map((f) => [tokenize(f).join(" "), prefix] as const)));

/** The kind of action (its prefix) a typed word (as `choiceWord` spells it) names, whatever was offered. */
export const kindNamed = (word: string): string | undefined => KIND_OF.get(word);

/** The one action of the last answer that a typed word (as `choiceWord` spells it) names by another word than its label. */
export function choiceBySynonym(menu: readonly string[], word: string): string | undefined {
  const prefix = KIND_OF.get(word);
  if (!prefix) return undefined;
  const offered = menu.filter((a) => a.startsWith(prefix));
  return offered.length === 1 ? offered[0] : undefined;
}
