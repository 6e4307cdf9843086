import { tokenize } from "../text/normalize";

/**
 * The connectives a search's match query drops ("electrician in Erbil", «كهربائي في أربيل»; domain/search/matchQuery.ts):
 * fewer than FILLER (fillerWords.ts), which the ranking and the bot's reader drop, since a listing's words are matched here.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  ["in", "near", "and", "the", "a", "an", "of", "at", "for", "في", "قرب", "قريب", "من", "و", "الى", "إلى", "على", "لە", "نزیک", "بۆ"].flatMap((w) => tokenize(w)),
);
