/**
 * The lexicon's room (ADR 053): the words every reader of Dalil shares, as data, in one folder.
 *  - `trades.ts`: the trades with their families (`kindOf`, `parent`) and categories, in en/ar/ku and Latin-script
 *    Kurdish, and what people say instead of the trade (`says`); the search indexes listings by it and the bot reads
 *    it;
 *  - `dictionary.ts`: the display names translation writes
 *    (specialties, places with their other spellings, event words);
 *  - `problemWords.ts`: single words of a described problem that point to a trade;
 *  - `fillerWords.ts`: words that say nothing, one list for the search and the bot;
 *  - `commands.ts`: the bot's commands as people type them, and the whole-message words of the account flow;
 *  - `choiceWords.ts`: other words for a choice than its label («احجزلي» for «📅 احجز»), read by the bot's menus;
 *  - `dayWords.ts`: days and times of day;
 *  - `addressWords.ts`: words that say where («قرب», «شارع», "near", «نزیک»): a trade's word after one is an address;
 *  - `placeWords.ts`: places as people name them: a city's districts (a district is searched with its city),
 *    neighbourhoods the directory does not list (Ankawa is Erbil's), places written without the article («بصرة»);
 *  - `arabizi.ts`: Arabic written in Latin letters («sabbak», «mu7ami») read as the lexicon's Arabic-script words, by
 *    their consonant skeleton (a rule, not a list of spellings);
 *  - `phraseIndex.ts`: the one phrase index all of them are shelves of, compiled once per isolate; the search, the bot,
 *    the flows (dayPhrases.ts) and translation each read it through a view (ADR 057).
 * `lexicon.test.ts` keeps them one lexicon: every seed specialty names one trade, the dictionary's specialties read
 * as one trade each, and no spelling belongs to two entries unless it is marked here.
 */
import { DICTIONARY_INDEX } from "./dictionary";
import { FILLER_WORDS } from "./fillerWords";
import { PROBLEM_VOCAB } from "./problemWords";
import { candidateForms } from "../text/phrases";

export * from "./trades";
export * from "./problemWords";
export * from "./fillerWords";
export { COMMAND_PHRASES, WHOLE_MESSAGE_COMMANDS, type Command, type CommandValue } from "./commands";
export { CHOICE_WORDS, type ChoiceKind } from "./choiceWords";
export { DAY_PHRASES, type DaySlot, type DayWord, type WhenWord } from "./dayWords";
export { LEXICON, type Shelf } from "./phraseIndex";

/**
 * Spellings that belong to two entries on purpose, with the reading that wins. Empty today: a clash found by
 * lexicon.test.ts is either resolved (the word moved to one entry) or listed here with its reason.
 */
export const AMBIGUOUS_SPELLINGS: ReadonlyMap<string, string> = new Map<string, string>([]);

/** The words of the dictionary (specialties, places, events), the problem words and the filler, normalised. */
const WORDS: ReadonlySet<string> = new Set([...DICTIONARY_INDEX.vocab, ...PROBLEM_VOCAB, ...FILLER_WORDS]);

/**
 * Whether a normalised word is one the lexicon holds as it is (with its article or ending, as the phrase index reads
 * it): such a word is never mended into another: «حرارة» (a fever) is not «حراسة» (a guard), «تدريب» (training) is not
 * «تسريب» (a leak). The trades, commands and places the bot reads are checked by its index.
 */
export function isLexiconWord(word: string): boolean {
  return WORDS.has(word) || candidateForms(word, WORDS).some((f) => WORDS.has(f));
}
