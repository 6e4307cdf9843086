/**
 * Other words for a choice than its label, as people type them instead of tapping (data of the lexicon, ADR 053):
 * «احجزلي» or «کات بگرە» for a booking's «📅 کاتگرتن», "message him" for "💬 Message". The bot reads them
 * (bot/engine/choiceSynonyms.ts) as the one offered action of that kind; in en, Iraqi Arabic and Sorani.
 */
export type ChoiceKind = "book" | "message";

export const CHOICE_WORDS: Record<ChoiceKind, readonly string[]> = {
  book: [
    // English
    "book", "book it", "book now", "book him", "book her", "book them", "book please", "i want to book", "make a booking", "reserve", "booking",
    // Iraqi Arabic
    "احجز", "احجزلي", "احجز لي", "احجزه", "احجزها", "احجزلهم", "حجز", "نحجز", "اريد احجز", "أريد أحجز", "ابي احجز", "ابغى احجز", "احجز موعد",
    "احجزلي موعد", "احجز هسه", "سويلي حجز", "سوي حجز", "موعد", "اريد موعد", "خلي احجز", "احجز رجاءا", "احجز بلله",
    // Sorani
    "کات بگرە", "کاتم بۆ بگرە", "کاتێک بگرە", "کاتێکم بۆ بگرە", "کات دەگرم", "دەمەوێت کات بگرم", "کاتی بۆ بگرە", "حجز بکە", "نۆرە بگرە", "kat bgre", "katgirtn",
  ],
  message: [
    "message", "message him", "message her", "send a message", "chat", "chat with him", "text him", "write to him",
    "راسله", "راسلها", "راسلهم", "رسالة", "ارسل رسالة", "دز رسالة", "دزله رسالة", "محادثة", "احجي وياه", "اكتبله", "ابعثله رسالة",
    "نامە", "نامە بنێرە", "نامەی بۆ بنێرە", "چات", "قسەی لەگەڵ بکە", "پەیامی بۆ بنێرە",
  ],
};
