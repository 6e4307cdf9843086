import { tokenize } from "../../domain/text/normalize";
import { CHOICE_WORDS, type ChoiceKind } from "../../domain/lexicon/choiceWords";

/**
 * A choice named by another word than its label (the lexicon's CHOICE_WORDS): each word is tied to the kind of action
 * it names (its prefix), and picks it only when the bot's last answer offered exactly one action of that kind, so a
 * word never chooses between two listings. Anything else is read as before.
 */
const PREFIX: Record<ChoiceKind, string> = { book: "b:", message: "cw:" };

const KIND_OF = new Map<string, string>(
  Object.entries(CHOICE_WORDS).flatMap(([kind, forms]) =>
    forms.map((f) => [tokenize(f).join(" "), PREFIX[kind as ChoiceKind]] as const),
  ),
);

/** The kind of action (its prefix) a typed word (as `choiceWord` spells it) names, whatever was offered. */
export const kindNamed = (word: string): string | undefined => KIND_OF.get(word);

/**
 * The one action of the last answer that a typed word (as `choiceWord` spells it) names by another word than its label.
 */
export function choiceBySynonym(menu: readonly string[], word: string): string | undefined {
  const prefix = KIND_OF.get(word);
  if (!prefix) return undefined;
  const offered = menu.filter((a) => a.startsWith(prefix));
  return offered.length === 1 ? offered[0] : undefined;
}
