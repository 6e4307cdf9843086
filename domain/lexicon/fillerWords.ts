/**
 * Words that carry nothing a listing could match, in the three languages as people type them (filler costs nothing).
 * The search drops them from the words it ranks by, and the bot's reader skips them in a message
 * (domain/understand/understand.ts) where no command or trade took the word first («لا» is "no" to the bot).
 */
import { tokenize } from "../text/normalize";
import { LEXICON } from "./phraseIndex";

/** Per language, as people type them. One list for the search and the bot's reader (ADR 053). */
export const FILLER: Readonly<Record<"en" | "ar" | "ku", readonly string[]>> = {
  en: [
    "i", "im", "my", "me", "we", "our", "is", "are", "was", "be", "it", "its", "the", "a", "an", "of", "to", "in", "on", "at", "for", "from", "with",
    "and", "or", "not", "no", "dont", "doesnt", "wont", "isnt", "cant", "please", "pls", "plz", "need", "want", "someone", "somebody", "some", "any", "good",
    "best", "very", "so", "this", "that", "who", "can", "help", "fix", "repair", "get", "got", "have", "has", "there", "here", "near", "one", "up",
    "sorry", "booking", "day", "much", "sir", "next", "coming",
    // how the work is done, as "fix" and "repair" say it: to install, to hang (a trade's own phrase, «تركيب مكيفات», is read first)
    "install", "installing", "hang", "hanging",
    // a change of mind said around a trade ("wait, I want an electrician instead"): the trade is what is asked for
    "wait", "instead", "actually", "rather",
  ],
  // Iraqi Arabic
  ar: [
    "في", "ب", "من", "على", "الى", "إلى", "و", "او", "أو", "ما", "مو", "لا", "اكو", "ماكو", "هذا", "هاي", "هذه", "عندي", "عدنا", "اريد", "أريد", "ابي", "احتاج",
    "واحد", "وحدة", "ممكن", "لو", "سمحت", "رجاء", "رجاءا", "يرجى", "شي", "كلش", "زين", "بس", "حتى", "يصير", "قرب", "قريب", "مال", "مالتي", "مالي",
    "يصلح", "يصلحلي", "حجز", "رقم", "يوم", "حبيبي", "عيني", "اخي", "أخي", "استاذ", "موعد", "الموعد", "اشوف", "شوف",
    "تركيب", "يركب", "يركبلي", "نصب", "ينصب", "تعليق", "يعلق",
    // a change of mind («لا لحظة، اريد كهربائي بدالها»); not «بدل», which is also suits at a tailor's
    "لحظة", "لحظه", "بدالها", "بداله", "بدالهم", "عوضها", "عوضه",
    // the same words in Latin letters, too short for the Arabizi reader's skeletons (arabizi.ts reads the longer ones:
    // «wa7ed», «a7taj», «mumkin»): "abi sabbak bl mansour"
    "abi", "abee", "aby", "areed", "ariid", "ared", "aku", "ako", "maku", "mako", "el", "il", "bl", "bil", "bel", "fi",
    // "someone" («حد»: «ابي حد ينظف»), which the skeleton alone would read as the blacksmith «حداد»
    "7ad", "a7ad", "7ada",
    // "not" («ما», «مو»): "sayyarti ma tishtighil" is an Arabic sentence, so its words may be problem words
    "ma", "mu", "mo",
    // the article written apart ("al sayyara"), as "el" and "il" above
    "al",
    // "this", "working", "broken" in Latin letters: words of the sentence, not places two slips away ("kharbana" is not Karbala)
    "hatha", "hadha", "hathi", "hadhi", "haay", "3amla", "3amil", "3amel", "kharban", "kharbana", "5arban", "5arbana", "khirban", "3atla", "3atlan", "3atil",
  ],
  // Sorani
  ku: [
    "لە", "بۆ", "و", "یان", "ئەم", "ئەو", "من", "تکایە", "کەسێک", "یەک", "هەیە", "نییە", "دەوێت", "دەمەوێت", "پێویستم", "زۆر", "باش", "نزیک",
    "م", "ژمارە", "ڕۆژی", "کاکە", "براکەم", "ببینم", "نیشان", "بدە", "nishan", "bde", "la", "bo",
    "دانان", "هەڵواسین", "هەڵبواسێت",
    // "with" and the need's other persons («داپیرەم پێویستی بە یارمەتییە»): no listing's word (ADR 093)
    "بە", "لەگەڵ", "پێویستی", "پێویستمان", "پێویستییە",
    // a change of mind («نا، لەجیاتی ئەوە کارەباچیم دەوێت»)
    "لەجیاتی", "لەبری", "ئەوە", "نا",
  ],
};

/**
 * The filler words that say work is asked for (to install, hang, fix, repair): a sentence with one of them and a
 * problem word is a request, though it is longer than a chat's problem sentence may be ("install a chandelier in the
 * living room"); "its so hot today…" has none and stays a chat.
 */
export const WORK_VERBS: ReadonlySet<string> = new Set(
  ["install", "installing", "hang", "hanging", "fix", "repair", "تركيب", "يركب", "يركبلي", "نصب", "ينصب", "تعليق", "يعلق", "يصلح", "يصلحلي", "دانان", "هەڵواسین", "هەڵبواسێت",
    // care for a person and moving a house's things are work asked for too (ADR 093)
    "care", "move", "يرعى", "ترعى", "يداري", "تداري", "ينقل", "ننقل", "چاودێری", "بگوازێتەوە"].flatMap((w) => tokenize(w)),
);

/** The filler words, normalised as the index normalises text. */
export const FILLER_WORDS: ReadonlySet<string> = new Set(Object.values(FILLER).flat().flatMap((w) => tokenize(w)));

// the filler's shelf of the lexicon's one index (ADR 057): the bot reads it where no trade or command took the word
LEXICON.register("filler", (["en", "ar", "ku"] as const).flatMap((lang) => FILLER[lang].map((f) => [f, true, lang] as const)));
