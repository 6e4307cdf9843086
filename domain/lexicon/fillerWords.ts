/**
 * Words that carry nothing a listing could match, in the three languages as people type them (issue #37 item 2: filler
 * costs nothing). The search drops them from the words it ranks by; the bot's reader keeps its own list of words to
 * skip in a message (domain/understand/understand.ts), which these extend with the small words of a described problem.
 */
import { tokenize } from "../text/normalize";

const WORDS = [
  // English
  "i", "im", "my", "me", "we", "our", "is", "are", "was", "be", "it", "its", "the", "a", "an", "of", "to", "in", "on", "at", "for", "from", "with",
  "and", "or", "not", "no", "dont", "doesnt", "wont", "isnt", "cant", "please", "pls", "need", "want", "someone", "somebody", "some", "any", "good",
  "best", "very", "so", "this", "that", "who", "can", "help", "fix", "get", "got", "have", "has", "there", "here", "near", "one", "up",
  // Iraqi Arabic
  "في", "من", "على", "الى", "إلى", "و", "او", "أو", "ما", "مو", "لا", "اكو", "ماكو", "هذا", "هاي", "هذه", "عندي", "عدنا", "اريد", "أريد", "ابي", "احتاج",
  "واحد", "وحدة", "ممكن", "لو", "سمحت", "رجاء", "شي", "كلش", "زين", "بس", "حتى", "يصير", "قرب", "قريب", "مال", "مالتي", "مالي",
  // Sorani
  "لە", "بۆ", "و", "یان", "ئەم", "ئەو", "من", "تکایە", "کەسێک", "یەک", "هەیە", "نییە", "دەوێت", "دەمەوێت", "پێویستم", "زۆر", "باش", "نزیک",
];

/** The filler words, normalised as the index normalises text. */
export const FILLER_WORDS: ReadonlySet<string> = new Set(WORDS.flatMap((w) => tokenize(w)));
