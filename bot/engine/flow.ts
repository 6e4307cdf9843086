/**
 * What a conversation flow (bot/flows/) declares: the button actions, understood intents and form steps it
 * owns, and the few moments of a turn it may take part in. The engine builds one routing table from every
 * flow's lists (bot/flows/index.ts) and routes through it; a flow never reads another flow's lists.
 */
import type { Understood } from "../../domain/understand/understand";
import type { Step } from "./state";
import type { Answer, Turn } from "./turn";
import type { BotEvent } from "./types";

/** A typed message as the engine read it: the raw text, trimmed with Western digits, lower-cased, and a bare number. */
export interface Typed {
  raw: string;
  text: string;
  word: string;
  number: number | null;
  /** the chat's first message ever */
  isNew: boolean;
}

type Intent = Understood["intent"];
/**
 * The reader's answer for one intent (a member such as { intent: "acceptBooking" | "declineBooking" } counts for each).
 */
type UnderstoodAs<I extends Intent> = Understood extends infer U
  ? U extends { intent: infer X }
    ? I extends X
      ? U
      : never
    : never
  : never;
export type IntentHandlers = { [I in Intent]?: (turn: Turn, understood: UnderstoodAs<I>, text: string) => Answer };

export interface StepHandler {
  /** reads a typed answer at this step; `false` sends the hint and asks again */
  read?: (turn: Turn, typed: Typed) => Answer;
  /** asks this step's question again (after an answer the bot did not understand) */
  ask?: (turn: Turn) => Answer;
  /** a bare number typed at this step is its answer (a day), not a pick from the menu */
  numberIsAnswer?: true;
  /** a shared location at this step; `false` leaves it to the flow that owns locations */
  location?: (turn: Turn, lat: number, lng: number) => Answer;
  /** a photo at this step; `false` leaves it to the flow that owns photos */
  image?: (turn: Turn, fetchBytes: () => Promise<ArrayBuffer | null>, caption?: string) => Answer;
  /**
   * what the form already holds, in one line ("You were booking Abu Firas."): a question asked at this step (help, my
   * bookings) is answered and the form offered back with it, never dropped
   */
  waiting?: (turn: Turn) => string | undefined;
}

export interface Flow {
  name: string;
  /** button actions by their verb (the part before the first ":"), with the two parts after it */
  actions?: Record<string, (turn: Turn, a: string, b: string) => Answer>;
  /** what an understood message means (bot/understand), answered */
  intents?: IntentHandlers;
  /** the form steps whose answers this flow reads and whose questions it asks */
  steps?: Partial<Record<Step, StepHandler>>;
  /** typed text taken before a number picks from the menu (command words, a reply quoting a message) */
  first?: (turn: Turn, typed: Typed) => Answer;
  /** a number that picks `action` from the menu, taken here instead (asked back when it is ambiguous) */
  pick?: (turn: Turn, action: string, quoted: boolean) => Answer;
  /** typed text taken after the menu's numbers and before the steps (writing in an open conversation) */
  typing?: (turn: Turn, typed: Typed) => Answer;
  /** the main menu for this person, when it is this flow's (`false`: someone else's) */
  menu?: (turn: Turn, welcome: boolean) => Answer;
  /** events other than text and buttons */
  start?: (turn: Turn, payload: string | undefined, isNew: boolean) => Answer;
  location?: (turn: Turn, lat: number, lng: number) => Answer;
  contact?: (turn: Turn, phone: string, own: boolean) => Answer;
  image?: (turn: Turn, fetchBytes: () => Promise<ArrayBuffer | null>, caption?: string) => Answer;
  /** a voice note: `false` leaves it to the engine, which says what the bot can take instead */
  voice?: (turn: Turn, event: Extract<BotEvent, { kind: "voice" }>) => Answer;
}
