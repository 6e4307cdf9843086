// What a typed message is to the engine, before any flow reads it: one pure function over the chat's state, its
// precedence as one table. The engine (engine.ts `text`) walks the same order:
//   1. nothing typed                              → the hint and the menu                      (this table)
//   2. commands and quoted replies                → each flow's `first` (stop, help, menu, link; a quoted chat message)
//   3. a number from the menu it answers          → that choice                                (this table)
//   4. a choice's own words                       → that choice                                (this table)
//   5. "I want to book" with nothing to book      → the search's question                      (this table)
//   6. the open conversation                      → each flow's `typing` (the chat bridge)
//   7. a command inside a form                    → cancel, my bookings, language, menu, help
//   8. the form's step                            → the step's `read` (the reader, `understand`, at idle)
//   9. anything else                              → the hint, and the question again
// Rows 2 and 6–8 belong to flows and read the database; the rows here read only the state and the text.
import { kindNamed } from "./choiceSynonyms";
import { choiceByWords, choiceWord, menuOffering, type ConversationState, type SentAlert } from "./state";

export type TurnReading =
  /** nothing but spaces */
  | { kind: "empty" }
  /**
   * a choice offered earlier: by its number, or by its words; `quoted`: the message quotes the alert that offered it
   */
  | { kind: "choice"; action: string; by: "number" | "words"; quoted: boolean }
  /** "I want to book" («ابي احجز») with no listing offered: what, is asked (the search's question) */
  | { kind: "whatToBook" }
  /** for the flows: the open conversation, a command inside a form, the form's step (row 6 on) */
  | { kind: "flows" };

export interface TurnFacts {
  /** the alert this message quotes, when it quotes one (Turn.quotedAlert) */
  quoted?: SentAlert;
  /** the form's step takes a number as its answer (a number of people, a price): no menu choice by number */
  numberIsAnswer?: boolean;
  /** epoch ms: an alert's numbers reach this far back (NUMBER_REACH_MS) */
  now: number;
}

/** The message with its digits made Western and its ends trimmed, and the number it is, if it is one or two digits. */
export interface TypedText {
  text: string;
  number: number | null;
}

type Row = (state: ConversationState, typed: TypedText, facts: TurnFacts) => TurnReading | undefined;

/** The engine's own rows, in order (rows 1, 3, 4 and 5 above). */
export const TURN_ROWS: readonly { name: string; read: Row }[] = [
  { name: "nothing typed", read: (_state, { text }) => (text ? undefined : { kind: "empty" }) },
  {
    // a number answers the message it quotes, else the bot's last answer, else the newest alert that offered it
    name: "a number from the menu it answers",
    read: (state, { number }, { quoted, numberIsAnswer, now }) => {
      if (number === null || numberIsAnswer) return undefined;
      const menu = quoted?.menu ?? menuOffering(state, number, now)?.menu ?? state.menu;
      return number >= 1 && number <= menu.length
        ? { kind: "choice", action: menu[number - 1]!, by: "number", quoted: Boolean(quoted) }
        : undefined;
    },
  },
  {
    // «احجز» under «١. 📅 احجز»: from the bot's last answer, never from a quoted alert
    name: "a choice's own words",
    read: (state, { text }, { quoted }) => {
      const action = quoted ? undefined : choiceByWords(state, text);
      return action ? { kind: "choice", action, by: "words", quoted: false } : undefined;
    },
  },
  {
    name: "'I want to book' with nothing to book",
    read: (state, { text }, { quoted }) =>
      !quoted && state.step === "idle" && kindNamed(choiceWord(text)) === "b:" ? { kind: "whatToBook" } : undefined,
  },
];

/** What the typed message is, by the first row that answers; else it is the flows' to read. */
export function readTurn(state: ConversationState, typed: TypedText, facts: TurnFacts): TurnReading {
  for (const row of TURN_ROWS) {
    const reading = row.read(state, typed, facts);
    if (reading) return reading;
  }
  return { kind: "flows" };
}
