// The engine's precedence, one row at a time, and the order between rows.
import { describe, expect, it } from "vitest";
import { readTurn, TURN_ROWS, type TurnFacts } from "./readTurn";
import { freshState, NUMBER_REACH_MS, type ConversationState } from "./state";
import { CHOICE_WORDS } from "../../domain/lexicon/choiceWords";

const NOW = Date.UTC(2026, 10, 27, 20, 0);
const typed = (text: string) => ({ text, number: /^\d{1,2}$/.test(text) ? Number(text) : null });
const state = (over: Partial<ConversationState> = {}): ConversationState => ({ ...freshState(NOW), ...over });
const facts = (over: Partial<TurnFacts> = {}): TurnFacts => ({ now: NOW, ...over });
/** the bot's last answer: «١. 📅 احجز», «٢. 💬 راسله» */
const answered = state({ menu: ["b:7", "cw:7"], menuWords: ["احجز", "راسله"] });

describe("readTurn: what a typed message is to the engine, by the first row that answers", () => {
  it("the table lists the engine's rows in their order", () => {
    expect(TURN_ROWS.map((r) => r.name)).toEqual([
      "nothing typed",
      "a number from the menu it answers",
      "a choice's own words",
      "'I want to book' with nothing to book",
    ]);
  });

  it("row 1: nothing typed is empty, whatever the menu", () => {
    expect(readTurn(answered, typed(""), facts())).toEqual({ kind: "empty" });
  });

  it("row 3: a number picks from the bot's last answer; out of range, it is the flows'", () => {
    expect(readTurn(answered, typed("2"), facts())).toEqual({
      kind: "choice",
      action: "cw:7",
      by: "number",
      quoted: false,
    });
    expect(readTurn(answered, typed("3"), facts())).toEqual({ kind: "flows" });
    expect(readTurn(answered, typed("0"), facts())).toEqual({ kind: "flows" });
  });

  it(
    "row 3: a quoted alert's menu wins over the last answer; else the newest alert within reach that offered the " +
      "number",
    () => {
      const quoted = { mid: "m1", menu: ["a:1", "d:1"], at: NOW - 1000 };
      expect(readTurn(answered, typed("1"), facts({ quoted }))).toEqual({
        kind: "choice",
        action: "a:1",
        by: "number",
        quoted: true,
      });
      const withAlert = state({ menu: ["b:7"], alerts: [{ mid: "m2", menu: ["x:1", "x:2", "x:3"], at: NOW - 1000 }] });
      expect(readTurn(withAlert, typed("3"), facts())).toMatchObject({ kind: "choice", action: "x:3" });
      const tooOld = state({
        menu: ["b:7"],
        alerts: [{ mid: "m2", menu: ["x:1", "x:2", "x:3"], at: NOW - NUMBER_REACH_MS - 1 }],
      });
      expect(readTurn(tooOld, typed("3"), facts())).toEqual({ kind: "flows" });
    },
  );

  it(
    "row 3: a number beyond the last answer's choices means what it meant in the answer before, for one turn " +
      "(ADR 083)",
    () => {
      // «٤» for line 4 of a listing's desk after accepting: the new answer has two lines
      const changed = state({
        menu: ["mb", "m"],
        menuBefore: ["booking:accept:9", "booking:decline:9", "lmv:9", "cl:3", "s", "L"],
      });
      expect(readTurn(changed, typed("4"), facts())).toEqual({
        kind: "choice",
        action: "cl:3",
        by: "number",
        quoted: false,
      });
      // a number the last answer offers is that answer's
      expect(readTurn(changed, typed("2"), facts())).toMatchObject({ action: "m" });
      expect(readTurn(changed, typed("7"), facts())).toEqual({ kind: "flows" });
    },
  );

  it("row 3: a step that takes a number as its answer gets the number", () => {
    expect(readTurn(answered, typed("2"), facts({ numberIsAnswer: true }))).toEqual({ kind: "flows" });
  });

  it("row 4: a choice's own words, from the bot's last answer only, never under a quoted alert", () => {
    expect(readTurn(answered, typed("راسله"), facts())).toEqual({
      kind: "choice",
      action: "cw:7",
      by: "words",
      quoted: false,
    });
    expect(readTurn(answered, typed("راسله"), facts({ quoted: { mid: "m1", menu: ["a:1"], at: NOW } }))).toEqual({
      kind: "flows",
    });
  });

  it("row 5: 'I want to book' with nothing to book asks what; with a listing offered it books that one (row 4)", () => {
    expect(readTurn(state(), typed("ابي احجز"), facts())).toEqual({ kind: "whatToBook" });
    expect(readTurn(answered, typed("ابي احجز"), facts())).toEqual({
      kind: "choice",
      action: "b:7",
      by: "words",
      quoted: false,
    });
    // inside a form, or under a quoted alert, it is the flows' to read
    expect(readTurn(state({ step: "bookLocation" }), typed("ابي احجز"), facts())).toEqual({ kind: "flows" });
    expect(readTurn(state(), typed("ابي احجز"), facts({ quoted: { mid: "m1", menu: ["a:1"], at: NOW } }))).toEqual({
      kind: "flows",
    });
  });

  it(
    "row 4: each of the lexicon's other words for booking and for a message picks the one such choice offered, " +
      "in every language",
    () => {
      // the labels are other words, so only the lexicon's CHOICE_WORDS can pick
      const offered = state({ menu: ["p:3", "b:7", "cw:7"], menuWords: ["ali", "📅", "💬"] });
      for (const [kind, action] of [
        ["book", "b:7"],
        ["message", "cw:7"],
      ] as const) {
        for (const word of CHOICE_WORDS[kind]) {
          expect(readTurn(offered, typed(word), facts()), word).toEqual({
            kind: "choice",
            action,
            by: "words",
            quoted: false,
          });
        }
      }
      expect(CHOICE_WORDS.book).toEqual(expect.arrayContaining(["book", "احجزلي", "کات بگرە"]));
    },
  );

  it("anything else is the flows' (the open conversation, a command in a form, the form's step, the reader)", () => {
    expect(readTurn(answered, typed("I need an electrician in Karrada tomorrow"), facts())).toEqual({ kind: "flows" });
  });
});
